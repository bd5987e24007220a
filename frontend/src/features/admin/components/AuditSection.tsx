import { Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { useAuditLog } from '../api/communication'
import { ADMIN_MESSAGES } from '../lib/messages'
import { DataTable, type Column } from './DataTable'
import { QueryState, Section, recordTime } from './ui'

type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>['data']>[number]

export function AuditSection() {
  const { t } = useTranslation()
  const { data, isPending, error } = useAuditLog()
  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: t('admin:audit.when'), cell: (e) => recordTime(e.createdAt), wrap: '24' },
    { key: 'who', header: t('admin:audit.who'), cell: (e) => e.adminEmail, wrap: '40' },
    { key: 'what', header: t('admin:audit.what'), cell: (e) => e.action, card: 'title' },
    { key: 'target', header: t('admin:audit.target'), cell: (e) => e.target, wrap: '24' },
    { key: 'details', header: t('admin:audit.details'), cell: (e) => e.details || '-', wrap: '40' },
    { key: 'from', header: t('admin:audit.from'), cell: (e) => e.clientAddress || '-', wrap: '24' },
  ]
  return (
    <Section title={t('admin:sections.audit')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAudit}>
        {data?.length === 0 ? (
          <Text color="fg.muted">{t('admin:audit.empty')}</Text>
        ) : (
          <DataTable caption={t('admin:audit.caption')} rows={data ?? []} rowKey={(e) => e.id} columns={columns} />
        )}
      </QueryState>
    </Section>
  )
}
