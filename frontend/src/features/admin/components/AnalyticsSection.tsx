import { Badge, Box, Heading, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react'
import { useId, type ReactNode } from 'react'
import { useAnalytics } from '../api/analytics'
import { ADMIN_MESSAGES } from '../lib/messages'
import { BarChart } from './BarChart'
import { QueryState, Section } from './ui'

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 })

/** One figure of a definition list: its name (dt) and value (dd), grouped in a div as HTML allows. */
function Card({ label, value }: { label: string; value: string | number }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="lg" p="4" bg="bg.subtle">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="bold">
        {value}
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
  const { data, isPending, error } = useAnalytics()
  return (
    <Section title="Analytics & Reports">
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAnalytics}>
        {data && (
          <Stack gap="5">
            <Figures title="Users" columns={{ base: 2, md: 3, lg: 6 }}>
              <Card label="Total users" value={data.userStats.totalUsers} />
              <Card label="Tutors" value={data.userStats.tutors} />
              <Card label="Students" value={data.userStats.students} />
              <Card label="Active" value={data.userStats.active} />
              <Card label="Inactive" value={data.userStats.inactive} />
              <Card
                label="Tutors per student"
                value={data.userStats.tutorStudentRatio == null ? '-' : data.userStats.tutorStudentRatio.toFixed(2)}
              />
            </Figures>
            <Figures title="Revenue" columns={{ base: 1, md: 3 }}>
              <Card label="Total revenue" value={rupees.format(data.revenue.total)} />
              <Card label="This month" value={rupees.format(data.revenue.thisMonth)} />
              <Card label="Last month" value={rupees.format(data.revenue.lastMonth)} />
            </Figures>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <Panel title="Search trends">
                <BarChart
                  label="Search trends"
                  items={data.searchTrends.map((t) => ({ name: t.term, value: t.count }))}
                />
              </Panel>
              <Panel title="Popular tutors">
                <BarChart
                  label="Popular tutors"
                  items={data.popularTutors.map((t) => ({ name: t.name, value: t.count }))}
                />
              </Panel>
            </SimpleGrid>
            <Panel title="Activity heatmap">
              <Badge colorPalette="orange">Coming soon</Badge>
              <Text color="fg.muted" mt="2">
                A map of where requests and searches happen will appear here.
              </Text>
            </Panel>
          </Stack>
        )}
      </QueryState>
    </Section>
  )
}
