import { Box, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { REPORT_REASONS, useFileReport, type ReportReason, type ReportTarget } from './api'
import { REASON_LABELS, TARGET_LABELS } from './labels'

const MAX_DETAILS = 1000

export interface ReportSubject {
  target: ReportTarget
  targetId: number
  /** For an interested tutor: the request they are interested in. */
  requestId?: number
}

export default function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const { t } = useTranslation('moderation')
  const file = useFileReport()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [error, setError] = useState<string | null>(null)
  const formId = `report-${subject.target}-${subject.targetId}`

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!reason) return
    setError(null)
    file.mutate(
      { target: subject.target, targetId: subject.targetId, requestId: subject.requestId ?? null, reason, details },
      {
        onSuccess: () => {
          notifySuccess(t('moderation:report.sent'))
          onClose()
        },
        onError: (err) => setError(errorMessage(err, t('moderation:report.failed'))),
      },
    )
  }

  return (
    <DialogShell
      open
      title={t('moderation:report.title', { what: t(TARGET_LABELS[subject.target]) })}
      onClose={onClose}
      footer={
        <FormDialogButtons
          formId={formId}
          label={t('moderation:report.submit')}
          busy={file.isPending}
          busyLabel={t('moderation:report.sending')}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Box as="fieldset" border="0" p="0" m="0">
            <Text as="legend" fontWeight="medium" mb="2">
              {t('moderation:report.why')}
            </Text>
            <Stack gap="2">
              {REPORT_REASONS.map((r) => (
                <Box as="label" key={r} display="flex" gap="3" alignItems="center" cursor="pointer">
                  <input
                    type="radio"
                    name="reason"
                    value={r}
                    required
                    checked={reason === r}
                    onChange={() => setReason(r)}
                  />
                  <span>{t(REASON_LABELS[r])}</span>
                </Box>
              ))}
            </Stack>
          </Box>
          <FormField label={t('moderation:report.details')} helperText={t('moderation:report.detailsHint')}>
            <Textarea
              name="details"
              value={details}
              maxLength={MAX_DETAILS}
              rows={4}
              onChange={(e) => setDetails(e.target.value)}
            />
          </FormField>
          <FormAlert status="error" message={error} />
        </Stack>
      </form>
    </DialogShell>
  )
}
