import { Box, Button, chakra, CloseButton, Flex, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useId, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useVocabulary } from '../api/get-vocabulary'
import type { Facet } from '../api/types'
import { findTerm, termLabel } from '../lib/term-label'

export interface TermChipsProps {
  /** The list's name ('Subjects'): the chips' list and the pickers are named after it. */
  label: string
  facet: Facet
  /** Vocabulary ids, and free text for what the vocabulary does not have (sent as is; the server keeps it as other). */
  value: string[]
  onChange: (next: string[]) => void
  /** 'select' (default): a select that adds the chosen term, for long lists; 'checkboxes': one per term, for short ones. */
  picker?: 'select' | 'checkboxes'
  /** Offers a text input for an entry the vocabulary does not have. */
  allowFreeText?: boolean
  freeTextPlaceholder?: string
  maxItems?: number
  maxLength?: number
  invalid?: boolean
  /** The id of the text that describes the field (its helper or error). */
  describedBy?: string
}

/**
 * Several terms of one vocabulary list as removable chips: picked from the list (a select, or
 * checkboxes for a short list) and, where allowed, typed as free text (mapped onto a term when it
 * names one, so 'maths' becomes Mathematics).
 */
export function TermChips({
  label,
  facet,
  value,
  onChange,
  picker = 'select',
  allowFreeText,
  freeTextPlaceholder,
  maxItems = 20,
  maxLength = 100,
  invalid,
  describedBy,
}: TermChipsProps) {
  const { t } = useTranslation('shared')
  const vocabulary = useVocabulary()
  const terms = vocabulary.data?.[facet] ?? []
  const [draft, setDraft] = useState('')
  const groupName = useId()
  const full = value.length >= maxItems
  const noun = label.toLowerCase()

  const has = (entry: string) => value.some((v) => v.toLowerCase() === entry.toLowerCase())
  const add = (entry: string) => {
    if (!entry || full || has(entry)) return
    onChange([...value, entry])
  }
  const remove = (entry: string) => onChange(value.filter((v) => v !== entry))
  const addDraft = () => {
    const text = draft.trim()
    if (!text) return
    add(findTerm(vocabulary.data, facet, text)?.id ?? text)
    setDraft('')
  }
  const labelOf = (entry: string) => termLabel(vocabulary.data, facet, entry)

  if (picker === 'checkboxes') {
    return (
      <HStack gap="2" wrap="wrap" role="group" aria-label={label} aria-describedby={describedBy}>
        {terms.map((term) => {
          const checked = value.includes(term.id)
          return (
            <chakra.label
              key={term.id}
              display="flex"
              alignItems="center"
              gap="2"
              px="3"
              minH="10"
              borderWidth="1px"
              borderRadius="full"
              cursor="pointer"
              borderColor={checked ? 'blue.600' : 'border'}
              bg={checked ? 'blue.50' : undefined}
              _focusWithin={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
            >
              <input
                type="checkbox"
                name={groupName}
                checked={checked}
                onChange={() => (checked ? remove(term.id) : add(term.id))}
              />
              {term.label}
            </chakra.label>
          )
        })}
      </HStack>
    )
  }

  const left = terms.filter((term) => !value.includes(term.id))
  return (
    <Stack gap="2">
      {value.length > 0 && (
        <Flex wrap="wrap" as="ul" listStyleType="none" gap="2" aria-label={label}>
          {value.map((entry) => (
            <HStack
              as="li"
              key={entry}
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
                {labelOf(entry)}
              </Box>
              <CloseButton
                size="2xs"
                variant="ghost"
                aria-label={t('shared:vocabulary.chips.remove', { term: labelOf(entry) })}
                onClick={() => remove(entry)}
              />
            </HStack>
          ))}
        </Flex>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'center' }}>
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW={{ sm: 'xs' }} disabled={full || vocabulary.isPending}>
          <NativeSelect.Field
            aria-label={t('shared:vocabulary.chips.addTo', { list: noun })}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value=""
            onChange={(e) => add(e.target.value)}
          >
            <option value="">
              {full
                ? t('shared:vocabulary.chips.atMost', { max: maxItems })
                : vocabulary.isPending
                  ? t('shared:vocabulary.loading')
                  : t('shared:vocabulary.chips.addFromList')}
            </option>
            {left.map((term) => (
              <option key={term.id} value={term.id}>
                {term.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {allowFreeText && (
          <HStack gap="2" flex="1">
            <Input
              aria-label={t('shared:vocabulary.chips.other', { list: noun })}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={draft}
              maxLength={maxLength}
              placeholder={freeTextPlaceholder ?? t('shared:vocabulary.chips.otherPlaceholder')}
              disabled={full}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ',') {
                  e.preventDefault()
                  addDraft()
                }
              }}
            />
            <Button type="button" variant="outline" onClick={addDraft} disabled={full || draft.trim() === ''}>
              {t('shared:vocabulary.chips.add')}
            </Button>
          </HStack>
        )}
      </Stack>
    </Stack>
  )
}
