import { Link, Spinner, Text } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { useTranslation } from '@/lib/i18n'
import { UNSUBSCRIBE_FAILED, useUnsubscribe } from '../api/unsubscribe'
import { notificationErrorText } from '../lib/error-text'

/** /unsubscribe?token=…: an e-mail's one-click link, without logging in. */
export default function Unsubscribe() {
  const { t } = useTranslation('notifications')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const result = useUnsubscribe(token)
  return (
    <Page title={t('notifications:unsubscribe.title')} maxW="2xl">
      <Panel>
        {token === '' && <FormAlert status="error" message={t('notifications:errors.unsubscribeFailed')} />}
        {token !== '' && result.isPending && <Spinner aria-label={t('notifications:unsubscribe.working')} />}
        {result.isError && (
          <FormAlert
            status="error"
            message={notificationErrorText(t, errorMessage(result.error, UNSUBSCRIBE_FAILED))}
          />
        )}
        {result.isSuccess && (
          <Text role="status">
            {t('notifications:unsubscribe.doneBefore', { kind: result.data.label })}{' '}
            <Link asChild color="blue.700">
              <RouterLink to="/profile">{t('notifications:unsubscribe.doneLink')}</RouterLink>
            </Link>
            {t('notifications:unsubscribe.doneAfter')}
          </Text>
        )}
      </Panel>
    </Page>
  )
}
