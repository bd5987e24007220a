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
import { useTranslation, type TFunction } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { reopenRequestFailed, useReopenRequest } from '../api/close-request'
import type { MyRequest } from '../api/types'
import { InterestedTutors } from './InterestedTutors'

const OUTCOME_TEXT = { found_tutor: 'requests:outcome.foundTutor', not_needed: 'requests:outcome.notNeeded' } as const

/**
 * On a phone the card's buttons fill their rows instead of wrapping raggedly: the two ways to find a
 * tutor take a row each (FULL_ROW), the request's own actions share the rows after them (FILL_ROW).
 */
const FULL_ROW = { w: { base: 'full', sm: 'auto' } } as const
const FILL_ROW = { flexGrow: { base: 1, sm: 0 } } as const

/** Why tutors no longer see a flagged request: an admin flagged it, for the reason they gave (if any). */
export function flagNote(t: TFunction, reason: string | null | undefined): string {
  const why = reason?.trim().replace(/[.!?।]+$/, '')
  return why ? t('requests:item.flagNoteReason', { reason: why }) : t('requests:item.flagNote')
}

/**
 * Where the request is, by name: the server's `placeName`; from a server that does not send it
 * yet, the place the point lies in. Never coordinates.
 */
function RequestPlace({ request }: { request: MyRequest }) {
  const { t } = useTranslation('requests')
  const [lng, lat] = request.location.coordinates
  const asked = request.placeName === undefined && lat !== undefined && lng !== undefined
  const nearest = useNearestPlace(asked ? [lng, lat] : null)
  const name = request.placeName ?? (nearest.data ? shortPlaceName(nearest.data) : null)
  if (asked && nearest.isPending) return null
  return <LabeledText label={t('requests:item.location')}>{name ?? t('requests:item.yourPin')}</LabeledText>
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
  const { t } = useTranslation('requests')
  const [open, setOpen] = useState(false)
  const vocab = useVocabulary().data
  const reopen = useReopenRequest()
  const closed = request.status === 'closed'
  const closedWith = request.interestedTutors.find((t) => t.tutor === request.closedTutorId)
  const count = request.interestedTutors.length
  const panelId = `request-${request.id}-tutors`
  const terms = {
    subject: requestTermText(vocab, 'subjects', request.subjectId, request.subject),
    classLevel: requestTermText(vocab, 'classes', request.classId, request.classLevel),
    board: request.board && termLabel(vocab, 'boards', request.board),
    mode: request.mode && termLabel(vocab, 'modes', request.mode),
  }
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Stack gap="1" mb="3">
        <HStack justify="space-between" align="start" wrap="wrap">
          <Heading as="h3" size="md">
            {terms.subject}
          </Heading>
          <HStack gap="2">
            <Badge colorPalette={closed ? 'gray' : 'green'} data-testid={`status-${request.id}`}>
              {closed ? t('requests:item.closed') : t('requests:item.open')}
            </Badge>
            {request.flagged && <Badge colorPalette="red">{t('requests:item.flagged')}</Badge>}
          </HStack>
        </HStack>
        <LabeledText label={t('requests:item.class')}>{terms.classLevel}</LabeledText>
        {request.board && <LabeledText label={t('requests:item.board')}>{terms.board}</LabeledText>}
        {request.mode && <LabeledText label={t('requests:item.mode')}>{terms.mode}</LabeledText>}
        <LabeledText label={t('requests:item.preferredTime')}>{request.preferredTime}</LabeledText>
        <RequestPlace request={request} />
        <Text fontSize="sm" color="fg.muted">
          {t('requests:item.postedOn', { date: formatDate(request.createdAt) })}
        </Text>
        {request.flagged && (
          <Text fontSize="sm" color="red.700" data-testid={`flag-note-${request.id}`}>
            {flagNote(t, request.flagReason)}
          </Text>
        )}
        {closed && (
          <Text fontSize="sm" data-testid={`closed-note-${request.id}`}>
            {t('requests:item.closedNote', {
              date: formatDate(request.closedAt, 'short', ''),
              details:
                (request.closeOutcome ? ` · ${t(OUTCOME_TEXT[request.closeOutcome])}` : '') +
                (closedWith ? ` (${closedWith.fullname || closedWith.name})` : ''),
            })}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted" data-testid={`privacy-note-${request.id}`}>
          {request.approximateLocation ? t('requests:item.privacyApproximate') : t('requests:item.privacy')}
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
          {t('requests:item.interestedCount', { count })}{' '}
          {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        </Button>
        {!closed && (
          <Button size="sm" variant="outline" {...FULL_ROW} asChild>
            {/* The dashboard's recommendations panel (features/recommendations) reads the id. */}
            <RouterLink
              to={{ search: `?recommend=${request.id}` }}
              aria-label={t('requests:item.recommendedFor', { subject: terms.subject })}
            >
              {t('requests:item.recommended')}
            </RouterLink>
          </Button>
        )}
        <Button size="sm" variant="outline" {...FILL_ROW} asChild>
          <RouterLink
            to={`/request/${request.id}/edit`}
            aria-label={t('requests:item.editLabel', { subject: terms.subject })}
          >
            {t('requests:item.edit')}
          </RouterLink>
        </Button>
        {closed ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="green"
            {...FILL_ROW}
            loading={reopen.isPending}
            aria-label={t('requests:item.reopenLabel', { subject: terms.subject })}
            onClick={() =>
              reopen.mutate(request.id, {
                onSuccess: () => notifySuccess(t('requests:item.reopened')),
                onError: (e) => notifyError(errorMessage(e, reopenRequestFailed())),
              })
            }
          >
            {t('requests:item.reopen')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            {...FILL_ROW}
            onClick={onCloseRequest}
            aria-label={t('requests:item.closeLabel', { subject: terms.subject })}
          >
            {t('requests:item.close')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          {...FILL_ROW}
          onClick={onDelete}
          aria-label={t('requests:item.deleteLabel', { subject: terms.subject })}
        >
          {t('requests:item.delete')}
        </Button>
      </HStack>
      {open && (
        <Box id={panelId} mt="4">
          <Heading as="h4" size="sm" mb="2">
            {t('requests:item.interested')}
          </Heading>
          <InterestedTutors tutors={request.interestedTutors} requestId={request.id} />
        </Box>
      )}
    </Box>
  )
}
