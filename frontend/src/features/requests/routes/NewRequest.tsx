import { Box, Link } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { MESSAGES } from '@/lib/messages'
import { useCreateRequest } from '../api/create-request'
import { RequestForm } from '../components/RequestForm'

export default function NewRequest() {
  const { t } = useTranslation('requests')
  const create = useCreateRequest()
  const navigate = useNavigate()
  return (
    <Page title={t('requests:new.title')} subtitle={t('requests:new.subtitle')} maxW="3xl">
      <Panel>
        <RequestForm
          mode="create"
          draftId="request:new"
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
          <RouterLink to="/dashboard">{t('requests:backToDashboard')}</RouterLink>
        </Link>
      </Box>
    </Page>
  )
}
