import { NativeSelect, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import type { Dispatch } from 'react'
import { FormField } from '@/components/ui/form-field'
import { useLanguage, useTranslation } from '@/lib/i18n'
import type { BookFormAction } from '../lib/book-form'
import { dayLabel, istTime } from '../lib/ist'
import type { DayStarts } from '../lib/slots'
import { ChoiceButtons } from './ChoiceButtons'

interface SlotPickerProps {
  days: DayStarts[]
  day: DayStarts | null
  start: string | null
  error?: string
  dispatch: Dispatch<BookFormAction>
}

/** The tutor's free days of the next two weeks (IST) and the quarter-hour starts the chosen length fits at. */
export function SlotPicker({ days, day, start, error, dispatch }: SlotPickerProps) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  if (days.length === 0) {
    return <Text data-testid="no-free-times">{t('bookings:dialog.none')}</Text>
  }
  return (
    <Stack gap="3">
      <Text fontWeight="medium">{t('bookings:dialog.freeHeading')}</Text>
      <ChoiceButtons
        label={t('bookings:dialog.day')}
        options={days.map((d) => ({ value: d.day, text: dayLabel(d.day, language) }))}
        value={day?.day ?? null}
        onChange={(value) => dispatch({ type: 'day', day: value })}
      />
      <FormField label={t('bookings:dialog.start')} error={error} required>
        <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
          <NativeSelect.Field value={start ?? ''} onChange={(e) => dispatch({ type: 'start', start: e.target.value })}>
            <option value="" disabled>
              {t('bookings:dialog.chooseStart')}
            </option>
            {day?.starts.map((iso) => (
              <option key={iso} value={iso}>
                {istTime(iso)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </Stack>
  )
}
