import { Badge, Button, Input, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { DialogShell } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminRequests, useAssignTutor, useFlagRequest, type AdminRequest } from '../api/requests'
import { useUsers } from '../api/users'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, ScrollTable, Section, Select } from './ui'

function FlagDialog({ target, onClose }: { target: AdminRequest | null; onClose: () => void }) {
  const form = useForm({ defaultValues: { flagReason: '' } })
  const flag = useFlagRequest()
  const submit = form.handleSubmit(({ flagReason }) => {
    if (!target) return
    flag.mutate(
      { id: target.id, flagged: true, flagReason: flagReason.trim() || null },
      {
        onSuccess: () => {
          notifySuccess('Request flagged')
          form.reset()
          onClose()
        },
        onError: (e) => notifyError(showServerError(form, e, ADMIN_MESSAGES.flag)),
      },
    )
  })
  return (
    <DialogShell
      open={target !== null}
      title="Flag request"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="flag-request-form" colorPalette="red" loading={flag.isPending}>
            Flag
          </Button>
        </>
      }
    >
      <form id="flag-request-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>
            Flag the {target?.subject} request of {target?.parentName}?
          </Text>
          <FormField label="Reason" error={form.formState.errors.flagReason?.message}>
            <Input placeholder="e.g. Suspicious contact details" {...form.register('flagReason')} />
          </FormField>
        </Stack>
      </form>
    </DialogShell>
  )
}

export function RequestsSection() {
  const { data, isPending, error } = useAdminRequests()
  const tutors = useUsers({ role: 'tutor', page: 1, limit: 100 })
  const flag = useFlagRequest()
  const assign = useAssignTutor()
  const [flagging, setFlagging] = useState<AdminRequest | null>(null)

  const unflag = (request: AdminRequest) =>
    flag.mutate(
      { id: request.id, flagged: false, flagReason: null },
      {
        onSuccess: () => notifySuccess('Request unflagged'),
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.flag)),
      },
    )
  const onAssign = (request: AdminRequest, value: string) =>
    assign.mutate(
      { id: request.id, tutorId: value ? Number(value) : null },
      {
        onSuccess: () => notifySuccess(value ? 'Tutor assigned' : 'Assignment cleared'),
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.assignTutor)),
      },
    )

  return (
    <Section title="Tuition Requests">
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadRequests}>
        {data && data.length === 0 && <Text color="fg.muted">No tuition requests yet.</Text>}
        {data && data.length > 0 && (
          <ScrollTable caption="All tuition requests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Subject</Table.ColumnHeader>
                <Table.ColumnHeader>Class</Table.ColumnHeader>
                <Table.ColumnHeader>Parent</Table.ColumnHeader>
                <Table.ColumnHeader>Posted</Table.ColumnHeader>
                <Table.ColumnHeader>Interested</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Assigned tutor</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell fontWeight="medium">{r.subject}</Table.Cell>
                  <Table.Cell>{r.classLevel}</Table.Cell>
                  <Table.Cell>
                    {r.parentName}
                    <Text fontSize="xs" color="fg.muted">
                      {r.parentEmail}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{formatDate(r.createdAt, 'dateTime')}</Table.Cell>
                  <Table.Cell>{r.interestedCount}</Table.Cell>
                  <Table.Cell>
                    {r.flagged ? (
                      <Badge colorPalette="red" title={r.flagReason ?? undefined}>
                        Flagged{r.flagReason ? `: ${r.flagReason}` : ''}
                      </Badge>
                    ) : (
                      <Badge colorPalette="green">OK</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell minW="48">
                    <Select
                      ariaLabel={`Assign a tutor to the ${r.subject} request`}
                      value={r.assignedTutor == null ? '' : String(r.assignedTutor)}
                      onChange={(value) => onAssign(r, value)}
                      disabled={assign.isPending}
                    >
                      <option value="">Not assigned</option>
                      {(tutors.data?.users ?? []).map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.fullname} ({t.email})
                        </option>
                      ))}
                    </Select>
                  </Table.Cell>
                  <Table.Cell>
                    {r.flagged ? (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => unflag(r)}
                        aria-label={`Unflag ${r.subject} request`}
                      >
                        Unflag
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setFlagging(r)}
                        aria-label={`Flag ${r.subject} request`}
                      >
                        Flag
                      </Button>
                    )}
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
