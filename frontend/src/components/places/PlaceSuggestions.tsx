import { Box, Spinner, Text } from '@chakra-ui/react'
import { MapPin } from 'lucide-react'
import type { PlaceValue } from './types'

interface PlaceSuggestionsProps {
  listId: string
  label: string
  open: boolean
  options: PlaceValue[]
  /** The highlighted option's index, or -1. */
  active: number
  status: string
  failed: boolean
  /** The answer is for the text as typed now. */
  settled: boolean
  onHover: (index: number) => void
  onPick: (place: PlaceValue) => void
}

/** The combobox's list of places under the input; without places, what the search says instead. */
export function PlaceSuggestions({
  listId,
  label,
  open,
  options,
  active,
  status,
  failed,
  settled,
  onHover,
  onPick,
}: PlaceSuggestionsProps) {
  return (
    <Box
      position="absolute"
      top="100%"
      insetX="0"
      mt="1"
      zIndex="dropdown"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      boxShadow="md"
      maxH="72"
      overflowY="auto"
      hidden={!open}
    >
      <Box as="ul" role="listbox" id={listId} aria-label={label} listStyleType="none" m="0" p="1">
        {options.map((place, index) => (
          <Box
            as="li"
            key={`${place.name}|${place.pincode}|${place.location.join(',')}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            display="flex"
            alignItems="center"
            gap="2"
            px="3"
            py="2.5"
            minH="11"
            borderRadius="sm"
            cursor="pointer"
            bg={index === active ? 'blue.50' : undefined}
            color={index === active ? 'blue.900' : undefined}
            _hover={{ bg: 'bg.muted' }}
            // Keeps the focus in the input so the click lands on the option.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(place)}
          >
            <MapPin aria-hidden size={16} style={{ flexShrink: 0 }} />
            <Text as="span" overflowWrap="anywhere">
              {place.label}
            </Text>
          </Box>
        ))}
      </Box>
      {options.length === 0 && (
        <Text px="3" py="2" fontSize="sm" color={failed ? 'fg.error' : 'fg.muted'} display="flex" gap="2">
          {!failed && !settled && <Spinner size="xs" aria-hidden />}
          {status}
        </Text>
      )}
    </Box>
  )
}
