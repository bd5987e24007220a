import {
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { LocateFixed, MessageCircle } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import type { NearbyRequest } from '@/api/types'
import { LabeledText } from '@/components/labeled-text'
import { MapView, type LatLng } from '@/components/map/MapView'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useOpenChat } from '@/lib/chat-launcher'
import { DEFAULT_RADIUS_KM, DISTANCE_OPTIONS_KM, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MESSAGES } from '@/lib/constants'
import { useSession } from '@/lib/session'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useTutorArea, type TutorArea } from '../api/area'
import { useExpressInterest } from '../api/express-interest'
import { useNearby } from '../api/get-nearby'
import { useLiveNearby } from '../lib/use-live-nearby'
import { SubscribePrompt } from './SubscribePrompt'

const DEFAULT_CENTER: LatLng = { lat: MAP_DEFAULT_CENTER[0], lng: MAP_DEFAULT_CENTER[1] }
/** Typing in a filter asks the server once the person pauses. */
const FILTER_DEBOUNCE_MS = 300

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms)
    return () => window.clearTimeout(t)
  }, [value, ms])
  return debounced
}

/** A parent's contacts: in the nearby results once interested, or from the 'I'm interested' answer. */
type ParentContact = NonNullable<NearbyRequest['contact']>

function ContactDetails({ contact }: { contact: ParentContact }) {
  return (
    <Box mt="2" fontSize="sm" overflowWrap="anywhere" data-testid="parent-contact">
      <Text fontWeight="medium">{contact.fullname}</Text>
      <Text>
        <Link
          href={`tel:${contact.phone}`}
          color="blue.700"
          aria-label={`Call ${contact.fullname} on ${contact.phone}`}
        >
          {contact.phone}
        </Link>
      </Text>
      <Text>
        <Link
          display="inline"
          overflowWrap="anywhere"
          href={`mailto:${contact.email}`}
          color="blue.700"
          aria-label={`E-mail ${contact.fullname} at ${contact.email}`}
        >
          {contact.email}
        </Link>
      </Text>
    </Box>
  )
}

function ResultItem({
  request,
  sending,
  highlighted,
  onInterest,
  onMessage,
}: {
  request: NearbyRequest
  sending: boolean
  /** The request a notification linked to (`?request=`): marked, and scrolled to. */
  highlighted: boolean
  onInterest: () => void
  onMessage: () => void
}) {
  const name = request.contact?.fullname ?? request.parent.firstName
  const ref = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' })
  }, [highlighted])
  return (
    <Box
      as="li"
      ref={ref}
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={highlighted ? 'blue.600' : 'border'}
      bg={highlighted ? 'blue.50' : undefined}
      borderRadius="lg"
      p="4"
      data-testid="nearby-request"
      data-highlighted={highlighted || undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      <HStack justify="space-between" align="start" wrap="wrap" mb="1">
        <Heading as="h3" size="md">
          {request.subject}
        </Heading>
        <HStack gap="2">
          {highlighted && <Badge colorPalette="purple">From your alert</Badge>}
          <Badge colorPalette="blue">{request.distanceKm.toFixed(1)} km</Badge>
        </HStack>
      </HStack>
      <LabeledText label="Class">{request.classLevel}</LabeledText>
      <LabeledText label="Preferred time">{request.preferredTime}</LabeledText>
      {request.contact ? (
        <ContactDetails contact={request.contact} />
      ) : (
        <Box mt="2" fontSize="sm">
          <Text fontWeight="medium">{request.parent.firstName}</Text>
          <Text color="fg.muted">Their phone and e-mail appear once you say you are interested.</Text>
        </Box>
      )}
      <Button
        mt="3"
        size="sm"
        onClick={onInterest}
        disabled={request.interested}
        loading={sending}
        variant={request.interested ? 'subtle' : 'solid'}
        aria-label={request.interested ? `Interested in ${request.subject}` : `I'm interested in ${request.subject}`}
      >
        {request.interested ? 'Interested' : "I'm interested"}
      </Button>
      <Button
        mt="3"
        ml="2"
        size="sm"
        variant="outline"
        colorPalette="blue"
        onClick={onMessage}
        aria-label={`Message ${name} about ${request.subject}`}
      >
        <MessageCircle aria-hidden /> Message
      </Button>
    </Box>
  )
}

/** Where the search is centred, in words rather than coordinates. */
type CentreSource = 'area' | 'default' | 'location' | 'map'

function centreLabel(source: CentreSource): string {
  switch (source) {
    case 'area':
      return 'your teaching area'
    case 'location':
      return 'your current location'
    case 'map':
      return 'the point you chose on the map'
    default:
      return 'the map centre (New Delhi)'
  }
}

/** No saved area: the search starts from the default centre, and says where to save one. */
function AreaPrompt() {
  return (
    <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" borderRadius="md" p="3" mb="4" data-testid="area-prompt">
      <Text fontSize="sm">
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/profile">Save your teaching area to get alerts for new requests near you</RouterLink>
        </Link>
      </Text>
    </Box>
  )
}

/**
 * SPEC §2/§4: nearby requests with distance, class and subject filters, as a list and on a map.
 * Issue 19: the search starts from the tutor's saved teaching area and radius.
 */
export default function NearbyRequests({ title }: { title?: string }) {
  const { subscribed } = useSession()
  const area = useTutorArea()
  if (!subscribed) return <SubscribePrompt />
  if (area.isPending) return <Spinner aria-label="Loading your teaching area" />
  // A failed area load is no reason to refuse the search: it starts from the default centre.
  return <NearbySearch title={title} area={area.data ?? null} />
}

function NearbySearch({ title, area }: { title?: string; area: TutorArea | null }) {
  useLiveNearby()
  const { subscribed } = useSession()
  const openChat = useOpenChat()
  const [params] = useSearchParams()
  const highlightId = Number(params.get('request')) || null
  const [radiusKm, setRadiusKm] = useState(area?.radiusKm ?? DEFAULT_RADIUS_KM)
  const [classLevel, setClassLevel] = useState('')
  const [subject, setSubject] = useState('')
  const [center, setCenter] = useState<LatLng>(area ? { lat: area.location[1], lng: area.location[0] } : DEFAULT_CENTER)
  const [centreSource, setCentreSource] = useState<CentreSource>(area ? 'area' : 'default')
  const radiusOptions: number[] = (DISTANCE_OPTIONS_KM as readonly number[]).includes(radiusKm)
    ? [...DISTANCE_OPTIONS_KM]
    : [...DISTANCE_OPTIONS_KM, radiusKm].sort((a, b) => a - b)
  const [locating, setLocating] = useState(false)
  const [geoError, setGeoError] = useState<string | null>(null)
  // Contacts revealed by 'I'm interested' in this visit, until the refreshed results carry them.
  const [revealed, setRevealed] = useState<ReadonlyMap<number, ParentContact>>(new Map())
  const debouncedClass = useDebounced(classLevel, FILTER_DEBOUNCE_MS)
  const debouncedSubject = useDebounced(subject, FILTER_DEBOUNCE_MS)
  const nearby = useNearby(
    { lat: center.lat, lng: center.lng, radiusKm, classLevel: debouncedClass, subject: debouncedSubject },
    { enabled: subscribed },
  )
  const interest = useExpressInterest()

  const results = useMemo(
    () =>
      (nearby.data ?? []).map((r) => {
        const contact = r.contact ?? revealed.get(r.id)
        return contact ? { ...r, interested: true, contact } : r
      }),
    [nearby.data, revealed],
  )
  const markers = useMemo(
    () =>
      results.map((r) => ({
        id: r.id,
        position: { lat: r.location.coordinates[1] ?? 0, lng: r.location.coordinates[0] ?? 0 },
        label: `${r.subject}, ${r.classLevel} (approximate location)`,
        popup: (
          <>
            <strong>{r.subject}</strong>
            <br />
            {r.classLevel} · {r.distanceKm.toFixed(1)} km
          </>
        ),
      })),
    [results],
  )
  const pickCenter = useCallback((point: LatLng) => {
    setCenter(point)
    setCentreSource('map')
  }, [])

  if (nearby.error instanceof ApiError && nearby.error.status === 403)
    return <SubscribePrompt message={nearby.error.message} />

  const locateMe = () => {
    setGeoError(null)
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGeoError(MESSAGES.geolocationUnsupported)
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false)
        setCenter({ lat: p.coords.latitude, lng: p.coords.longitude })
        setCentreSource('location')
      },
      () => {
        setLocating(false)
        setGeoError(MESSAGES.geolocationFailed)
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    )
  }

  const sendInterest = (id: number) =>
    interest.mutate(id, {
      onSuccess: (data) => {
        if (data?.contact) {
          const contact = data.contact
          setRevealed((m) => new Map(m).set(id, contact))
        }
        notifySuccess(data?.message || 'Interest sent to the parent.')
      },
      onError: (e) => notifyError(errorMessage(e, MESSAGES.sendInterestFailed)),
    })

  return (
    <Stack gap="6">
      {title && (
        <Heading as="h2" size="2xl">
          {title}
        </Heading>
      )}
      <Panel as="section" aria-labelledby="nearby-filters">
        <Heading as="h2" id="nearby-filters" size="lg" mb="4">
          Search
        </Heading>
        {!area && <AreaPrompt />}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
          <FormField label="Distance">
            <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
              <NativeSelect.Field
                name="radiusKm"
                value={String(radiusKm)}
                onChange={(e) => setRadiusKm(Number(e.target.value))}
              >
                {radiusOptions.map((km) => (
                  <option key={km} value={km}>
                    {km} km
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Class">
            <Input
              name="classLevel"
              placeholder="e.g. Class 10"
              value={classLevel}
              onChange={(e) => setClassLevel(e.target.value)}
            />
          </FormField>
          <FormField label="Subject">
            <Input
              name="subject"
              placeholder="e.g. Mathematics"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </FormField>
        </Grid>
        <HStack mt="4" justify="space-between" wrap="wrap" gap="2">
          <Text
            fontSize="sm"
            data-testid="search-centre"
            aria-live="polite"
            title={`${center.lat.toFixed(4)}, ${center.lng.toFixed(4)}`}
          >
            Searching around {centreLabel(centreSource)} · {radiusKm} km
          </Text>
          <Button type="button" variant="outline" size="sm" onClick={locateMe} loading={locating}>
            <LocateFixed aria-hidden /> Use my location
          </Button>
        </HStack>
        {geoError && (
          <Box mt="2">
            <FormAlert status="error" message={geoError} />
          </Box>
        )}
      </Panel>

      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6" alignItems="start">
        <Panel as="section" aria-labelledby="nearby-results" p={{ base: '4', md: '6' }}>
          <Heading as="h2" id="nearby-results" size="lg" mb="3">
            Requests near you
          </Heading>
          {nearby.isPending && <Spinner aria-label="Loading nearby requests" />}
          {nearby.isError && (
            <FormAlert status="error" message={errorMessage(nearby.error, MESSAGES.fetchNearbyFailed)} />
          )}
          {nearby.isSuccess && (
            <Text fontSize="sm" color="fg.muted" mb="3" aria-live="polite">
              {results.length === 0
                ? `No requests within ${radiusKm} km.`
                : `${results.length} request${results.length === 1 ? '' : 's'} within ${radiusKm} km, nearest first.`}
            </Text>
          )}
          {highlightId !== null && nearby.isSuccess && !results.some((r) => r.id === highlightId) && (
            <Text fontSize="sm" mb="3" data-testid="highlight-missing">
              The request from your alert is not in this search: it may have been closed, or lie outside {radiusKm} km
              of {centreLabel(centreSource)}.
            </Text>
          )}
          {results.length > 0 && (
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Nearby requests">
              {results.map((r) => (
                <ResultItem
                  key={r.id}
                  request={r}
                  sending={interest.isPending && interest.variables === r.id}
                  highlighted={r.id === highlightId}
                  onInterest={() => sendInterest(r.id)}
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
        <Panel as="section" aria-labelledby="nearby-map" p={{ base: '4', md: '6' }}>
          <Heading as="h2" id="nearby-map" size="lg" mb="1">
            Map
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            Markers show approximate locations, 250–500 m from the real address. Click the map to search around that
            point.
          </Text>
          <MapView
            label="Map of nearby tuition requests"
            center={center}
            zoom={MAP_DEFAULT_ZOOM - 1}
            markers={markers}
            circle={{ center, radiusKm }}
            onPick={pickCenter}
          />
        </Panel>
      </Grid>
    </Stack>
  )
}
