import { Table, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { useAuditLog } from '../api/communication'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, ScrollTable, Section, recordTime } from './ui'

export function AuditSection() {
  const { t } = useTranslation()
  const { data, isPending, error } = useAuditLog()
  return (
    <Section title={t('admin:sections.audit')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAudit}>
        {data?.length === 0 ? (
          <Text color="fg.muted">{t('admin:audit.empty')}</Text>
        ) : (
          <ScrollTable caption={t('admin:audit.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin:audit.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:audit.who')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:audit.what')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:audit.target')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:audit.details')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin:audit.from')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.map((e) => (
                <Table.Row key={e.id}>
                  <Table.Cell>{recordTime(e.createdAt)}</Table.Cell>
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
