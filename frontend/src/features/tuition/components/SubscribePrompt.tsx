import { Box, Button, Heading, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { ApiError } from '@/api/client'
import { Panel } from '@/components/page'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useTutorArea } from '../api/area'
import { nearbyCountText, useNearbyCount } from '../api/nearby-count'

/**
 * Before paying, how many open requests lie in the tutor's saved area (a number only),
 * or the prompt to save an area when there is none.
 */
function NearbyCountLine() {
  const { t } = useTranslation('tuition')
  const area = useTutorArea()
  const count = useNearbyCount({ enabled: area.isSuccess && area.data !== null })
  const noArea =
    (area.isSuccess && area.data === null) || (count.error instanceof ApiError && count.error.code === 'area_not_set')
  if (count.isSuccess) {
    return (
      <Text mb="3" fontSize="lg" fontWeight="semibold" color="blue.800" data-testid="nearby-count">
        {nearbyCountText(count.data)}
      </Text>
    )
  }
  if (noArea) {
    return (
      <Text mb="3" data-testid="nearby-count">
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/profile">{t('tuition:saveArea')}</RouterLink>
        </Link>{' '}
        {t('tuition:countRest')}
      </Text>
    )
  }
  // Loading, or the count could not be had: the prompt stands without it.
  return null
}

/** SPEC §4: a tutor without an active subscription sees this and no request data. */
export default function SubscribePrompt({ message }: { message?: string }) {
  const { t } = useTranslation('tuition')
  return (
    <Panel as="section" aria-labelledby="subscribe-prompt">
      <Heading as="h2" id="subscribe-prompt" size="xl" mb="2">
        {t('tuition:subTitle')}
      </Heading>
      <Box aria-live="polite">
        <NearbyCountLine />
      </Box>
      {message && <Text mb="2">{message}</Text>}
      <Text mb="4">{t('tuition:subText', { price: formatMoney(SUBSCRIPTION_PRICE_RUPEES) })}</Text>
      <Button asChild>
        <RouterLink to="/subscribe">{t('common:nav.subscribe')}</RouterLink>
      </Button>
    </Panel>
  )
}
