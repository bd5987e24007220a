import { Box, Link } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { Page, Panel } from '@/components/page'
import { MESSAGES } from '@/lib/constants'
import { useCreateRequest } from '../api/create-request'
import { RequestForm } from '../components/RequestForm'

export default function NewRequest() {
  const create = useCreateRequest()
  const navigate = useNavigate()
  return (
    <Page
      title="Post a Tuition Request"
      subtitle="Tell tutors near you what you need. Your exact location is never shown to them."
      maxW="3xl"
    >
      <Panel>
        <RequestForm
          mode="create"
          submitting={create.isPending}
          failureMessage={MESSAGES.postRequestFailed}
          onSubmit={(input) =>
            create.mutateAsync(input, {
              // The dashboard says it, above the new request (see MyRequests).
              onSuccess: (created) => navigate('/dashboard', { state: { postedRequestId: created.id } }),
            })
          }
        />
      </Panel>
      <Box mt="4">
        <Link asChild color="blue.700">
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Link>
      </Box>
    </Page>
  )
}
