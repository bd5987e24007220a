import { Badge, Box, Button, Heading, HStack, Link, Text } from '@chakra-ui/react'
import { MessageCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { NearbyRequest } from '@/api/types'
import { LabeledText } from '@/components/labeled-text'
import { useNearestPlace } from '@/components/places/api'
import { shortPlaceName } from '@/components/places/types'
import { OTHER, termLabel, useVocabulary, type Vocabulary } from '@/features/vocabulary'
import type { ParentContact } from '../lib/nearby-state'

/** A request's subject or class as a person reads it: the vocabulary's label, or the parent's words. */
export function termText(
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

export function ResultItem({
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
