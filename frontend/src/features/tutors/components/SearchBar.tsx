import { Box, Button, Flex } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { PlaceSearch, type PlaceValue } from '@/components/places/PlaceSearch'
import { placeLngLat } from '@/components/places/types'
import { TermSelect } from '@/features/vocabulary'
import type { SearchState } from '../lib/search-params'

/** The place as the URL gives it: a chosen place (with its point), or text to look up. */
export function placeFromUrl(
  state: SearchState,
  resolved: PlaceValue | null | undefined,
  pointName: string,
): PlaceValue | null {
  if (state.location) {
    return { name: pointName, district: '', state: '', pincode: '', location: state.location, label: pointName }
  }
  return resolved ?? null
}

export function SearchBar({
  state,
  place: initialPlace,
  onSearch,
}: {
  state: SearchState
  place: PlaceValue | null
  onSearch: (draft: Pick<SearchState, 'subject' | 'place' | 'location'>) => void
}) {
  const [subject, setSubject] = useState(state.subject)
  const [place, setPlace] = useState(initialPlace)
  const search = (chosen: PlaceValue | null) =>
    onSearch({
      subject,
      place: chosen?.label ?? '',
      location: chosen ? placeLngLat(chosen) : null,
    })
  return (
    <Box
      as="form"
      role="search"
      aria-label="Search tutors"
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        search(place)
      }}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
        <Box flex="1">
          <TermSelect
            label="Subject"
            facet="subjects"
            value={subject}
            onChange={setSubject}
            placeholder="Any subject"
          />
        </Box>
        <Box flex="1.4">
          <PlaceSearch
            label="Place"
            value={place}
            placeholder="Lajpat Nagar or 110024"
            helperText="A locality, a city or a 6-digit PIN code"
            onChange={(chosen) => {
              setPlace(chosen)
              // Choosing a place is the search: no second step on a phone.
              if (chosen) search(chosen)
            }}
          />
        </Box>
        <Button type="submit" colorPalette="blue" mt={{ md: '7' }}>
          <Search aria-hidden /> Search
        </Button>
      </Flex>
    </Box>
  )
}
