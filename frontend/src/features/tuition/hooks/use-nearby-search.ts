import { useCallback, useEffect, useMemo, useReducer } from 'react'
import { useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import type { LatLng } from '@/components/map/types'
import { useNearestPlace } from '@/components/places/api'
import { shortPlaceName, type PlaceValue } from '@/components/places/types'
import { isTermId, useVocabulary } from '@/features/vocabulary'
import { i18n } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { useSession } from '@/lib/session'
import { notifyError, notifySuccess } from '@/lib/toaster'
import type { TutorArea } from '../api/area'
import { useExpressInterest } from '../api/express-interest'
import { useNearby } from '../api/get-nearby'
import {
  knownCentreName,
  nearbyQuery,
  nearbyReducer,
  needsNearestPlace,
  withRevealed,
  type FilterFacet,
  type NearbyFilters,
  type NearbySort,
} from '../lib/nearby-state'
import { nearbySearchParams, nearbyStateFromUrl } from '../lib/nearby-url'
import { useLiveNearby } from '../lib/use-live-nearby'

const FACET_OF: { [K in keyof NearbyFilters]: FilterFacet } = {
  subjectId: 'subjects',
  classId: 'classes',
  board: 'boards',
  mode: 'modes',
}

/**
 * The nearby search of a subscribed tutor: its state (see nearby-state.ts), kept in the page's address
 * (nearby-url.ts), the results and the actions.
 */
export function useNearbySearch(area: TutorArea | null) {
  useLiveNearby()
  const { subscribed } = useSession()
  const vocab = useVocabulary().data
  const [params, setParams] = useSearchParams()
  const [state, dispatch] = useReducer(nearbyReducer, undefined, () => nearbyStateFromUrl(params, area))

  // The address follows the search in place (no history entry per filter): Back leaves the page.
  const query = nearbySearchParams(state, area, params).toString()
  useEffect(() => {
    if (query !== params.toString()) setParams(new URLSearchParams(query), { replace: true })
  }, [query, params, setParams])

  // A filter from an address the vocabulary does not have is dropped (and so leaves the address).
  useEffect(() => {
    if (!vocab) return
    for (const [key, facet] of Object.entries(FACET_OF) as [keyof NearbyFilters, FilterFacet][]) {
      const id = state.filters[key]
      if (id && !isTermId(vocab, facet, id)) dispatch({ type: 'filterChosen', facet, id: '' })
    }
  }, [vocab, state.filters])
  // Until the vocabulary has loaded, a filter from the address is not known to be one: no search yet;
  // after, one it does not have is left out of the search at once (before the state drops it).
  const filtersKnown = !!vocab || Object.values(state.filters).every((id) => !id)
  const filters = { ...state.filters }
  for (const [key, facet] of Object.entries(FACET_OF) as [keyof NearbyFilters, FilterFacet][]) {
    if (filters[key] && !isTermId(vocab, facet, filters[key]))
      (filters as Record<keyof NearbyFilters, string>)[key] = ''
  }

  // The centre by name: the place searched for, the saved area's name, else the place it lies in.
  const knownName = knownCentreName(state, area)
  const nearest = useNearestPlace(needsNearestPlace(state, knownName) ? state.center : null)
  const centreName = knownName ?? (nearest.data ? shortPlaceName(nearest.data) : null)

  const asked = { ...nearbyQuery(state), ...filters }
  const nearby = useNearby(asked, { enabled: subscribed && filtersKnown })
  const interest = useExpressInterest()
  const results = useMemo(() => withRevealed(nearby.data ?? [], state.revealed), [nearby.data, state.revealed])

  const chooseFilter = (facet: FilterFacet, picked: string) =>
    dispatch({ type: 'filterChosen', facet, id: isTermId(vocab, facet, picked) ? picked : '' })
  const chooseRadius = (radiusKm: number) => dispatch({ type: 'radiusChosen', radiusKm })
  const chooseMine = (mine: boolean) => dispatch({ type: 'mineChosen', mine })
  const chooseSort = (sort: NearbySort) => dispatch({ type: 'sortChosen', sort })
  const choosePlace = (place: PlaceValue | null) => dispatch({ type: 'placeChosen', place })
  const pickCenter = useCallback((point: LatLng) => dispatch({ type: 'mapPicked', point }), [])

  const locateMe = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      dispatch({ type: 'locateFailed', message: MESSAGES.geolocationUnsupported })
      return
    }
    dispatch({ type: 'locating' })
    navigator.geolocation.getCurrentPosition(
      (p) => dispatch({ type: 'located', point: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => dispatch({ type: 'locateFailed', message: MESSAGES.geolocationFailed }),
      { enableHighAccuracy: true, timeout: 10_000 },
    )
  }

  const sendInterest = (id: number) =>
    interest.mutate(id, {
      onSuccess: (data) => {
        if (data?.contact) dispatch({ type: 'contactRevealed', requestId: id, contact: data.contact })
        notifySuccess(data?.message || i18n.t('tuition:sent'))
      },
      onError: (e) => notifyError(errorMessage(e, MESSAGES.sendInterestFailed)),
    })

  return {
    state,
    /** What the list is asked with. */
    asked,
    centreName,
    nearby,
    results,
    sendingInterestTo: interest.isPending ? interest.variables : undefined,
    chooseFilter,
    chooseRadius,
    chooseMine,
    chooseSort,
    choosePlace,
    pickCenter,
    locateMe,
    sendInterest,
  }
}
