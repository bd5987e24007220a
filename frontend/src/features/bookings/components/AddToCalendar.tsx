import { Button, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { api, errorMessage, request } from '@/api/client'
import { useTranslation } from '@/lib/i18n'

/**
 * "Add to calendar (.ics)" on a confirmed class: fetched with the session (the file is for the
 * class's two sides only) and handed to the browser as a download.
 */
export function AddToCalendar({ id }: { id: number }) {
  const { t } = useTranslation('bookings')
  const [failure, setFailure] = useState<unknown>(null)
  const download = async () => {
    setFailure(null)
    try {
      const ics = await request(
        api.GET('/bookings/{id}/calendar.ics', { params: { path: { id } }, parseAs: 'text' }),
        t('bookings:calendar.downloadFailed'),
      )
      const link = document.createElement('a')
      link.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }))
      link.download = `demo-class-${id}.ics`
      link.click()
      URL.revokeObjectURL(link.href)
    } catch (error) {
      setFailure(error)
    }
  }
  return (
    <>
      <Button size="sm" variant="ghost" colorPalette="blue" onClick={download}>
        {t('bookings:calendar.download')}
      </Button>
      {failure !== null && <Text role="alert">{errorMessage(failure, t('bookings:calendar.downloadFailed'))}</Text>}
    </>
  )
}
