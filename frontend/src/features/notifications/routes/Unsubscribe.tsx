import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { useTranslation } from '@/lib/i18n'
import { UNSUBSCRIBE_FAILED, useUnsubscribe, useUnsubscribeLink } from '../api/unsubscribe'
import { notificationErrorText } from '../lib/error-text'

/**
 * /unsubscribe?token=…: an e-mail's unsubscribe link, without logging in. Opening it only asks
 * (mail scanners and link previews open links); the button unsubscribes.
 */
export default function Unsubscribe() {
  const { t } = useTranslation('notifications')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useUnsubscribeLink(token)
  const confirm = useUnsubscribe(token)
  const failure = link.error ?? confirm.error
  return (
    <Page title={t('notifications:unsubscribe.title')} maxW="2xl">
      <Panel>
        {token === '' && <FormAlert status="error" message={t('notifications:errors.unsubscribeFailed')} />}
        {token !== '' && link.isPending && <Spinner aria-label={t('notifications:unsubscribe.reading')} />}
        {failure && (
          <FormAlert status="error" message={notificationErrorText(t, errorMessage(failure, UNSUBSCRIBE_FAILED))} />
        )}
        {link.data?.email === 'off' && (
          <Text role="status">
            {t('notifications:unsubscribe.doneBefore', { kind: link.data.label })}{' '}
            <Link asChild color="blue.700">
              <RouterLink to="/profile">{t('notifications:unsubscribe.doneLink')}</RouterLink>
            </Link>
            {t('notifications:unsubscribe.doneAfter')}
          </Text>
        )}
        {link.data && link.data.email !== 'off' && (
          <Stack gap="4" align="flex-start">
            <Text>{t('notifications:unsubscribe.question', { kind: link.data.label })}</Text>
            <Button
              loading={confirm.isPending}
              loadingText={t('notifications:unsubscribe.working')}
              onClick={() => confirm.mutate()}
            >
              {t('notifications:unsubscribe.confirm')}
            </Button>
          </Stack>
        )}
      </Panel>
    </Page>
  )
}
