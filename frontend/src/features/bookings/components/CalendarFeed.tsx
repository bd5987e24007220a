import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { useTranslation } from '@/lib/i18n'
import { useCalendarFeed, useRotateFeed, useStopFeed } from '../api/calendar'

/**
 * My classes' Calendar section (loaded when opened): the private feed address to paste into Google
 * or Apple Calendar, copied with one click, replaced ("Get a new link") or stopped.
 */
export default function CalendarFeed() {
  const { t } = useTranslation('bookings')
  const [stopped, setStopped] = useState(false)
  const [copied, setCopied] = useState(false)
  const feed = useCalendarFeed(!stopped)
  const rotate = useRotateFeed()
  const stop = useStopFeed()
  const url = stopped ? undefined : feed.data?.url
  const failure = feed.error ?? rotate.error ?? stop.error

  const copy = async () => {
    if (!url) return
    await navigator.clipboard?.writeText(url)
    setCopied(true)
  }
  const renew = () => {
    setCopied(false)
    rotate.mutate(undefined, { onSuccess: () => setStopped(false) })
  }
  const end = () => {
    setCopied(false)
    stop.mutate(undefined, { onSuccess: () => setStopped(true) })
  }

  return (
    <Stack as="section" aria-label={t('bookings:calendar.title')} gap="3" mb="4">
      <Text fontWeight="semibold">{t('bookings:calendar.title')}</Text>
      <Text color="fg.muted" fontSize="sm">
        {t('bookings:calendar.explain')}
      </Text>
      {stopped ? (
        <Text role="status">{t('bookings:calendar.stopped')}</Text>
      ) : (
        <Input
          readOnly
          value={url ?? ''}
          aria-label={t('bookings:calendar.address')}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
      <HStack gap="2" wrap="wrap">
        {!stopped && (
          <Button size="sm" colorPalette="blue" onClick={copy} disabled={!url}>
            {copied ? t('bookings:calendar.copied') : t('bookings:calendar.copy')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={renew} loading={rotate.isPending}>
          {t('bookings:calendar.rotate')}
        </Button>
        {!stopped && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={end} loading={stop.isPending} disabled={!url}>
            {t('bookings:calendar.stop')}
          </Button>
        )}
      </HStack>
      {failure && <Text role="alert">{errorMessage(failure, t('bookings:calendar.saveFailed'))}</Text>}
    </Stack>
  )
}
