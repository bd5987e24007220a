import { Button, Flex } from '@chakra-ui/react'

interface ChoiceButtonsProps<T extends string | number> {
  /** The group's name, read before its buttons. */
  label: string
  options: readonly { value: T; text: string }[]
  value: T | null
  onChange: (value: T) => void
}

/** A row of toggle buttons of which one is chosen (days, lengths): each says whether it is pressed. */
export function ChoiceButtons<T extends string | number>({ label, options, value, onChange }: ChoiceButtonsProps<T>) {
  return (
    <Flex wrap="wrap" role="group" aria-label={label} gap="2">
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.text}
        </Button>
      ))}
    </Flex>
  )
}
