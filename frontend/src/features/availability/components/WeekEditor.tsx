import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useReducer, useState } from 'react'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { useSaveWeek, type MyAvailability } from '../api/availability'
import { DAY_LONG } from '../lib/day-names'
import { initialWeek, isDirty, slotsOf, slotsOfDay, weekReducer, WEEKDAYS } from '../lib/week-state'
import { WeekGrid } from './WeekGrid'

/** The weekly slots: the grid, what it adds up to in words, and saving it whole. */
export function WeekEditor({ saved }: { saved: MyAvailability }) {
  const { t } = useTranslation('availability')
  const [state, dispatch] = useReducer(weekReducer, saved.slots, initialWeek)
  const save = useSaveWeek()
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  useEffect(() => dispatch({ type: 'load', slots: saved.slots }), [saved.slots])
  const dirty = isDirty(state)
  const days = WEEKDAYS.map((day) => ({ day, slots: slotsOfDay(state.cells, day) })).filter((d) => d.slots.length)

  const submit = () => {
    setStatus(null)
    save.mutate(slotsOf(state), {
      onSuccess: () => setStatus({ ok: true, text: t('availability:week.saved') }),
      onError: (error) => setStatus({ ok: false, text: errorMessage(error, t('availability:saveFailed')) }),
    })
  }

  return (
    <Panel>
      <Heading as="h2" size="lg" mb="2">
        {t('availability:week.heading')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('availability:week.help')}
      </Text>
      <WeekGrid state={state} dispatch={dispatch} />
      <Box mt="4" aria-live="polite" data-testid="week-summary">
        {days.length === 0 ? (
          <Text color="fg.muted">{t('availability:week.none')}</Text>
        ) : (
          <Stack as="ul" ps="5" gap="1" listStyleType="disc">
            {days.map(({ day, slots }) => (
              <Box as="li" key={day}>
                {t('availability:week.summary', {
                  day: t(DAY_LONG[day]),
                  slots: slots.map((s) => `${s.start}–${s.end}`).join(', '),
                })}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      {status && (
        <Text mt="3" role={status.ok ? 'status' : 'alert'} color={status.ok ? 'green.700' : 'red.700'}>
          {status.text}
        </Text>
      )}
      <HStack mt="4" gap="3" wrap="wrap">
        <Button colorPalette="blue" onClick={submit} loading={save.isPending} disabled={!dirty}>
          {t('availability:week.save')}
        </Button>
        <Button variant="outline" onClick={() => dispatch({ type: 'undo' })} disabled={!dirty}>
          {t('availability:week.undo')}
        </Button>
      </HStack>
    </Panel>
  )
}
