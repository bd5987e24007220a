import { Badge, Spinner, Stack, Text } from '@chakra-ui/react'
import { Page, Panel } from '@/components/page'
import { VerificationBadge } from '@/components/tutor-card/VerificationBadge'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { DECISION_KEYS, REASON_KEYS, keyOf } from '@/lib/verification-texts'
import { useMyVerification, type Submission } from '../api/verification'
import { SubmissionForm } from '../components/SubmissionForm'

function Status({ latest }: { latest: Submission }) {
  const { t } = useTranslation('verification')
  const palette = latest.status === 'approved' ? 'green' : latest.status === 'rejected' ? 'red' : 'orange'
  const label =
    latest.status === 'pending'
      ? latest.nameChanged
        ? t('verification:page.nameChanged')
        : t('verification:page.pending')
      : t(keyOf(DECISION_KEYS, latest.status))
  return (
    <Stack gap="2" data-testid="verification-status">
      <Badge colorPalette={palette} alignSelf="flex-start">
        {label}
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        {t('verification:page.submitted', { date: formatDate(latest.submittedAt) })}
      </Text>
      {latest.status === 'rejected' && latest.rejectReason && (
        <Text>{t('verification:page.reason', { reason: t(keyOf(REASON_KEYS, latest.rejectReason)) })}</Text>
      )}
      {latest.status === 'rejected' && latest.rejectText && (
        <Text overflowWrap="anywhere">{t('verification:page.adminNote', { text: latest.rejectText })}</Text>
      )}
      {latest.filesDeleted && <Text fontSize="sm">{t('verification:page.filesDeleted')}</Text>}
    </Stack>
  )
}

/** A tutor's verification: what they sent, its decision, the badge it gives, and the form to send (again). */
export default function Verification() {
  const { t } = useTranslation('verification')
  const status = useMyVerification()
  return (
    <Page title={t('verification:page.title')}>
      <Stack gap="6">
        <Panel>
          <Stack gap="4">
            <Text>{t('verification:page.intro')}</Text>
            {status.isPending && <Spinner aria-label={t('verification:page.status')} />}
            {status.isError && <Text color="fg.error">{t('verification:page.loadError')}</Text>}
            {status.data && (
              <>
                <VerificationBadge verification={status.data.badge} />
                {status.data.latest ? (
                  <Status latest={status.data.latest} />
                ) : (
                  <Text>{t('verification:page.none')}</Text>
                )}
              </>
            )}
          </Stack>
        </Panel>
        {status.data?.canSubmit && (
          <Panel>
            <SubmissionForm again={Boolean(status.data.latest)} />
          </Panel>
        )}
      </Stack>
    </Page>
  )
}
