import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useReducer, useRef, useState } from 'react'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { draftKey, readDraft, writeDraft } from '@/hooks/use-form-draft'
import { useStepSave } from '@/hooks/use-step-save'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useSaveWeek, type MyAvailability } from '../api/availability'
import { DAY_LONG } from '../lib/day-names'
import { initialWeek, isDirty, slotsOf, slotsOfDay, weekReducer, WEEKDAYS, type WeeklySlot } from '../lib/week-state'
import { WeekGrid } from './WeekGrid'

/**
 * The week's unsaved ticks kept per user (sessionStorage, as forms' drafts are): put back on mount,
 * so a reload or a trip to another page loses nothing; dropped once the week equals the saved one.
 */
function useWeekDraft(state: ReturnType<typeof initialWeek>, restore: (slots: WeeklySlot[]) => void) {
  const userId = useSession().user?.id
  const key = userId != null ? draftKey(userId, 'tutor-week') : null
  const restored = useRef<string | null>(null)
  useEffect(() => {
    if (!key || restored.current === key) return
    restored.current = key
    const draft = readDraft<{ slots: WeeklySlot[] }>(key)
    if (draft && Array.isArray(draft.slots)) restore(draft.slots)
  }, [key, restore])
  const dirty = isDirty(state)
  useEffect(() => {
    // Only after the draft was put back: the first render's saved week must not erase it.
    if (key && restored.current === key) writeDraft(key, dirty ? { slots: slotsOf(state) } : null)
  }, [key, state, dirty])
}

/** The weekly slots: the grid, what it adds up to in words, and saving it whole. */
export function WeekEditor({ saved, onSaved }: { saved: MyAvailability; onSaved?: () => void }) {
  const { t } = useTranslation('availability')
  const [state, dispatch] = useReducer(weekReducer, saved.slots, initialWeek)
  const save = useSaveWeek()
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  useEffect(() => dispatch({ type: 'load', slots: saved.slots }), [saved.slots])
  const [restore] = useState(() => (slots: WeeklySlot[]) => dispatch({ type: 'restore', slots }))
  useWeekDraft(state, restore)
  const dirty = isDirty(state)
  const days = WEEKDAYS.map((day) => ({ day, slots: slotsOfDay(state.cells, day) })).filter((d) => d.slots.length)

  // Saves the week; Save and the onboarding flow's Next both come here.
  const persist = async () => {
    setStatus(null)
    try {
      await save.mutateAsync(slotsOf(state))
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error, t('availability:saveFailed')) })
      return false
    }
    setStatus({ ok: true, text: t('availability:week.saved') })
    onSaved?.()
    return true
  }
  useStepSave({ unsaved: () => dirty, save: persist })
  const submit = () => void persist()

  return (
    <Panel>
      <UnsavedChangesGuard shouldBlock={() => dirty && !save.isPending} />
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
