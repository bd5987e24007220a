import { Badge, Box, Button, Input, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
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
        <FormDialogButtons
          formId="flag-request-form"
          label={t('admin:requests.flag')}
          busy={flag.isPending}
          onCancel={onClose}
          palette="red"
        />
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

  /** The flag, its reason and the action together, so a flag is read and undone in one place. */
  const flagControl = (request: AdminRequest) => (
    <Stack gap="1.5" align="flex-start">
      {request.flagged ? (
        <>
          <Badge colorPalette="red">{t('admin:requests.flaggedBadge')}</Badge>
          <FlagReason reason={request.flagReason} />
          <Button
            size="xs"
            variant="outline"
            onClick={() => unflag(request)}
            aria-label={t('admin:requests.unflagLabel', { subject: request.subject })}
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
            onClick={() => setFlagging(request)}
            aria-label={t('admin:requests.flagLabel', { subject: request.subject })}
          >
            {t('admin:requests.flag')}
          </Button>
        </>
      )}
    </Stack>
  )
  const assignControl = (request: AdminRequest) => (
    <Box w="full" minW="40" maxW="56">
      <Select
        ariaLabel={t('admin:requests.assignLabel', { subject: request.subject })}
        value={request.assignedTutor == null ? '' : String(request.assignedTutor)}
        onChange={(value) => onAssign(request, value)}
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
  )

  return (
    <Section title={t('admin:sections.requests')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadRequests}>
        {data && data.length === 0 && <Text color="fg.muted">{t('admin:requests.empty')}</Text>}
        {data && data.length > 0 && (
          <Box hideBelow="md">
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
                    <Table.Cell data-wrap maxW="48" overflowWrap="anywhere">
                      {r.parentName}
                      <Text fontSize="xs" color="fg.muted">
                        {r.parentEmail}
                      </Text>
                    </Table.Cell>
                    <Table.Cell data-wrap minW="24">
                      {recordTime(r.createdAt)}
                    </Table.Cell>
                    <Table.Cell>{formatNumber(r.interestedCount)}</Table.Cell>
                    <Table.Cell data-wrap minW="36" maxW="56">
                      {flagControl(r)}
                    </Table.Cell>
                    <Table.Cell>{assignControl(r)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          </Box>
        )}
        {data && data.length > 0 && (
          <Stack
            as="ul"
            gap="3"
            m="0"
            p="0"
            listStyleType="none"
            hideFrom="md"
            aria-label={t('admin:requests.caption')}
          >
            {data.map((r) => (
              <Box as="li" key={r.id} borderWidth="1px" borderColor="border" borderRadius="md" p="3">
                <Stack gap="2">
                  <Text fontWeight="medium">
                    {r.subject} · {r.classLevel}
                  </Text>
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {r.parentName} · {r.parentEmail}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {recordTime(r.createdAt)} · {t('admin:requests.interested')}: {formatNumber(r.interestedCount)}
                  </Text>
                  {flagControl(r)}
                  {assignControl(r)}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
      <FlagDialog target={flagging} onClose={() => setFlagging(null)} />
    </Section>
  )
}
