import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { FilterSheet } from '@/components/filter-sheet'
import { Page } from '@/components/page'
import { useNearestPlace } from '@/components/places/api'
import { placeLngLat } from '@/components/places/types'
import { TutorCard } from '@/components/tutor-card/TutorCard'
import { FormAlert } from '@/components/ui/form-alert'
import { useVocabulary } from '@/features/vocabulary'
import { useTranslation } from '@/lib/i18n'
import { useResolvedPlace } from '../api/resolve-place'
import { useSearchTutors } from '../api/search-tutors'
import { placeFromUrl, SearchBar } from '../components/SearchBar'
import { EmptyState, filterCount, Filters } from '../components/SearchFilters'
import { TutorsMap } from '../components/TutorsMap'
import { readSearch, toQuery, writeSearch, type SearchState } from '../lib/search-params'

function Paging({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(['tutors', 'shared'])
  if (pages <= 1) return null
  return (
    <HStack as="nav" aria-label={t('tutors:paging.label')} justify="center" gap="3" mt="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('tutors:paging.previous')}
      </Button>
      <Text fontSize="sm" aria-current="page">
        {t('tutors:paging.page', { page, pages })}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('tutors:paging.next')}
      </Button>
    </HStack>
  )
}

/**
 * /tutors: tutors whose teaching area covers a place, with filters, a list of cards and a map of the
 * search area: the place and the radius, and the listed tutors grouped by the locality each teaches
 * near (a tutor's own point stays private).
 * The URL holds the whole search (`/tutors?subject=maths&place=110024`), so a shared link works.
 */
export default function TutorSearch() {
  const { t } = useTranslation(['tutors', 'shared'])
  const [params, setParams] = useSearchParams()
  const state = readSearch(params)
  const lookup = useResolvedPlace(state.location ? '' : state.place)
  const location: [number, number] | null = state.location ?? (lookup.data ? placeLngLat(lookup.data) : null)
  // A link with a point but no name (`/tutors?location=[77.24,28.57]`) is named by the place it lies in.
  const named = useNearestPlace(state.location && !state.place ? state.location : null)
  const pointName = state.place || named.data?.label || ''
  const placeLabel = state.location ? pointName || t('tutors:search.chosenPoint') : (lookup.data?.label ?? state.place)
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
    <Page title={t('tutors:search.title')} maxW="6xl" subtitle={t('tutors:search.subtitle')}>
      <Stack gap="5">
        <SearchBar
          // A new URL (a link, Back) starts the bar from it; the resolved place fills it in once known.
          key={`${params.toString()}|${lookup.data ? 'resolved' : ''}|${named.data ? 'named' : ''}`}
          state={state}
          place={placeFromUrl(state, lookup.data, pointName)}
          onSearch={(draft) => update(draft)}
        />
        <FilterSheet
          title={t('tutors:filters.legend')}
          done={t('tutors:sheet.done')}
          summary={t('tutors:sheet.summary', { km: state.radiusKm, count: filterCount(state) })}
        >
          <Filters state={state} onChange={update} />
        </FilterSheet>

        {!state.place && !state.location && <Text color="fg.muted">{t('tutors:search.choosePlace')}</Text>}
        {lookup.isPending && lookup.fetchStatus === 'fetching' && (
          <Spinner aria-label={t('tutors:search.findingPlace')} />
        )}
        {lookup.isError && <FormAlert status="error" message={errorMessage(lookup.error, t('shared:places.failed'))} />}
        {lookup.isSuccess && lookup.data === null && (
          <FormAlert status="error" message={t('tutors:search.placeNotFound', { place: state.place })} />
        )}

        {location && (
          <Box
            display="grid"
            gridTemplateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
            gap="5"
            alignItems="start"
          >
            <Box as="section" aria-labelledby="results-heading" minW="0">
              <Heading as="h2" id="results-heading" size="lg" mb="1">
                {subjectLabel
                  ? t('tutors:search.subjectTutorsNear', { subject: subjectLabel, place: placeLabel })
                  : t('tutors:search.tutorsNear', { place: placeLabel })}
              </Heading>
              <Text color="fg.muted" mb="4" aria-live="polite" data-testid="results-count">
                {data
                  ? t('tutors:search.count', { count: data.total, km: state.radiusKm })
                  : results.isPending
                    ? t('tutors:search.searching')
                    : ''}
              </Text>
              {results.isPending && <Spinner aria-label={t('tutors:search.loading')} />}
              {results.isError && (
                <FormAlert status="error" message={errorMessage(results.error, t('tutors:search.failed'))} />
              )}
              {data && data.tutors.length === 0 && <EmptyState state={state} onChange={update} />}
              {data && data.tutors.length > 0 && (
                <Stack
                  as="ul"
                  listStyleType="none"
                  gap="3"
                  aria-label={t('tutors:search.listLabel')}
                  aria-busy={results.isFetching}
                >
                  {data.tutors.map((tutor) => (
                    <li key={tutor.id}>
                      <TutorCard tutor={tutor} />
                    </li>
                  ))}
                </Stack>
              )}
              {data && <Paging page={state.page} pages={pages} onPage={(page) => update({ page })} />}
            </Box>
            <TutorsMap
              location={location}
              placeLabel={placeLabel}
              radiusKm={state.radiusKm}
              tutors={data?.tutors ?? []}
            />
          </Box>
        )}
      </Stack>
    </Page>
  )
}
