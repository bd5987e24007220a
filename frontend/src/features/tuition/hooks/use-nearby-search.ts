import { useCallback, useMemo, useReducer } from 'react'
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
  initialNearbyState,
  knownCentreName,
  nearbyQuery,
  nearbyReducer,
  needsNearestPlace,
  withRevealed,
  type FilterFacet,
} from '../lib/nearby-state'
import { useLiveNearby } from '../lib/use-live-nearby'

/** The nearby search of a subscribed tutor: its state (see nearby-state.ts), the results and the actions. */
export function useNearbySearch(area: TutorArea | null) {
  useLiveNearby()
  const { subscribed } = useSession()
  const vocab = useVocabulary().data
  const [state, dispatch] = useReducer(nearbyReducer, area, initialNearbyState)

  // The centre by name: the place searched for, the saved area's name, else the place it lies in.
  const knownName = knownCentreName(state, area)
  const nearest = useNearestPlace(needsNearestPlace(state, knownName) ? state.center : null)
  const centreName = knownName ?? (nearest.data ? shortPlaceName(nearest.data) : null)

  const nearby = useNearby(nearbyQuery(state), { enabled: subscribed })
  const interest = useExpressInterest()
  const results = useMemo(() => withRevealed(nearby.data ?? [], state.revealed), [nearby.data, state.revealed])

  const chooseFilter = (facet: FilterFacet, picked: string) =>
    dispatch({ type: 'filterChosen', facet, id: isTermId(vocab, facet, picked) ? picked : '' })
  const chooseRadius = (radiusKm: number) => dispatch({ type: 'radiusChosen', radiusKm })
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
    centreName,
    nearby,
    results,
    sendingInterestTo: interest.isPending ? interest.variables : undefined,
    chooseFilter,
    chooseRadius,
    choosePlace,
    pickCenter,
    locateMe,
    sendInterest,
  }
}
