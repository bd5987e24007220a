import { Badge, Box, Heading, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react'
import { useId, type ReactNode } from 'react'
import { formatMoney, formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useAnalytics } from '../api/analytics'
import { ADMIN_MESSAGES } from '../lib/messages'
import { BarChart } from './BarChart'
import { QueryState, Section } from './ui'
import { OpenReportsFigure } from './ReportsSection'

/** One figure of a definition list: its name (dt) and value (dd), grouped in a div as HTML allows. */
function Card({ label, value }: { label: string; value: string | number }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="lg" p="4" bg="bg.subtle">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="bold">
        {typeof value === 'number' ? formatNumber(value) : value}
      </Text>
    </Box>
  )
}

/** A titled group of figures: an h3 and a definition list. */
function Figures({
  title,
  columns,
  children,
}: {
  title: string
  columns: SimpleGridProps['columns']
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" mb="3" id={headingId}>
        {title}
      </Heading>
      <SimpleGrid as="dl" columns={columns} gap="3">
        {children}
      </SimpleGrid>
    </Box>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="lg" p="4" minW="0">
      <Heading as="h3" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  )
}

export function AnalyticsSection() {
  const { t } = useTranslation()
  const { data, isPending, error } = useAnalytics()
  return (
    <Section title={t('admin:sections.analytics')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAnalytics}>
        {data && (
          <Stack gap="5">
            <OpenReportsFigure />
            <Figures title={t('admin:analytics.users')} columns={{ base: 2, md: 3, lg: 6 }}>
              <Card label={t('admin:analytics.totalUsers')} value={data.userStats.totalUsers} />
              <Card label={t('admin:analytics.tutors')} value={data.userStats.tutors} />
              <Card label={t('admin:analytics.students')} value={data.userStats.students} />
              <Card label={t('admin:analytics.active')} value={data.userStats.active} />
              <Card label={t('admin:analytics.inactive')} value={data.userStats.inactive} />
              <Card
                label={t('admin:analytics.ratio')}
                value={
                  data.userStats.tutorStudentRatio == null
                    ? '-'
                    : formatNumber(Math.round(data.userStats.tutorStudentRatio * 100) / 100)
                }
              />
            </Figures>
            <Figures title={t('admin:analytics.revenue')} columns={{ base: 1, md: 3 }}>
              <Card label={t('admin:analytics.totalRevenue')} value={formatMoney(data.revenue.total)} />
              <Card label={t('admin:analytics.thisMonth')} value={formatMoney(data.revenue.thisMonth)} />
              <Card label={t('admin:analytics.lastMonth')} value={formatMoney(data.revenue.lastMonth)} />
            </Figures>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <Panel title={t('admin:analytics.searchTrends')}>
                <BarChart
                  label={t('admin:analytics.searchTrends')}
                  items={data.searchTrends.map((trend) => ({ name: trend.term, value: trend.count }))}
                />
              </Panel>
              <Panel title={t('admin:analytics.popularTutors')}>
                <BarChart
                  label={t('admin:analytics.popularTutors')}
                  items={data.popularTutors.map((tutor) => ({ name: tutor.name, value: tutor.count }))}
                />
              </Panel>
            </SimpleGrid>
            <Panel title={t('admin:analytics.heatmap')}>
              <Badge colorPalette="orange">{t('admin:analytics.comingSoon')}</Badge>
              <Text color="fg.muted" mt="2">
                {t('admin:analytics.heatmapText')}
              </Text>
            </Panel>
          </Stack>
        )}
      </QueryState>
    </Section>
  )
}
