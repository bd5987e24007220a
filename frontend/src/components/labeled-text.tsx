import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** One line of "Label: value", the label muted (a request's class, preferred time, …). */
export function LabeledText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  )
}
