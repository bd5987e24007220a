import {
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Link,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { Search } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { MapView } from '@/components/map/MapView'
import type { MapMarker } from '@/components/map/types'
import { Page } from '@/components/page'
import { PLACES_FAILED, useNearestPlace } from '@/components/places/api'
import { PlaceSearch, type PlaceValue } from '@/components/places/PlaceSearch'
import { placeLngLat } from '@/components/places/types'
import { TutorCard } from '@/components/tutor-card/TutorCard'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import type { TutorCard as TutorCardData } from '@/api/discovery-types'
import { TermSelect, useVocabulary } from '@/features/vocabulary'
import { useResolvedPlace } from '../api/resolve-place'
import { SEARCH_TUTORS_FAILED, useSearchTutors } from '../api/search-tutors'
import {
  FEE_CHOICES,
  RADIUS_CHOICES,
  RATING_CHOICES,
  readSearch,
  toQuery,
  writeSearch,
  type SearchState,
} from '../lib/search-params'

function Select({
  value,
  onChange,
  children,
}: {
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** The place as the URL gives it: a chosen place (with its point), or text to look up. */
function placeFromUrl(
  state: SearchState,
  resolved: PlaceValue | null | undefined,
  pointName: string,
): PlaceValue | null {
  if (state.location) {
    return { name: pointName, district: '', state: '', pincode: '', location: state.location, label: pointName }
  }
  return resolved ?? null
}

function SearchBar({
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
      onSubmit={(e: React.FormEvent) => {
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

/** One end of the fee range: offers only the fees the other end leaves possible. */
function FeeSelect({
  label,
  value,
  onChange,
  allows,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  allows: (fee: number) => boolean
}) {
  return (
    <FormField label={label}>
      <Select value={value} onChange={onChange}>
        <option value="">Any fee</option>
        {FEE_CHOICES.filter(allows).map((fee) => (
          <option key={fee} value={String(fee)}>
            ₹{fee.toLocaleString('en-IN')}/hour
          </option>
        ))}
      </Select>
    </FormField>
  )
}

function Filters({ state, onChange }: { state: SearchState; onChange: (changes: Partial<SearchState>) => void }) {
  const verifiedId = useId()
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border" borderRadius="lg" p="4" bg="bg">
      <Text as="legend" fontWeight="semibold" px="1">
        Filters
      </Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
        <TermSelect
          label="Class"
          facet="classes"
          value={state.classLevel}
          onChange={(classLevel) => onChange({ classLevel })}
          placeholder="Any class"
        />
        <TermSelect
          label="Board"
          facet="boards"
          value={state.board}
          onChange={(board) => onChange({ board })}
          placeholder="Any board"
        />
        <TermSelect
          label="Mode"
          facet="modes"
          value={state.mode}
          onChange={(mode) => onChange({ mode })}
          placeholder="At home or online"
        />
        <FeeSelect
          label="Fee from"
          value={state.minFee}
          onChange={(minFee) => onChange({ minFee })}
          allows={(fee) => !state.maxFee || fee <= Number(state.maxFee)}
        />
        <FeeSelect
          label="Fee up to"
          value={state.maxFee}
          onChange={(maxFee) => onChange({ maxFee })}
          allows={(fee) => !state.minFee || fee >= Number(state.minFee)}
        />
        <FormField label="Minimum rating">
          <Select value={state.minRating} onChange={(minRating) => onChange({ minRating })}>
            <option value="">Any rating</option>
            {RATING_CHOICES.map((r) => (
              <option key={r} value={String(r)}>
                {r}★ and up
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Distance">
          <Select value={String(state.radiusKm)} onChange={(r) => onChange({ radiusKm: Number(r) })}>
            {RADIUS_CHOICES.map((r) => (
              <option key={r} value={String(r)}>
                Within {r} km
              </option>
            ))}
          </Select>
        </FormField>
      </SimpleGrid>
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        mt="3"
        checked={state.verified}
        onCheckedChange={(e) => onChange({ verified: e.checked === true })}
        ids={{ hiddenInput: verifiedId }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Verified tutors only</Checkbox.Label>
      </Checkbox.Root>
    </Box>
  )
}

function hasFilters(state: SearchState): boolean {
  return Boolean(
    state.classLevel || state.board || state.mode || state.minFee || state.maxFee || state.minRating || state.verified,
  )
}

/** No tutor matched: what to try next. */
function EmptyState({ state, onChange }: { state: SearchState; onChange: (changes: Partial<SearchState>) => void }) {
  const wider = RADIUS_CHOICES.find((r) => r > state.radiusKm)
  return (
    <Box textAlign="center" py="8" px="4" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="lg">
      <Heading as="h2" size="lg" mb="2">
        No tutors found
      </Heading>
      <Text color="fg.muted" mb="4">
        No tutor's teaching area covers this place with these filters yet. You could:
      </Text>
      <Stack gap="2" align="center">
        {wider && (
          <Button variant="outline" size="sm" onClick={() => onChange({ radiusKm: wider })}>
            Search within {wider} km
          </Button>
        )}
        {hasFilters(state) && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              onChange({
                classLevel: '',
                board: '',
                mode: '',
                minFee: '',
                maxFee: '',
                minRating: '',
                verified: false,
              })
            }
          >
            Clear the filters
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted">
          Try a nearby locality, or{' '}
          <Link asChild color="blue.700" textDecoration="underline">
            <RouterLink to="/request/new">post a tuition request</RouterLink>
          </Link>{' '}
          so that tutors near you find you.
        </Text>
      </Stack>
    </Box>
  )
}

function Paging({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null
  return (
    <HStack as="nav" aria-label="Pages" justify="center" gap="3" mt="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm" aria-current="page">
        Page {page} of {pages}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  )
}

/**
 * The page's tutors on the map: one numbered badge per locality they teach near (the public point of
 * the place their card names, never a tutor's own), opening a list of links to their profiles.
 */
function tutorMarkers(tutors: TutorCardData[]): MapMarker[] {
  const groups = new Map<string, TutorCardData[]>()
  for (const tutor of tutors) {
    const at = tutor.placeLocation
    if (!at || at.length !== 2) continue
    const key = at.join(',')
    const group = groups.get(key)
    if (group) group.push(tutor)
    else groups.set(key, [tutor])
  }
  return [...groups].map(([key, group]) => {
    const [lng, lat] = group[0]!.placeLocation as [number, number]
    const place = group[0]!.placeName ?? 'near this place'
    const label = group.length === 1 ? `${group[0]!.fullname}, ${place}` : `${group.length} tutors ${place}`
    return {
      id: `tutors-${key}`,
      position: { lat, lng },
      label,
      count: group.length,
      // One link per tutor; a lone tutor's link says whose profile it opens.
      popup: (
        <div>
          <strong>{label}</strong>
          <ul
            style={{
              margin: '4px 0 0',
              paddingLeft: group.length > 1 ? '16px' : 0,
              listStyle: group.length > 1 ? undefined : 'none',
            }}
          >
            {group.map((tutor) => (
              <li key={tutor.id}>
                <RouterLink to={`/tutor/${tutor.id}`}>
                  {group.length > 1 ? tutor.fullname : `View ${tutor.fullname}’s profile`}
                </RouterLink>
              </li>
            ))}
          </ul>
        </div>
      ),
    }
  })
}

/**
 * /tutors: tutors whose teaching area covers a place, with filters, a list of cards and a map of the
 * search area: the place and the radius, and the listed tutors grouped by the locality each teaches
 * near (a tutor's own point stays private).
 * The URL holds the whole search (`/tutors?subject=maths&place=110024`), so a shared link works.
 */
export default function TutorSearch() {
  const [params, setParams] = useSearchParams()
  const state = readSearch(params)
  const lookup = useResolvedPlace(state.location ? '' : state.place)
  const location: [number, number] | null = state.location ?? (lookup.data ? placeLngLat(lookup.data) : null)
  // A link with a point but no name (`/tutors?location=[77.24,28.57]`) is named by the place it lies in.
  const named = useNearestPlace(state.location && !state.place ? state.location : null)
  const pointName = state.place || named.data?.label || ''
  const placeLabel = state.location ? pointName || 'the chosen point' : (lookup.data?.label ?? state.place)
  const vocabulary = useVocabulary()
  const results = useSearchTutors(location ? toQuery(state, location) : null)

  const update = (changes: Partial<SearchState>) => {
    const next = { ...state, page: 1, ...changes }
    setParams(writeSearch(next))
  }

  const data = results.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const subjectLabel = vocabulary.data?.subjects.find((s) => s.id === state.subject)?.label

  return (
    <Page
      title="Find a tutor"
      maxW="6xl"
      subtitle="Tutors whose teaching area covers your place, with fees, ratings and distance."
    >
      <Stack gap="5">
        <SearchBar
          // A new URL (a link, Back) starts the bar from it; the resolved place fills it in once known.
          key={`${params.toString()}|${lookup.data ? 'resolved' : ''}|${named.data ? 'named' : ''}`}
          state={state}
          place={placeFromUrl(state, lookup.data, pointName)}
          onSearch={(draft) => update(draft)}
        />
        <Filters state={state} onChange={update} />

        {!state.place && !state.location && (
          <Text color="fg.muted">
            Choose a place (a locality, a city or a PIN code) to see the tutors who teach there.
          </Text>
        )}
        {lookup.isPending && lookup.fetchStatus === 'fetching' && <Spinner aria-label="Finding the place" />}
        {lookup.isError && <FormAlert status="error" message={errorMessage(lookup.error, PLACES_FAILED)} />}
        {lookup.isSuccess && lookup.data === null && (
          <FormAlert
            status="error"
            message={`We could not find “${state.place}”. Try a locality, a city or a 6-digit PIN code.`}
          />
        )}

        {location && (
          <Box
            display="grid"
            gridTemplateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
            gap="5"
            alignItems="start"
          >
            <Box as="section" aria-labelledby="results-heading" minW="0" order={{ base: 2, lg: 1 }}>
              <Heading as="h2" id="results-heading" size="lg" mb="1">
                {subjectLabel ? `${subjectLabel} tutors` : 'Tutors'} near {placeLabel}
              </Heading>
              <Text color="fg.muted" mb="4" aria-live="polite" data-testid="results-count">
                {data
                  ? `${data.total} ${data.total === 1 ? 'tutor' : 'tutors'} within ${state.radiusKm} km`
                  : results.isPending
                    ? 'Searching…'
                    : ''}
              </Text>
              {results.isPending && <Spinner aria-label="Loading tutors" />}
              {results.isError && (
                <FormAlert status="error" message={errorMessage(results.error, SEARCH_TUTORS_FAILED)} />
              )}
              {data && data.tutors.length === 0 && <EmptyState state={state} onChange={update} />}
              {data && data.tutors.length > 0 && (
                <Stack as="ul" listStyleType="none" gap="3" aria-label="Tutors" aria-busy={results.isFetching}>
                  {data.tutors.map((tutor) => (
                    <li key={tutor.id}>
                      <TutorCard tutor={tutor} />
                    </li>
                  ))}
                </Stack>
              )}
              {data && <Paging page={state.page} pages={pages} onPage={(page) => update({ page })} />}
            </Box>
            <Box order={{ base: 1, lg: 2 }} position={{ lg: 'sticky' }} top={{ lg: '4' }}>
              <MapView
                label={`Map of the search area: within ${state.radiusKm} km of ${placeLabel}`}
                center={{ lat: location[1], lng: location[0] }}
                zoom={12}
                height="min(320px, 45vh)"
                markers={[
                  { id: 'place', position: { lat: location[1], lng: location[0] }, label: placeLabel },
                  ...tutorMarkers(data?.tutors ?? []),
                ]}
                circle={{ center: { lat: location[1], lng: location[0] }, radiusKm: state.radiusKm }}
              />
              <Text fontSize="xs" color="fg.muted" mt="1">
                Green badges: how many of these tutors teach near each locality. Their exact locations are private; each
                card shows how far the tutor is.
              </Text>
            </Box>
          </Box>
        )}
      </Stack>
    </Page>
  )
}
