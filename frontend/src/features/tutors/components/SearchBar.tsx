import { Box, Button, Flex } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { PlaceSearch, type PlaceValue } from '@/components/places/PlaceSearch'
import { placeLngLat } from '@/components/places/types'
import { TermSelect } from '@/features/vocabulary'
import { useTranslation } from '@/lib/i18n'
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
  const { t } = useTranslation('tutors')
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
      aria-label={t('tutors:bar.label')}
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        search(place)
      }}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
        <Box flex="1">
          <TermSelect
            label={t('tutors:bar.subject')}
            facet="subjects"
            value={subject}
            onChange={setSubject}
            placeholder={t('tutors:bar.anySubject')}
          />
        </Box>
        <Box flex="1.4">
          <PlaceSearch
            label={t('tutors:bar.place')}
            value={place}
            placeholder={t('tutors:bar.placePlaceholder')}
            helperText={t('tutors:bar.placeHelp')}
            onChange={(chosen) => {
              setPlace(chosen)
              // Choosing a place is the search: no second step on a phone.
              if (chosen) search(chosen)
            }}
          />
        </Box>
        <Button type="submit" colorPalette="blue" mt={{ md: '7' }}>
          <Search aria-hidden /> {t('tutors:bar.search')}
        </Button>
      </Flex>
    </Box>
  )
}
