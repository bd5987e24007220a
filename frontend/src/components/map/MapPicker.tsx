import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { LocateFixed } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { MapView, type LatLng } from './MapView'
import { useNearestPlace } from '@/components/places/api'
import { PlaceSearch } from '@/components/places/PlaceSearch'
import { placeLatLng, shortPlaceName, type PlaceValue } from '@/components/places/types'
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@/lib/constants'
import { useTranslation } from '@/lib/i18n'

/** idle: nothing is chosen (the map is ready, or waits to come into view); loading: the map or the
 * position is on its way; ready: a point is chosen; error: the map or the position could not be had. */
export type MapPickerState = 'idle' | 'loading' | 'ready' | 'error'

interface MapPickerProps {
  value: LatLng | null
  onChange: (point: LatLng) => void
  /** The form's message for a missing location. */
  error?: string
  /** What to click for; the request form's wording by default. */
  help?: string
  /** The teaching area's radius: drawn as a circle round the chosen point. */
  radiusKm?: number
  /** The place search's label: typing a locality centres the map there and sets the pin. */
  searchLabel?: string
}

/** The zoom a chosen place is shown at: streets are readable, so the pin can be fine-tuned. */
const PLACE_ZOOM = 15

const DEFAULT_CENTER: LatLng = { lat: MAP_DEFAULT_CENTER[0], lng: MAP_DEFAULT_CENTER[1] }

/**
 * A chosen point as a person reads it: the place it lies in ('Lajpat Nagar, South Delhi'), never
 * raw coordinates. `aria-live`, so a click on the map is announced by name.
 */
export function PointName({ point, prefix }: { point: LatLng | null; prefix?: string }) {
  const { t } = useTranslation('shared')
  const nearest = useNearestPlace(point)
  const label = prefix ?? t('shared:map.selected')
  if (!point) return <>{t('shared:map.noneSelected')}</>
  if (nearest.isPending) return <>{t('shared:map.finding', { label })}</>
  if (nearest.data) return <>{t('shared:map.pointIn', { label, place: shortPlaceName(nearest.data) })}</>
  return <>{t('shared:map.markedPoint', { label })}</>
}

/**
 * SPEC §4: click the map to set the marker, or use the browser's position. Shared by the request
 * form and a tutor's teaching area (with its radius drawn).
 */
export function MapPicker({ value, onChange, error, help, radiusKm, searchLabel }: MapPickerProps) {
  const { t } = useTranslation('shared')
  // 'waiting': the map loads when it comes into view or is used (./MapView); its stand-in takes Enter.
  const [mapStatus, setMapStatus] = useState<'waiting' | 'loading' | 'ready' | 'error'>('waiting')
  const [locating, setLocating] = useState(false)
  const [geoError, setGeoError] = useState<string | null>(null)
  // The view starts on the initial value (an edited request) and follows 'Use my location', not clicks.
  const [center, setCenter] = useState<LatLng>(value ?? DEFAULT_CENTER)
  const [zoom, setZoom] = useState(MAP_DEFAULT_ZOOM)
  // The place last chosen in the search; a click elsewhere on the map lets it go.
  const [place, setPlace] = useState<PlaceValue | null>(null)

  const state: MapPickerState =
    mapStatus === 'error' || geoError
      ? 'error'
      : mapStatus === 'loading' || locating
        ? 'loading'
        : value
          ? 'ready'
          : 'idle'

  const pick = useCallback(
    (point: LatLng) => {
      setGeoError(null)
      setPlace(null)
      onChange(point)
    },
    [onChange],
  )

  const choosePlace = (chosen: PlaceValue | null) => {
    setPlace(chosen)
    if (!chosen) return
    const point = placeLatLng(chosen)
    setGeoError(null)
    setCenter(point)
    setZoom(PLACE_ZOOM)
    onChange(point)
  }

  const locateMe = () => {
    setGeoError(null)
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGeoError(t('shared:map.geolocationUnsupported'))
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        const point = {
          lat: Math.round(position.coords.latitude * 1e6) / 1e6,
          lng: Math.round(position.coords.longitude * 1e6) / 1e6,
        }
        setCenter(point)
        setPlace(null)
        onChange(point)
      },
      () => {
        setLocating(false)
        setGeoError(t('shared:map.geolocationFailed'))
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    )
  }

  const pinLabel = t('shared:map.selected')
  const markers = useMemo(() => (value ? [{ id: 'picked', position: value, label: pinLabel }] : []), [value, pinLabel])
  const onLoading = useCallback(() => setMapStatus('loading'), [])
  const onReady = useCallback(() => setMapStatus('ready'), [])
  const onError = useCallback(() => setMapStatus('error'), [])

  return (
    <Stack gap="2" data-testid="map-picker" data-state={state}>
      <Text id="map-picker-help" fontSize="sm" color="fg.muted">
        {help ?? t('shared:map.requestHelp')}
      </Text>
      <PlaceSearch label={searchLabel ?? t('shared:map.searchArea')} value={place} onChange={choosePlace} />
      <MapView
        label={t('shared:map.pickerLabel')}
        center={center}
        zoom={zoom}
        markers={markers}
        circle={value && radiusKm ? { center: value, radiusKm } : undefined}
        onPick={pick}
        onLoading={onLoading}
        onReady={onReady}
        onError={onError}
      />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text aria-live="polite" data-testid="selected-location" fontSize="sm">
          <PointName point={value} />
        </Text>
        <Button type="button" variant="outline" size="sm" onClick={locateMe} loading={locating}>
          <LocateFixed aria-hidden /> {t('shared:map.useMyLocation')}
        </Button>
      </HStack>
      {(error || geoError) && (
        <Box role="alert" color="fg.error" fontSize="sm">
          {geoError ?? error}
        </Box>
      )}
    </Stack>
  )
}
