import { Badge, Box, Button, Input, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { DialogShell } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminRequests, useAssignTutor, useFlagRequest, type AdminRequest } from '../api/requests'
import { useUsers } from '../api/users'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { QueryState, ScrollTable, Section, Select, recordTime } from './ui'

/** What an admin reads under a flag: the reason given when flagging, if any. */
function FlagReason({ reason }: { reason: string | null | undefined }) {
  const { t } = useTranslation()
  return (
    <Text fontSize="xs" overflowWrap="anywhere">
      {reason?.trim() ? t('admin:requests.flagReason', { reason: reason.trim() }) : t('admin:requests.noReason')}
    </Text>
  )
}

function FlagDialog({ target, onClose }: { target: AdminRequest | null; onClose: () => void }) {
  const { t } = useTranslation()
  const say = useAdminText()
  const form = useForm({ defaultValues: { flagReason: '' } })
  const flagReasonField = form.register('flagReason')
  const flag = useFlagRequest()
  const submit = form.handleSubmit(({ flagReason }) => {
    if (!target) return
    flag.mutate(
      { id: target.id, flagged: true, flagReason: flagReason.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t('admin:requests.flagged'))
          form.reset()
          onClose()
        },
        onError: (e) => notifyError(say(showServerError(form, e, ADMIN_MESSAGES.flag))),
      },
    )
  })
  return (
    <DialogShell
      open={target !== null}
      title={t('admin:requests.flagTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('admin:common.cancel')}
          </Button>
          <Button type="submit" form="flag-request-form" colorPalette="red" loading={flag.isPending}>
            {t('admin:requests.flag')}
          </Button>
        </>
      }
    >
      <form id="flag-request-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>{t('admin:requests.flagQuestion', { subject: target?.subject, parent: target?.parentName })}</Text>
          <FormField label={t('admin:requests.reason')} error={form.formState.errors.flagReason?.message}>
            <Input placeholder={t('admin:requests.reasonPlaceholder')} {...flagReasonField} />
          </FormField>
        </Stack>
      </form>
    </DialogShell>
  )
}

export function RequestsSection() {
  const { t } = useTranslation()
  const say = useAdminText()
  const { data, isPending, error } = useAdminRequests()
  const tutors = useUsers({ role: 'tutor', page: 1, limit: 100 })
  const flag = useFlagRequest()
  const assign = useAssignTutor()
  const [flagging, setFlagging] = useState<AdminRequest | null>(null)

  const unflag = (request: AdminRequest) =>
    flag.mutate(
      { id: request.id, flagged: false, flagReason: null },
      {
        onSuccess: () => notifySuccess(t('admin:requests.unflagged')),
        onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.flag))),
      },
    )
  const onAssign = (request: AdminRequest, value: string) =>
    assign.mutate(
      { id: request.id, tutorId: value ? Number(value) : null },
      {
        onSuccess: () => notifySuccess(value ? t('admin:requests.assigned') : t('admin:requests.assignmentCleared')),
        onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.assignTutor))),
      },
    )

  return (
    <Section title={t('admin:sections.requests')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadRequests}>
        {data && data.length === 0 && <Text color="fg.muted">{t('admin:requests.empty')}</Text>}
        {data && data.length > 0 && (
          <ScrollTable caption={t('admin:requests.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin:requests.request')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:requests.parent')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:requests.posted')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:requests.interested')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:requests.flagColumn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:requests.assignedTutor')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{r.subject}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {r.classLevel}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {r.parentName}
                    <Text fontSize="xs" color="fg.muted">
                      {r.parentEmail}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{recordTime(r.createdAt)}</Table.Cell>
                  <Table.Cell>{formatNumber(r.interestedCount)}</Table.Cell>
                  {/* The status, its reason and the action together, so a flag is read and undone in one place. */}
                  <Table.Cell data-wrap minW="40" maxW="64">
                    <Stack gap="1.5" align="flex-start">
                      {r.flagged ? (
                        <>
                          <Badge colorPalette="red">{t('admin:requests.flaggedBadge')}</Badge>
                          <FlagReason reason={r.flagReason} />
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => unflag(r)}
                            aria-label={t('admin:requests.unflagLabel', { subject: r.subject })}
                          >
                            {t('admin:requests.unflag')}
                          </Button>
                        </>
                      ) : (
                        <>
                          <Badge colorPalette="green">{t('admin:requests.ok')}</Badge>
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => setFlagging(r)}
                            aria-label={t('admin:requests.flagLabel', { subject: r.subject })}
                          >
                            {t('admin:requests.flag')}
                          </Button>
                        </>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Box w="56">
                      <Select
                        ariaLabel={t('admin:requests.assignLabel', { subject: r.subject })}
                        value={r.assignedTutor == null ? '' : String(r.assignedTutor)}
                        onChange={(value) => onAssign(r, value)}
                        disabled={assign.isPending}
                      >
                        <option value="">{t('admin:requests.notAssigned')}</option>
                        {(tutors.data?.users ?? []).map((tutor) => (
                          <option key={tutor.id} value={tutor.id}>
                            {t('admin:requests.tutorOption', { name: tutor.fullname, email: tutor.email })}
                          </option>
                        ))}
                      </Select>
                    </Box>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </QueryState>
      <FlagDialog target={flagging} onClose={() => setFlagging(null)} />
    </Section>
  )
}
