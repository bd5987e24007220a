import { Box, Link, Spinner } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES, REDIRECT_AFTER_REQUEST_EDIT_MS } from '@/lib/constants'
import { useMyRequests } from '../api/get-my-requests'
import { useUpdateRequest } from '../api/update-request'
import { RequestForm, type RequestFormValues } from '../components/RequestForm'

export default function EditRequest() {
  const { id } = useParams()
  const requestId = Number(id)
  const mine = useMyRequests()
  const update = useUpdateRequest()
  const navigate = useNavigate()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const found = mine.data?.find((r) => r.id === requestId)
  const initialValues: RequestFormValues | undefined = found && {
    subject: found.subject,
    classLevel: found.classLevel,
    preferredTime: found.preferredTime,
    location:
      found.location.coordinates.length >= 2
        ? { lat: found.location.coordinates[1], lng: found.location.coordinates[0] }
        : null,
  }
  const loadFailed = mine.isError || (mine.isSuccess && !found)

  return (
    <Page title="Edit Tuition Request" maxW="3xl">
      <Panel>
        {mine.isPending && <Spinner aria-label="Loading request" />}
        {loadFailed && <FormAlert status="error" message={MESSAGES.loadRequestFailed} />}
        {initialValues && (
          <RequestForm
            key={requestId}
            mode="edit"
            initialValues={initialValues}
            submitting={update.isPending || update.isSuccess}
            success={update.isSuccess ? 'Request updated successfully.' : null}
            failureMessage={MESSAGES.updateRequestFailed}
            onSubmit={(input) =>
              update.mutateAsync(
                { id: requestId, input },
                {
                  onSuccess: () => {
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
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Link>
      </Box>
    </Page>
  )
}
