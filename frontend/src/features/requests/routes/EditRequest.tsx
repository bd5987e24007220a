import { Box, Link, Spinner } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { findTerm, OTHER, useVocabulary, type Vocabulary } from '@/features/vocabulary'
import { REDIRECT_AFTER_REQUEST_EDIT_MS } from '@/lib/constants'
import { useTranslation } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { useMyRequests } from '../api/get-my-requests'
import { useUpdateRequest } from '../api/update-request'
import type { MyRequest } from '../api/types'
import { RequestForm } from '../components/RequestForm'
import type { RequestFormValues } from '../lib/request-schema'

/**
 * A saved request as the form's values: its ids when the server sent them, else (a request from
 * before the vocabulary, not yet backfilled) its text mapped onto a term, else 'Other' with the text.
 */
export function toFormValues(found: MyRequest, vocab: Vocabulary | undefined): RequestFormValues {
  const pick = (facet: 'subjects' | 'classes', id: string | null | undefined, text: string) => {
    if (id && id !== OTHER) return { id, text: '' }
    if (id === OTHER) return { id: OTHER, text }
    const term = findTerm(vocab, facet, text)
    return term ? { id: term.id, text: '' } : { id: text.trim() ? OTHER : '', text }
  }
  const subject = pick('subjects', found.subjectId, found.subject)
  const classLevel = pick('classes', found.classId, found.classLevel)
  return {
    subjectId: subject.id,
    subject: subject.text,
    classId: classLevel.id,
    classLevel: classLevel.text,
    board: found.board ?? '',
    mode: found.mode === 'online' ? 'online' : 'home',
    preferredTime: found.preferredTime,
    location:
      found.location.coordinates.length >= 2
        ? { lat: found.location.coordinates[1], lng: found.location.coordinates[0] }
        : null,
  }
}

export default function EditRequest() {
  const { t } = useTranslation('requests')
  const { id } = useParams()
  const requestId = Number(id)
  const mine = useMyRequests()
  const update = useUpdateRequest()
  const navigate = useNavigate()
  const [saved, setSaved] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const vocabulary = useVocabulary()
  const found: MyRequest | undefined = mine.data?.find((r) => r.id === requestId)
  // The vocabulary maps an old request's text onto ids; without it (it failed) the text is kept as Other.
  const vocabularyReady = !vocabulary.isPending
  const initialValues = found && vocabularyReady ? toFormValues(found, vocabulary.data) : undefined
  const loadFailed = mine.isError || (mine.isSuccess && !found)

  return (
    <Page title={t('requests:edit.title')} maxW="3xl">
      <Panel>
        {(mine.isPending || (found && !vocabularyReady)) && <Spinner aria-label={t('requests:edit.loading')} />}
        {loadFailed && <FormAlert status="error" message={MESSAGES.loadRequestFailed} />}
        {initialValues && (
          <RequestForm
            key={requestId}
            mode="edit"
            draftId={`request:${requestId}`}
            initialValues={initialValues}
            submitting={update.isPending || saved}
            success={saved ? t('requests:edit.updated') : null}
            failureMessage={MESSAGES.updateRequestFailed}
            onSubmit={(input) =>
              update.mutateAsync(
                { id: requestId, input },
                {
                  // The message and the 1.2 s count to /dashboard start together.
                  onSuccess: () => {
                    setSaved(true)
                    timer.current = window.setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_REQUEST_EDIT_MS)
                  },
                },
              )
            }
          />
        )}
      </Panel>
      <Box mt="4">
        <Link asChild color="blue.700">
          <RouterLink to="/dashboard">{t('requests:backToDashboard')}</RouterLink>
        </Link>
      </Box>
    </Page>
  )
}
