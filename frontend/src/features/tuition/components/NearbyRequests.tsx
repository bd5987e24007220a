import {
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  GridItem,
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
import { useNearestPlace } from '@/components/places/api'
import { PlaceSearch } from '@/components/places/PlaceSearch'
import { placeLatLng, shortPlaceName, type PlaceValue } from '@/components/places/types'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import {
  isTermId,
  OTHER,
  TermSelect,
  termLabel,
  useVocabulary,
  type Facet,
  type TermIds,
  type Vocabulary,
} from '@/features/vocabulary'
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

/** A request's subject or class as a person reads it: the vocabulary's label, or the parent's words. */
function termText(
  vocab: Vocabulary | undefined,
  facet: 'subjects' | 'classes',
  id: string | null | undefined,
  text: string,
) {
  return id && id !== OTHER ? termLabel(vocab, facet, id, text) : text
}

/**
 * Where a request is, roughly: the server's 'near Lajpat Nagar, South Delhi'; from a server that
 * does not send it yet, the place its approximate point lies in. Never coordinates.
 */
function RequestPlace({ request }: { request: NearbyRequest }) {
  const [lng, lat] = request.location.coordinates
  const asked = request.placeName === undefined && lat !== undefined && lng !== undefined
  const nearest = useNearestPlace(asked ? [lng, lat] : null)
  const name = request.placeName ?? (nearest.data ? `near ${shortPlaceName(nearest.data)}` : null)
  if (!name) return null
  return <LabeledText label="Area">{name}</LabeledText>
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
  const vocab = useVocabulary().data
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
          {termText(vocab, 'subjects', request.subjectId, request.subject)}
        </Heading>
        <HStack gap="2">
          {highlighted && <Badge colorPalette="purple">From your alert</Badge>}
          <Badge colorPalette="blue">{request.distanceKm.toFixed(1)} km</Badge>
        </HStack>
      </HStack>
      <LabeledText label="Class">{termText(vocab, 'classes', request.classId, request.classLevel)}</LabeledText>
      {request.board && <LabeledText label="Board">{termLabel(vocab, 'boards', request.board)}</LabeledText>}
      {request.mode && <LabeledText label="Mode">{termLabel(vocab, 'modes', request.mode)}</LabeledText>}
      <LabeledText label="Preferred time">{request.preferredTime}</LabeledText>
      <RequestPlace request={request} />
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
type CentreSource = 'area' | 'default' | 'location' | 'map' | 'place'

/**
 * 'Lajpat Nagar, South Delhi' for a place searched for; otherwise how the centre was chosen, with
 * the place it lies in when known ('your teaching area (Lajpat Nagar, South Delhi)').
 */
function centreLabel(source: CentreSource, placeName: string | null): string {
  const near = placeName ? ` (${placeName})` : ''
  switch (source) {
    case 'place':
      return placeName ?? 'the place you searched for'
    case 'area':
      return `your teaching area${near}`
    case 'location':
      return `your current location${near}`
    case 'map':
      return `the point you chose on the map${near}`
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

/** A search filter of one vocabulary list: an id the vocabulary has, or '' for any. */
function useTermFilter<F extends Facet>(facet: F, vocab: Vocabulary | undefined) {
  const [id, setId] = useState<TermIds[F] | ''>('')
  const choose = (picked: string) => setId(isTermId(vocab, facet, picked) ? picked : '')
  return [id, choose] as const
}

function NearbySearch({ title, area }: { title?: string; area: TutorArea | null }) {
  useLiveNearby()
  const { subscribed } = useSession()
  const openChat = useOpenChat()
  const [params] = useSearchParams()
  const highlightId = Number(params.get('request')) || null
  const [radiusKm, setRadiusKm] = useState(area?.radiusKm ?? DEFAULT_RADIUS_KM)
  const vocab = useVocabulary().data
  const [subjectId, setSubjectId] = useTermFilter('subjects', vocab)
  const [classId, setClassId] = useTermFilter('classes', vocab)
  const [board, setBoard] = useTermFilter('boards', vocab)
  const [mode, setMode] = useTermFilter('modes', vocab)
  const [center, setCenter] = useState<LatLng>(
    area ? { lat: area.location[1] ?? 0, lng: area.location[0] ?? 0 } : DEFAULT_CENTER,
  )
  const [centreSource, setCentreSource] = useState<CentreSource>(area ? 'area' : 'default')
  const [place, setPlace] = useState<PlaceValue | null>(null)
  // The centre by name: the place searched for, the saved area's name, else the place it lies in.
  const knownName =
    centreSource === 'place' && place
      ? shortPlaceName(place)
      : centreSource === 'area'
        ? (area?.placeName ?? null)
        : null
  const nearest = useNearestPlace(knownName || centreSource === 'default' ? null : center)
  const centreName = knownName ?? (nearest.data ? shortPlaceName(nearest.data) : null)
  const radiusOptions: number[] = (DISTANCE_OPTIONS_KM as readonly number[]).includes(radiusKm)
    ? [...DISTANCE_OPTIONS_KM]
    : [...DISTANCE_OPTIONS_KM, radiusKm].sort((a, b) => a - b)
  const [locating, setLocating] = useState(false)
  const [geoError, setGeoError] = useState<string | null>(null)
  // Contacts revealed by 'I'm interested' in this visit, until the refreshed results carry them.
  const [revealed, setRevealed] = useState<ReadonlyMap<number, ParentContact>>(new Map())
  const nearby = useNearby(
    { lat: center.lat, lng: center.lng, radiusKm, subjectId, classId, board, mode },
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
        label: `${termText(vocab, 'subjects', r.subjectId, r.subject)}, ${termText(vocab, 'classes', r.classId, r.classLevel)} (approximate location)`,
        popup: (
          <>
            <strong>{termText(vocab, 'subjects', r.subjectId, r.subject)}</strong>
            <br />
            {termText(vocab, 'classes', r.classId, r.classLevel)} · {r.distanceKm.toFixed(1)} km
          </>
        ),
      })),
    [results, vocab],
  )
  const pickCenter = useCallback((point: LatLng) => {
    setCenter(point)
    setCentreSource('map')
    setPlace(null)
  }, [])
  const choosePlace = (chosen: PlaceValue | null) => {
    setPlace(chosen)
    if (!chosen) return
    setCenter(placeLatLng(chosen))
    setCentreSource('place')
  }

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
        setPlace(null)
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
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
          gap="4"
        >
          <GridItem colSpan={{ md: 2 }}>
            <PlaceSearch label="Search around" value={place} onChange={choosePlace} />
          </GridItem>
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
          <TermSelect
            label="Mode"
            facet="modes"
            value={mode}
            onChange={setMode}
            placeholder="Home or online"
            name="mode"
          />
          <TermSelect
            label="Subject"
            facet="subjects"
            value={subjectId}
            onChange={setSubjectId}
            placeholder="Any subject"
            name="subjectId"
          />
          <TermSelect
            label="Class"
            facet="classes"
            value={classId}
            onChange={setClassId}
            placeholder="Any class"
            name="classId"
          />
          <TermSelect
            label="Board"
            facet="boards"
            value={board}
            onChange={setBoard}
            placeholder="Any board"
            name="board"
          />
        </Grid>
        <HStack mt="4" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" data-testid="search-centre" aria-live="polite">
            Searching around {centreLabel(centreSource, centreName)} · {radiusKm} km
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
              of {centreLabel(centreSource, centreName)}.
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
            Markers show approximate locations, 250–500 m from the real address. Click the map, or search for a place,
            to search around it.
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
