import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import type { ReportReason, ReportTarget } from '@/components/moderation/api'
import { ACTION_LABELS, OUTCOME_LABELS, REASON_LABELS, TARGET_LABELS } from '@/components/moderation/labels'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useDecideReport, useOpenReports, useReportQueue, type QueuedReport, type ReportAction } from '../api/reports'
import { QueryState, Section, recordTime } from './ui'

const ACTIONS: readonly ReportAction[] = ['dismiss', 'warn', 'remove', 'suspend', 'ban']

/** 'N open reports, oldest waiting M hours': on the dashboard and above the queue. */
export function OpenReportsFigure() {
  const { t } = useTranslation('moderation')
  const open = useOpenReports()
  if (!open.data) return null
  const hours = Math.floor((open.data.oldestAgeSeconds ?? 0) / 3600)
  return (
    <Text fontWeight="medium" data-testid="open-reports">
      {t('moderation:admin.open', { count: open.data.count })}
      {open.data.count > 0 && ` · ${t('moderation:admin.oldest', { hours })}`}
    </Text>
  )
}

function Context({ item }: { item: QueuedReport }) {
  const { t } = useTranslation('moderation')
  const reported = item.report.target === 'message' ? item.report.targetId : null
  return (
    <Stack gap="2" fontSize="sm">
      {item.thread.length > 0 && (
        <Box>
          <Text fontWeight="medium">{t('moderation:admin.thread')}</Text>
          <Stack as="ol" gap="1" m="0" ps="4">
            {item.thread.map((m) => (
              <Box as="li" key={m.id} fontWeight={m.id === reported ? 'bold' : 'normal'} overflowWrap="anywhere">
                {m.from.name}: {m.text}
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {item.request && (
        <Text>
          {t('moderation:admin.request', { subject: item.request.subject, classLevel: item.request.classLevel })}
        </Text>
      )}
      <Box>
        <Text fontWeight="medium">{t('moderation:admin.earlier')}</Text>
        {item.earlier.length === 0 ? (
          <Text color="fg.muted">{t('moderation:admin.noEarlier')}</Text>
        ) : (
          <Stack as="ul" gap="0" m="0" ps="4">
            {item.earlier.map((r) => (
              <li key={r.id}>
                {t('moderation:admin.earlierItem', {
                  reason: t(REASON_LABELS[r.reason as ReportReason]),
                  outcome: r.outcome ? t(OUTCOME_LABELS[r.outcome] ?? r.outcome) : t('moderation:admin.pending'),
                })}
              </li>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  )
}

function ReportCard({ item, onAction }: { item: QueuedReport; onAction: (action: ReportAction) => void }) {
  const { t } = useTranslation('moderation')
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="md" p="4" listStyleType="none">
      <Stack gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="red">{t(REASON_LABELS[item.report.reason as ReportReason])}</Badge>
          <Badge variant="outline">{t(TARGET_LABELS[item.report.target as ReportTarget])}</Badge>
          {!item.reportedActive && <Badge colorPalette="gray">{t('moderation:admin.suspended')}</Badge>}
        </HStack>
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {t('moderation:admin.about', { name: item.reportedName, email: item.reportedEmail })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('moderation:admin.reportedBy', { name: item.reporterName })} ·{' '}
          {t('moderation:admin.filed', { date: recordTime(item.report.createdAt) })}
        </Text>
        {item.report.details && <Text overflowWrap="anywhere">{item.report.details}</Text>}
        <Context item={item} />
        <HStack gap="2" wrap="wrap">
          {ACTIONS.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'suspend' || a === 'ban' ? 'solid' : 'outline'}
              colorPalette={a === 'suspend' || a === 'ban' ? 'red' : 'gray'}
              onClick={() => onAction(a)}
            >
              {t(ACTION_LABELS[a])}
            </Button>
          ))}
        </HStack>
      </Stack>
    </Box>
  )
}

/** The report queue: oldest first, each report in its context, with the admin's five actions. */
export function ReportsSection() {
  const { t } = useTranslation('moderation')
  const queue = useReportQueue()
  const decide = useDecideReport()
  const [confirming, setConfirming] = useState<{ item: QueuedReport; action: ReportAction } | null>(null)
  const run = (item: QueuedReport, action: ReportAction) =>
    decide.mutate(
      { id: item.report.id, action },
      {
        onSuccess: () => {
          notifySuccess(t('moderation:admin.decided'))
          setConfirming(null)
        },
        onError: (e) => notifyError(errorMessage(e, t('moderation:admin.decideFailed'))),
      },
    )
  const act = (item: QueuedReport, action: ReportAction) =>
    action === 'suspend' || action === 'ban' ? setConfirming({ item, action }) : run(item, action)
  return (
    <Section title={t('moderation:admin.title')} actions={<OpenReportsFigure />}>
      <QueryState isPending={queue.isPending} error={queue.error} fallback={t('moderation:admin.failed')}>
        {queue.data?.length === 0 && <Text color="fg.muted">{t('moderation:admin.empty')}</Text>}
        <Stack as="ul" gap="3" m="0" p="0">
          {queue.data?.map((item) => (
            <ReportCard key={item.report.id} item={item} onAction={(a) => act(item, a)} />
          ))}
        </Stack>
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(ACTION_LABELS[confirming.action]) : ''}
        text={
          confirming
            ? t(confirming.action === 'ban' ? 'moderation:admin.confirmBan' : 'moderation:admin.confirmSuspend', {
                name: confirming.item.reportedName,
              })
            : ''
        }
        confirmLabel={confirming ? t(ACTION_LABELS[confirming.action]) : ''}
        busy={decide.isPending}
        onConfirm={() => confirming && run(confirming.item, confirming.action)}
        onClose={() => setConfirming(null)}
      />
    </Section>
  )
}
