import { Box, chakra, HStack } from '@chakra-ui/react'
import { useId } from 'react'
import { useVocabulary } from '../api/get-vocabulary'
import type { Facet, Term } from '../api/types'

export interface TermRadiosProps {
  /** The group's legend ('How should classes happen?'). */
  legend: string
  facet: Facet
  value: string
  onChange: (id: string) => void
  /** Shown until the vocabulary arrives (and if it cannot): the modes' ids and labels. */
  fallback?: Term[]
  name?: string
}

/** One choice of a short vocabulary list (the teaching modes) as native radio buttons in a fieldset. */
export function TermRadios({ legend, facet, value, onChange, fallback = [], name }: TermRadiosProps) {
  const vocabulary = useVocabulary()
  const ownName = useId()
  const terms = vocabulary.data?.[facet] ?? fallback
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
        {legend}
      </Box>
      <HStack gap="2" wrap="wrap">
        {terms.map((term) => (
          <chakra.label
            key={term.id}
            display="flex"
            alignItems="center"
            gap="2"
            px="3"
            minH="10"
            borderWidth="1px"
            borderRadius="md"
            cursor="pointer"
            borderColor={value === term.id ? 'blue.600' : 'border'}
            bg={value === term.id ? 'blue.50' : undefined}
            _focusWithin={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
          >
            <input
              type="radio"
              name={name ?? ownName}
              value={term.id}
              checked={value === term.id}
              onChange={() => onChange(term.id)}
            />
            {term.label}
          </chakra.label>
        ))}
      </HStack>
    </Box>
  )
}
