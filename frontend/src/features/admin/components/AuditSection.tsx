import { Table, Text } from '@chakra-ui/react'
import { formatDate } from '@/lib/format'
import { useAuditLog } from '../api/communication'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, ScrollTable, Section } from './ui'

export function AuditSection() {
  const { data, isPending, error } = useAuditLog()
  return (
    <Section title="Audit Log">
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAudit}>
        {data?.length === 0 ? (
          <Text color="fg.muted">No admin actions recorded yet.</Text>
        ) : (
          <ScrollTable caption="Admin actions, newest first">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>What</Table.ColumnHeader>
                <Table.ColumnHeader>Target</Table.ColumnHeader>
                <Table.ColumnHeader>Details</Table.ColumnHeader>
                <Table.ColumnHeader>From</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.map((e) => (
                <Table.Row key={e.id}>
                  <Table.Cell>{formatDate(e.createdAt, 'dateTime')}</Table.Cell>
                  <Table.Cell>{e.adminEmail}</Table.Cell>
                  <Table.Cell>{e.action}</Table.Cell>
                  <Table.Cell>{e.target}</Table.Cell>
                  <Table.Cell>{e.details || '-'}</Table.Cell>
                  <Table.Cell>{e.clientAddress || '-'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </QueryState>
    </Section>
  )
}
