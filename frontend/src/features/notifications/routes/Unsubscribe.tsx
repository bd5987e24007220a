import { Link, Spinner, Text } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { UNSUBSCRIBE_FAILED, useUnsubscribe } from '../api/unsubscribe'

/** /unsubscribe?token=…: an e-mail's one-click link, without logging in. */
export default function Unsubscribe() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const result = useUnsubscribe(token)
  return (
    <Page title="E-mail settings" maxW="2xl">
      <Panel>
        {token === '' && <FormAlert status="error" message={UNSUBSCRIBE_FAILED} />}
        {token !== '' && result.isPending && <Spinner aria-label="Unsubscribing" />}
        {result.isError && <FormAlert status="error" message={errorMessage(result.error, UNSUBSCRIBE_FAILED)} />}
        {result.isSuccess && (
          <Text role="status">
            You will no longer get e-mails about {result.data.label}. Change this any time on your{' '}
            <Link asChild color="blue.700">
              <RouterLink to="/profile">profile</RouterLink>
            </Link>
            .
          </Text>
        )}
      </Panel>
    </Page>
  )
}
