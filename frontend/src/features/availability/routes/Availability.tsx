import { Flex, Spinner, Stack, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { Page } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { useMyAvailability } from '../api/availability'
import { TimeOffSection } from '../components/TimeOffSection'
import { WeekEditor } from '../components/WeekEditor'

/** /availability: a tutor's weekly slots and time off, in IST. */
export default function Availability() {
  const { t } = useTranslation('availability')
  const mine = useMyAvailability()
  return (
    <Page title={t('availability:title')} subtitle={t('availability:subtitle')} maxW="6xl">
      {mine.isPending ? (
        <Flex justify="center" py="10" role="status" aria-label={t('availability:loading')}>
          <Spinner size="lg" color="blue.600" />
        </Flex>
      ) : mine.isError ? (
        <Text role="alert">{errorMessage(mine.error, t('availability:loadFailed'))}</Text>
      ) : (
        <Stack gap="6">
          <WeekEditor saved={mine.data} />
          <TimeOffSection saved={mine.data} />
        </Stack>
      )}
    </Page>
  )
}
