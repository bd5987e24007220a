import { Box, Button, CloseButton, HStack, Input, Wrap } from '@chakra-ui/react'
import { useId, useState } from 'react'

interface TagInputProps {
  /** The field's name, for the input and the list ("Subjects"). */
  label: string
  value: string[]
  onChange: (next: string[]) => void
  placeholder?: string
  maxItems: number
  maxLength: number
  invalid?: boolean
  /** The id of the text that describes the field (its helper or error), for the input. */
  describedBy?: string
}

/**
 * A list of short texts: type one and press Enter (or comma, or 'Add'); each shows as a tag with a
 * remove button. Blank entries and case-insensitive duplicates are not added, as the server
 * would drop them anyway.
 */
export function TagInput({
  label,
  value,
  onChange,
  placeholder,
  maxItems,
  maxLength,
  invalid,
  describedBy,
}: TagInputProps) {
  const [draft, setDraft] = useState('')
  const listId = useId()
  const full = value.length >= maxItems

  const add = () => {
    const text = draft.trim()
    if (!text || full) return
    if (!value.some((v) => v.toLowerCase() === text.toLowerCase())) onChange([...value, text])
    setDraft('')
  }

  return (
    <Box>
      {value.length > 0 && (
        <Wrap as="ul" listStyleType="none" gap="2" mb="2" aria-label={label} id={listId}>
          {value.map((tag) => (
            <HStack
              as="li"
              key={tag}
              gap="1"
              ps="2.5"
              pe="0.5"
              py="0.5"
              borderRadius="full"
              bg="blue.50"
              color="blue.900"
              fontSize="sm"
              maxW="full"
            >
              <Box as="span" overflowWrap="anywhere">
                {tag}
              </Box>
              <CloseButton
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(value.filter((v) => v !== tag))}
              />
            </HStack>
          ))}
        </Wrap>
      )}
      <HStack gap="2">
        <Input
          value={draft}
          maxLength={maxLength}
          placeholder={full ? `At most ${maxItems}` : placeholder}
          disabled={full}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault()
              add()
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || draft.trim() === ''}>
          Add
        </Button>
      </HStack>
    </Box>
  )
}
