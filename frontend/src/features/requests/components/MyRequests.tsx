import { Badge, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { ChevronDown, ChevronUp } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { errorMessage } from '@/api/client'
import type { TuitionRequest } from '@/api/types'
import { LabeledText } from '@/components/labeled-text'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { MESSAGES } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useDeleteRequest } from '../api/delete-request'
import { useMyRequests } from '../api/get-my-requests'
import { DeleteRequestDialog } from './DeleteRequestDialog'
import { InterestedTutors } from './InterestedTutors'

function RequestItem({ request, onDelete }: { request: TuitionRequest; onDelete: () => void }) {
  const [open, setOpen] = useState(false)
  const count = request.interestedTutors.length
  const panelId = `request-${request.id}-tutors`
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Stack gap="1" mb="3">
        <HStack justify="space-between" align="start" wrap="wrap">
          <Heading as="h3" size="md">
            {request.subject}
          </Heading>
          {request.flagged && <Badge colorPalette="red">Flagged</Badge>}
        </HStack>
        <LabeledText label="Class">{request.classLevel}</LabeledText>
        <LabeledText label="Preferred time">{request.preferredTime}</LabeledText>
        <Text fontSize="sm" color="fg.muted">
          Posted {formatDate(request.createdAt, 'numeric')}
        </Text>
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
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          Interested Tutors ({count}) {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        </Button>
        <Button size="sm" variant="outline" asChild>
          <RouterLink to={`/request/${request.id}/edit`} aria-label={`Edit ${request.subject} request`}>
            Edit
          </RouterLink>
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
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

/** SPEC §2: the parent's requests, each expandable to its Interested Tutors, with Edit and Delete. */
export default function MyRequests() {
  const mine = useMyRequests()
  const remove = useDeleteRequest()
  const [toDelete, setToDelete] = useState<TuitionRequest | null>(null)

  const confirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notifySuccess('Request deleted.')
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
          My Tuition Requests
        </Heading>
        <Button asChild size="sm">
          <RouterLink to="/request/new">Post a New Request</RouterLink>
        </Button>
      </HStack>
      {mine.isPending && <Spinner aria-label="Loading requests" />}
      {mine.isError && <FormAlert status="error" message={errorMessage(mine.error, MESSAGES.fetchRequestsFailed)} />}
      {mine.isSuccess && mine.data.length === 0 && (
        <Box textAlign="center" py="6">
          <Text mb="3">You have not posted any tuition requests yet.</Text>
          <Button asChild variant="outline">
            <RouterLink to="/request/new">Post your first request</RouterLink>
          </Button>
        </Box>
      )}
      {mine.isSuccess && mine.data.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="4" aria-label="My tuition requests">
          {mine.data.map((r) => (
            <RequestItem key={r.id} request={r} onDelete={() => setToDelete(r)} />
          ))}
        </Stack>
      )}
      <DeleteRequestDialog
        subject={toDelete?.subject ?? null}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Panel>
  )
}
