import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { BookDemoButton } from '@/components/book-demo-button'
import { Panel } from '@/components/page'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { useFreeTimes } from '../api/availability'
import { byDay, dayLabel } from '../lib/ist'

/** The public profile's "Available": the tutor's free times in the next two weeks, by IST day. */
export default function AvailableSummary({ tutorId, tutorName }: { tutorId: number; tutorName: string }) {
  const { t } = useTranslation('availability')
  const language = useLanguage()
  const free = useFreeTimes(tutorId)
  // Nothing to say while loading or when the times cannot be read: the profile stands without them.
  if (!free.data) return null
  const days = byDay(free.data.free)
  return (
    <Panel>
      <section aria-labelledby="available-heading" data-testid="available-summary">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="1">
          <Heading as="h2" size="lg" id="available-heading">
            {t('availability:free.heading')}
          </Heading>
          {/* A parent books one of these times (or proposes others) beside them. */}
          <BookDemoButton tutor={{ id: tutorId, name: tutorName }} size="sm" variant="solid" />
        </Flex>
        <Text color="fg.muted" mb="3">
          {t('availability:free.help')}
        </Text>
        {days.length === 0 ? (
          <Text>{t('availability:free.none')}</Text>
        ) : (
          <Stack as="ul" ps="5" gap="1" listStyleType="disc">
            {days.map(({ day, spans }) => (
              <Box as="li" key={day}>
                {t('availability:free.day', { day: dayLabel(day, language), spans: spans.join(', ') })}
              </Box>
            ))}
          </Stack>
        )}
      </section>
    </Panel>
  )
}
