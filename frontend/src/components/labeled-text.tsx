import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'

/** One line of "Label: value", the label muted (a request's class, preferred time, …). */
export function LabeledText({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('shared')
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {t('shared:ui.labeled', { label })}
      </Text>{' '}
      {children}
    </Text>
  )
}
