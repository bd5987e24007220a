import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { errorMessage } from '@/api/client'
import type { TuitionRequest } from '@/api/types'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { useVocabulary } from '@/features/vocabulary'
import { useTranslation } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useDeleteRequest } from '../api/delete-request'
import { useMyRequests } from '../api/get-my-requests'
import { RequestItem, requestTermText } from './RequestItem'

// The dialogs, and with them Chakra's dialog machinery (~12 KB), load when one is first opened,
// not with the dashboard.
const CloseRequestDialog = lazy(() => import('./CloseRequestDialog').then((m) => ({ default: m.CloseRequestDialog })))
const DeleteRequestDialog = lazy(() =>
  import('./DeleteRequestDialog').then((m) => ({ default: m.DeleteRequestDialog })),
)

/** What the request form leaves in the router state when it sends the parent here after posting. */
interface PostedState {
  postedRequestId?: number
}

/**
 * The id of the request just posted, read once: the router state is then dropped, so a reload or a
 * later visit does not say 'posted' again.
 */
function usePostedRequestId(): number | null {
  const location = useLocation()
  const navigate = useNavigate()
  const arrived = (location.state as PostedState | null)?.postedRequestId ?? null
  const [posted] = useState(arrived)
  useEffect(() => {
    if (arrived !== null) navigate(location.pathname, { replace: true, state: null })
  }, [arrived, location.pathname, navigate])
  return posted
}

/** SPEC §2: the parent's requests, each expandable to its Interested Tutors, with Edit and Delete. */
export default function MyRequests() {
  const { t } = useTranslation('requests')
  const mine = useMyRequests()
  const postedId = usePostedRequestId()
  const posted = mine.data?.find((r) => r.id === postedId)
  // The subject as the list names it: the vocabulary's label in the language shown.
  const vocab = useVocabulary().data
  const remove = useDeleteRequest()
  const [toDelete, setToDelete] = useState<TuitionRequest | null>(null)
  const [toClose, setToClose] = useState<TuitionRequest | null>(null)
  // Once opened, the dialogs stay mounted (closed), so they animate out as before.
  const [dialogsWanted, setDialogsWanted] = useState(false)
  const askDelete = (request: TuitionRequest) => {
    setDialogsWanted(true)
    setToDelete(request)
  }
  const askClose = (request: TuitionRequest) => {
    setDialogsWanted(true)
    setToClose(request)
  }

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notifySuccess(t('requests:list.deleted'))
        setToDelete(null)
      },
      onError: (e) => {
        notifyError(errorMessage(e, MESSAGES.deleteRequestFailed))
        setToDelete(null)
      },
    })
  }

  return (
    <Panel as="section" aria-labelledby="my-requests">
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Heading as="h2" id="my-requests" size="xl">
          {t('requests:list.title')}
        </Heading>
        <Button asChild size="sm">
          <RouterLink to="/request/new">{t('requests:list.postNew')}</RouterLink>
        </Button>
      </HStack>
      {posted && (
        <Box mb="4">
          <FormAlert
            status="success"
            message={t('requests:list.posted', {
              subject: requestTermText(vocab, 'subjects', posted.subjectId, posted.subject),
            })}
          />
        </Box>
      )}
      {mine.isPending && <Spinner aria-label={t('requests:list.loading')} />}
      {mine.isError && <FormAlert status="error" message={errorMessage(mine.error, MESSAGES.fetchRequestsFailed)} />}
      {mine.isSuccess && mine.data.length === 0 && (
        <Box textAlign="center" py="6">
          <Text mb="3">{t('requests:list.empty')}</Text>
          <Button asChild variant="outline">
            <RouterLink to="/request/new">{t('requests:list.postFirst')}</RouterLink>
          </Button>
        </Box>
      )}
      {mine.isSuccess && mine.data.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="4" aria-label={t('requests:list.label')}>
          {mine.data.map((r) => (
            <RequestItem key={r.id} request={r} onDelete={() => askDelete(r)} onCloseRequest={() => askClose(r)} />
          ))}
        </Stack>
      )}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <CloseRequestDialog request={toClose} onClose={() => setToClose(null)} />
          <DeleteRequestDialog
            subject={toDelete?.subject ?? null}
            deleting={remove.isPending}
            onConfirm={confirmDelete}
            onClose={() => setToDelete(null)}
          />
        </Suspense>
      )}
    </Panel>
  )
}
