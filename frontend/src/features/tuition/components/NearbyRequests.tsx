import { Box, Button, Grid, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import type { NearbyRequest } from '@/api/types'
import { FilterSheet } from '@/components/filter-sheet'
import { MapView, type LatLng } from '@/components/map/MapView'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { termLabel, useVocabulary } from '@/features/vocabulary'
import { useWideScreen } from '@/lib/use-wide-screen'
import { useOpenChat } from '@/lib/chat-launcher'
import { useTranslation } from '@/lib/i18n'
import { MAP_DEFAULT_ZOOM } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { useSession } from '@/lib/session'
import { useTutorArea, type TutorArea } from '../api/area'
import { useNearbySearch } from '../hooks/use-nearby-search'
import { centreLabel, hasOwnChoices, resultSummary, searchSummary } from '../lib/nearby-state'
import { NearbyFilters } from './NearbyFilters'
import { ResultItem, termText } from './NearbyResultItem'

// Only a tutor without a subscription sees the prompt: a subscriber's first view loads without it.
const SubscribePrompt = lazy(() => import('./SubscribePrompt'))

/**
 * SPEC §2/§4: nearby requests with distance, class and subject filters, as a list and on a map.
 * The search starts from the tutor's saved teaching area and radius. `heading`: the dashboard's
 * "Nearby Requests" above it (the /nearby page has it as its title).
 */
/** The steps without which a tutor gets no leads or is not listed in search. */
const LEAD_STEPS: readonly string[] = ['subjects', 'area', 'fee', 'about']

export default function NearbyRequests({
  heading = false,
  setup: Setup,
}: {
  heading?: boolean
  setup?: ComponentType
}) {
  const { t } = useTranslation('tuition')
  const { subscribed } = useSession()
  const area = useTutorArea()
  // `setup` (the dashboard's completeness card) loads only when a step that costs the tutor leads or
  // their place in search is missing; the rest (photo, boards, availability…) the onboarding meter asks for.
  const incomplete =
    area.isSuccess && (area.data === null || area.data.profileMissing.some((step) => LEAD_STEPS.includes(step)))
  // A failed area load is no reason to refuse the search: it starts from the default centre.
  const body = !subscribed ? (
    <SubscribePrompt />
  ) : area.isPending ? (
    <Spinner aria-label={t('tuition:loadingArea')} />
  ) : (
    <NearbySearch heading={heading} area={area.data ?? null} />
  )
  return (
    <>
      {Setup && incomplete && (
        <Suspense fallback={null}>
          <Box mb="6">
            <Setup />
          </Box>
        </Suspense>
      )}
      {body}
    </>
  )
}

function NearbySearch({ heading, area }: { heading: boolean; area: TutorArea | null }) {
  const { t } = useTranslation('tuition')
  const search = useNearbySearch(area)
  const { state, nearby, results, centreName } = search
  const { radiusKm } = state
  const openChat = useOpenChat()
  const vocab = useVocabulary().data
  // On a phone the map sits below the list: drawn once the list is in, so the list's arrival does
  // not push it down the screen (a layout shift the person did not cause).
  const wide = useWideScreen()
  const [params] = useSearchParams()
  const highlightId = Number(params.get('request')) || null

  if (nearby.error instanceof ApiError && nearby.error.status === 403)
    return <SubscribePrompt message={nearby.error.message} />

  return (
    <Stack gap="6">
      {heading && (
        <Heading as="h2" size="2xl">
          {t('shared:routes.nearby')}
        </Heading>
      )}
      <FilterSheet
        title={t('tuition:sheet.open')}
        done={t('tuition:sheet.done')}
        summary={searchSummary(state, centreName, (facet, id) => termLabel(vocab, facet, id))}
      >
        <NearbyFilters
          state={state}
          query={search.asked}
          hasArea={area !== null}
          centreName={centreName}
          onPlace={search.choosePlace}
          onRadius={search.chooseRadius}
          onFilter={search.chooseFilter}
          onSort={search.chooseSort}
          onLocate={search.locateMe}
        />
      </FilterSheet>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6" alignItems="start">
        <Panel as="section" aria-labelledby="nearby-results" p={{ base: '4', md: '6' }}>
          <Heading as="h2" id="nearby-results" size="lg" mb="3">
            {t('tuition:near')}
          </Heading>
          {hasOwnChoices(area) ? (
            <Button
              size="xs"
              borderRadius="full"
              mb="3"
              variant={state.mine ? 'solid' : 'outline'}
              aria-pressed={state.mine}
              onClick={() => search.chooseMine(!state.mine)}
            >
              {t('tuition:mine')}
            </Button>
          ) : (
            <Text fontSize="sm" mb="3" data-testid="mine-hint">
              <Link asChild color="blue.700">
                <RouterLink to="/onboarding?step=subjects">{t('tuition:mineHint')}</RouterLink>
              </Link>
            </Text>
          )}
          {nearby.isPending && <Spinner aria-label={t('tuition:loading')} />}
          {nearby.isError && (
            <FormAlert status="error" message={errorMessage(nearby.error, MESSAGES.fetchNearbyFailed)} />
          )}
          {nearby.isSuccess && (
            <Text fontSize="sm" color="fg.muted" mb="3" aria-live="polite">
              {resultSummary(results.length, radiusKm, state.sort)}
            </Text>
          )}
          {highlightId !== null && nearby.isSuccess && !results.some((r) => r.id === highlightId) && (
            <Text fontSize="sm" mb="3" data-testid="highlight-missing">
              {t('tuition:missing', { km: radiusKm, centre: centreLabel(state.centreSource, centreName) })}
            </Text>
          )}
          {results.length > 0 && (
            <Stack as="ul" listStyleType="none" gap="3" aria-label={t('tuition:list')}>
              {results.map((r) => (
                <ResultItem
                  key={r.id}
                  request={r}
                  sending={search.sendingInterestTo === r.id}
                  highlighted={r.id === highlightId}
                  onInterest={() => search.sendInterest(r.id)}
                  onMessage={() =>
                    openChat({
                      partner: { id: r.parent.id, name: r.contact?.fullname ?? r.parent.firstName },
                      requestId: r.id,
                    })
                  }
                />
              ))}
            </Stack>
          )}
        </Panel>
        {(wide || !nearby.isPending) && (
          <NearbyMap results={results} center={state.center} radiusKm={radiusKm} onPick={search.pickCenter} />
        )}
      </Grid>
    </Stack>
  )
}

interface NearbyMapProps {
  results: NearbyRequest[]
  center: LatLng
  radiusKm: number
  onPick: (point: LatLng) => void
}

/** The results at their approximate points, the search circle, and a click that moves the centre. */
function NearbyMap({ results, center, radiusKm, onPick }: NearbyMapProps) {
  const { t } = useTranslation('tuition')
  const vocab = useVocabulary().data
  const markers = useMemo(
    () =>
      results.map((r) => {
        const subject = termText(vocab, 'subjects', r.subjectId, r.subject)
        const cls = termText(vocab, 'classes', r.classId, r.classLevel)
        return {
          id: r.id,
          position: { lat: r.location.coordinates[1] ?? 0, lng: r.location.coordinates[0] ?? 0 },
          label: t('tuition:marker', { subject, cls }),
          popup: (
            <>
              <strong>{subject}</strong>
              <br />
              {cls} · {t('tuition:km', { km: r.distanceKm.toFixed(1) })}
            </>
          ),
        }
      }),
    [results, vocab, t],
  )
  return (
    <Panel as="section" aria-labelledby="nearby-map" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id="nearby-map" size="lg" mb="1">
        {t('tuition:map')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('tuition:mapNote')}
      </Text>
      <MapView
        label={t('tuition:mapLabel')}
        center={center}
        zoom={MAP_DEFAULT_ZOOM - 1}
        markers={markers}
        circle={{ center, radiusKm }}
        onPick={onPick}
      />
    </Panel>
  )
}
