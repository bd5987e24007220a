import { HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { FormField } from '@/components/ui/form-field'
import { useLanguage, useTranslation } from '@/lib/i18n'
import type { Booking } from '../api/types'
import { TEXT_MAX, type ActionValues } from '../lib/action-form'
import type { BookingActionKind } from '../lib/booking-view'
import { LENGTHS } from '../lib/slots'
import { whenText } from '../lib/when-text'
import { ChoiceButtons } from './ChoiceButtons'

interface ActionFieldsProps {
  kind: BookingActionKind
  booking: Booking
  values: ActionValues
  errors: Record<string, string>
  late: boolean
  onChange: (values: Partial<ActionValues>) => void
}

const TEXT_LABEL: Partial<Record<BookingActionKind, string>> = {
  decline: 'bookings:forms.reason',
  cancel: 'bookings:forms.note',
  reschedule: 'bookings:forms.note',
}

/** What each action asks: a proposal to accept, a reason, a note, a new time. */
export function ActionFields({ kind, booking, values, errors, late, onChange }: ActionFieldsProps) {
  const { t } = useTranslation('bookings')
  const language = useLanguage()
  const textLabel = TEXT_LABEL[kind]
  return (
    <Stack gap="4">
      {kind === 'accept' && booking.status === 'proposed' && (
        <Stack gap="2">
          <Text>{t('bookings:forms.pickProposal')}</Text>
          <ChoiceButtons
            label={t('bookings:forms.pickProposal')}
            options={booking.proposals.map((p) => ({
              value: p.startsAt,
              text: whenText(p.startsAt, p.endsAt, language),
            }))}
            value={values.pick}
            onChange={(pick) => onChange({ pick })}
          />
          {errors.startsAt && (
            <Text color="red.700" role="alert">
              {errors.startsAt}
            </Text>
          )}
        </Stack>
      )}
      {kind === 'cancel' && late && (
        <Text color="orange.800" data-testid="late-warning">
          {t('bookings:forms.lateWarning')}
        </Text>
      )}
      {kind === 'noShow' && <Text>{t('bookings:forms.noShowText')}</Text>}
      {kind === 'reschedule' && (
        <>
          <HStack gap="2" align="flex-start" wrap="wrap">
            <FormField label={t('bookings:dialog.date')} error={errors.startsAt ?? errors.endsAt} required>
              <Input type="date" value={values.date} onChange={(e) => onChange({ date: e.target.value })} />
            </FormField>
            <FormField label={t('bookings:dialog.time')} required>
              <Input type="time" step={900} value={values.time} onChange={(e) => onChange({ time: e.target.value })} />
            </FormField>
          </HStack>
          <Stack gap="2">
            <Text fontWeight="medium">{t('bookings:dialog.length')}</Text>
            <ChoiceButtons
              label={t('bookings:dialog.length')}
              options={LENGTHS.map((minutes) => ({ value: minutes, text: t('bookings:minutes', { count: minutes }) }))}
              value={values.length}
              onChange={(length) => onChange({ length })}
            />
          </Stack>
        </>
      )}
      {textLabel && (
        <FormField label={t(textLabel)} error={errors.reason ?? errors.note} required>
          <Textarea
            recipe={textareaRecipe}
            value={values.text}
            maxLength={TEXT_MAX}
            rows={3}
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </FormField>
      )}
    </Stack>
  )
}
