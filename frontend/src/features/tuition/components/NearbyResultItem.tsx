import { Badge, Box, Button, Heading, HStack, Link, Text } from '@chakra-ui/react'
import { MessageCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { ReportButton } from '@/components/moderation/ReportButton'
import type { NearbyRequest } from '@/api/types'
import { LabeledText } from '@/components/labeled-text'
import { useNearestPlace } from '@/components/places/api'
import { shortPlaceName } from '@/components/places/types'
import { OTHER, termLabel, useVocabulary, type Vocabulary } from '@/features/vocabulary'
import { useTranslation } from '@/lib/i18n'
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
 * Where a request is, roughly: 'near' the server's 'Lajpat Nagar, South Delhi'; from a server that
 * does not send it yet, the place its approximate point lies in. Never coordinates.
 */
function RequestPlace({ request }: { request: NearbyRequest }) {
  const { t } = useTranslation('tuition')
  const [lng, lat] = request.location.coordinates
  const asked = request.placeName === undefined && lat !== undefined && lng !== undefined
  const nearest = useNearestPlace(asked ? [lng, lat] : null)
  const place = request.placeName ?? (nearest.data ? shortPlaceName(nearest.data) : null)
  if (!place) return null
  return <LabeledText label={t('tuition:area')}>{t('tuition:nearPlace', { place })}</LabeledText>
}

function ContactDetails({ contact }: { contact: ParentContact }) {
  const { t } = useTranslation('tuition')
  return (
    <Box mt="2" fontSize="sm" overflowWrap="anywhere" data-testid="parent-contact">
      <Text fontWeight="medium">{contact.fullname}</Text>
      <Text>
        <Link
          href={`tel:${contact.phone}`}
          color="blue.700"
          aria-label={t('tuition:call', { name: contact.fullname, phone: contact.phone })}
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
          aria-label={t('tuition:mail', { name: contact.fullname, email: contact.email })}
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
  const { t } = useTranslation('tuition')
  const name = request.contact?.fullname ?? request.parent.firstName
  const vocab = useVocabulary().data
  const subject = termText(vocab, 'subjects', request.subjectId, request.subject)
  const cls = termText(vocab, 'classes', request.classId, request.classLevel)
  const board = request.board && termLabel(vocab, 'boards', request.board)
  const mode = request.mode && termLabel(vocab, 'modes', request.mode)
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
          {subject}
        </Heading>
        <HStack gap="2">
          {highlighted && <Badge colorPalette="purple">{t('tuition:fromAlert')}</Badge>}
          <Badge colorPalette="blue">{t('tuition:km', { km: request.distanceKm.toFixed(1) })}</Badge>
        </HStack>
      </HStack>
      <LabeledText label={t('tuition:class')}>{cls}</LabeledText>
      {board && <LabeledText label={t('tuition:board')}>{board}</LabeledText>}
      {mode && <LabeledText label={t('tuition:mode')}>{mode}</LabeledText>}
      <LabeledText label={t('tuition:time')}>{request.preferredTime}</LabeledText>
      <RequestPlace request={request} />
      {request.contact ? (
        <ContactDetails contact={request.contact} />
      ) : (
        <Box mt="2" fontSize="sm">
          <Text fontWeight="medium">{request.parent.firstName}</Text>
          <Text color="fg.muted">{t('tuition:hidden')}</Text>
        </Box>
      )}
      <Button
        mt="3"
        size="sm"
        onClick={onInterest}
        disabled={request.interested}
        loading={sending}
        variant={request.interested ? 'subtle' : 'solid'}
        aria-label={t(request.interested ? 'tuition:interestedIn' : 'tuition:interestIn', { subject })}
      >
        {t(request.interested ? 'tuition:interested' : 'tuition:interest')}
      </Button>
      <Button
        mt="3"
        ml="2"
        size="sm"
        variant="outline"
        colorPalette="blue"
        onClick={onMessage}
        aria-label={t('tuition:messageAbout', { name, subject })}
      >
        <MessageCircle aria-hidden /> {t('tuition:message')}
      </Button>
      <Box as="span" ml="2">
        <ReportButton subject={{ target: 'request', targetId: request.id }} name={subject} />
      </Box>
    </Box>
  )
}
