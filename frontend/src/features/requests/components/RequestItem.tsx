import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { ChevronDown, ChevronUp } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { errorMessage } from '@/api/client'
import { LabeledText } from '@/components/labeled-text'
import { useNearestPlace } from '@/components/places/api'
import { shortPlaceName } from '@/components/places/types'
import { OTHER, termLabel, useVocabulary, type Vocabulary } from '@/features/vocabulary'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { REOPEN_REQUEST_FAILED, useReopenRequest } from '../api/close-request'
import type { MyRequest } from '../api/types'
import { InterestedTutors } from './InterestedTutors'

const OUTCOME_TEXT = { found_tutor: 'Found a tutor', not_needed: 'No longer needed' } as const

/**
 * On a phone the card's buttons fill their rows instead of wrapping raggedly: the two ways to find a
 * tutor take a row each (FULL_ROW), the request's own actions share the rows after them (FILL_ROW).
 */
const FULL_ROW = { w: { base: 'full', sm: 'auto' } } as const
const FILL_ROW = { flexGrow: { base: 1, sm: 0 } } as const

/** Why tutors no longer see a flagged request: an admin flagged it, for the reason they gave (if any). */
export function flagNote(reason: string | null | undefined): string {
  const why = reason?.trim().replace(/[.!?]+$/, '')
  const flagged = why ? `Flagged by a HomeTutor admin. Reason: ${why}.` : 'Flagged by a HomeTutor admin.'
  return `${flagged} Tutors do not see this request while it is flagged.`
}

/**
 * Where the request is, by name: the server's `placeName`; from a server that does not send it
 * yet, the place the point lies in. Never coordinates.
 */
function RequestPlace({ request }: { request: MyRequest }) {
  const [lng, lat] = request.location.coordinates
  const asked = request.placeName === undefined && lat !== undefined && lng !== undefined
  const nearest = useNearestPlace(asked ? [lng, lat] : null)
  const name = request.placeName ?? (nearest.data ? shortPlaceName(nearest.data) : null)
  if (asked && nearest.isPending) return null
  return <LabeledText label="Location">{name ?? 'Your pin on the map'}</LabeledText>
}

/** A request's subject or class as a person reads it: the vocabulary's label, or the parent's words. */
export function requestTermText(
  vocab: Vocabulary | undefined,
  facet: 'subjects' | 'classes',
  id: string | null | undefined,
  text: string,
) {
  return id && id !== OTHER ? termLabel(vocab, facet, id, text) : text
}

export function RequestItem({
  request,
  onDelete,
  onCloseRequest,
}: {
  request: MyRequest
  onDelete: () => void
  onCloseRequest: () => void
}) {
  const [open, setOpen] = useState(false)
  const vocab = useVocabulary().data
  const reopen = useReopenRequest()
  const closed = request.status === 'closed'
  const closedWith = request.interestedTutors.find((t) => t.tutor === request.closedTutorId)
  const count = request.interestedTutors.length
  const panelId = `request-${request.id}-tutors`
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Stack gap="1" mb="3">
        <HStack justify="space-between" align="start" wrap="wrap">
          <Heading as="h3" size="md">
            {requestTermText(vocab, 'subjects', request.subjectId, request.subject)}
          </Heading>
          <HStack gap="2">
            <Badge colorPalette={closed ? 'gray' : 'green'} data-testid={`status-${request.id}`}>
              {closed ? 'Closed' : 'Open'}
            </Badge>
            {request.flagged && <Badge colorPalette="red">Flagged</Badge>}
          </HStack>
        </HStack>
        <LabeledText label="Class">
          {requestTermText(vocab, 'classes', request.classId, request.classLevel)}
        </LabeledText>
        {request.board && <LabeledText label="Board">{termLabel(vocab, 'boards', request.board)}</LabeledText>}
        {request.mode && <LabeledText label="Mode">{termLabel(vocab, 'modes', request.mode)}</LabeledText>}
        <LabeledText label="Preferred time">{request.preferredTime}</LabeledText>
        <RequestPlace request={request} />
        <Text fontSize="sm" color="fg.muted">
          Posted {formatDate(request.createdAt, 'numeric')}
        </Text>
        {request.flagged && (
          <Text fontSize="sm" color="red.700" data-testid={`flag-note-${request.id}`}>
            {flagNote(request.flagReason)}
          </Text>
        )}
        {closed && (
          <Text fontSize="sm" data-testid={`closed-note-${request.id}`}>
            Closed {formatDate(request.closedAt, 'numeric', '')}
            {request.closeOutcome && ` · ${OUTCOME_TEXT[request.closeOutcome]}`}
            {closedWith && ` (${closedWith.fullname || closedWith.name})`}. Tutors no longer see it.
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted" data-testid={`privacy-note-${request.id}`}>
          {request.approximateLocation
            ? 'Tutors see an approximate location, 250–500 m from your pin, never your address.'
            : 'Tutors will see an approximate location, never your address.'}
        </Text>
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="subtle"
          {...FULL_ROW}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          Interested Tutors ({count}) {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        </Button>
        {!closed && (
          <Button size="sm" variant="outline" {...FULL_ROW} asChild>
            {/* The dashboard's recommendations panel (features/recommendations) reads the id. */}
            <RouterLink
              to={{ search: `?recommend=${request.id}` }}
              aria-label={`Recommended tutors for ${request.subject}`}
            >
              Recommended tutors
            </RouterLink>
          </Button>
        )}
        <Button size="sm" variant="outline" {...FILL_ROW} asChild>
          <RouterLink to={`/request/${request.id}/edit`} aria-label={`Edit ${request.subject} request`}>
            Edit
          </RouterLink>
        </Button>
        {closed ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="green"
            {...FILL_ROW}
            loading={reopen.isPending}
            aria-label={`Reopen ${request.subject} request`}
            onClick={() =>
              reopen.mutate(request.id, {
                onSuccess: () => notifySuccess('Request reopened.'),
                onError: (e) => notifyError(errorMessage(e, REOPEN_REQUEST_FAILED)),
              })
            }
          >
            Reopen
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            {...FILL_ROW}
            onClick={onCloseRequest}
            aria-label={`Close ${request.subject} request`}
          >
            Close request
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          {...FILL_ROW}
          onClick={onDelete}
          aria-label={`Delete ${request.subject} request`}
        >
          Delete
        </Button>
      </HStack>
      {open && (
        <Box id={panelId} mt="4">
          <Heading as="h4" size="sm" mb="2">
            Interested Tutors
          </Heading>
          <InterestedTutors tutors={request.interestedTutors} requestId={request.id} />
        </Box>
      )}
    </Box>
  )
}
