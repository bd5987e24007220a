import { Badge, Box, Button, Input, Stack, Table, Text } from '@chakra-ui/react'
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

/** What an admin reads under a flag: the reason given when flagging, if any. */
function flagReasonText(reason: string | null | undefined): string {
  return reason?.trim() ? `Reason: ${reason.trim()}` : 'No reason given.'
}

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
                <Table.ColumnHeader>Request</Table.ColumnHeader>
                <Table.ColumnHeader>Parent</Table.ColumnHeader>
                <Table.ColumnHeader>Posted</Table.ColumnHeader>
                <Table.ColumnHeader>Interested</Table.ColumnHeader>
                <Table.ColumnHeader>Flag</Table.ColumnHeader>
                <Table.ColumnHeader>Assigned tutor</Table.ColumnHeader>
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
                  <Table.Cell>{formatDate(r.createdAt, 'dateTime')}</Table.Cell>
                  <Table.Cell>{r.interestedCount}</Table.Cell>
                  {/* The status, its reason and the action together, so a flag is read and undone in one place. */}
                  <Table.Cell data-wrap minW="40" maxW="64">
                    <Stack gap="1.5" align="flex-start">
                      {r.flagged ? (
                        <>
                          <Badge colorPalette="red">Flagged</Badge>
                          <Text fontSize="xs" overflowWrap="anywhere">
                            {flagReasonText(r.flagReason)}
                          </Text>
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() => unflag(r)}
                            aria-label={`Unflag ${r.subject} request`}
                          >
                            Unflag
                          </Button>
                        </>
                      ) : (
                        <>
                          <Badge colorPalette="green">OK</Badge>
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => setFlagging(r)}
                            aria-label={`Flag ${r.subject} request`}
                          >
                            Flag
                          </Button>
                        </>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Box w="56">
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
