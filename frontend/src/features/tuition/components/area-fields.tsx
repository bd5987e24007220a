import { Box, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { MapPicker } from '@/components/map/MapPicker'
import type { LatLng } from '@/components/map/MapView'
import { FormField } from '@/components/ui/form-field'
import { TermChips } from '@/features/vocabulary/components/TermChips'
import { useTranslation } from '@/lib/i18n'
import type { TutorAreaBody } from '../api/area'
import {
  AREA_ITEM_MAX_CHARS,
  AREA_MAX_ITEMS,
  LISTS,
  listError,
  RADIUS_OPTIONS_KM,
  type AreaForm,
  type ListName,
} from '../lib/area-form'

/**
 * The teaching area's fields, each usable alone: /profile's editor shows them all in one form, the
 * onboarding steps one part each (the lists, or the place and how far), over the same form values.
 */

/** One of the area's lists: a fieldset with its legend, the term chips, its helper or error. */
export function AreaListField({
  list,
  value,
  onChange,
  error,
}: {
  list: (typeof LISTS)[number]
  value: string[]
  onChange: (next: string[]) => void
  error?: string
}) {
  const { t } = useTranslation('tuition')
  const noteId = `area-${list.name}-note`
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
        {t(list.legend)}
      </Box>
      <TermChips
        label={t(list.label)}
        facet={list.facet}
        value={value}
        onChange={onChange}
        picker={list.picker}
        allowFreeText={list.picker === 'select'}
        maxItems={AREA_MAX_ITEMS}
        maxLength={AREA_ITEM_MAX_CHARS}
        invalid={Boolean(error)}
        describedBy={noteId}
      />
      <Text id={noteId} fontSize="sm" mt="1.5" color={error ? 'fg.error' : 'fg.muted'}>
        {error ?? t(list.helper)}
      </Text>
    </Box>
  )
}

/** The form's list `name`, shown by [`AreaListField`]. */
export function AreaList({ form, name }: { form: UseFormReturn<AreaForm>; name: ListName }) {
  const list = LISTS.find((l) => l.name === name) ?? LISTS[0]
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <AreaListField list={list} value={field.value} onChange={field.onChange} error={listError(fieldState.error)} />
      )}
    />
  )
}

/** Where the tutor teaches (the map with its place search and the radius's circle) and how far they travel. */
export function AreaPlaceFields({ form }: { form: UseFormReturn<AreaForm> }) {
  const { t } = useTranslation('tuition')
  const radius = useWatch({ control: form.control, name: 'radiusKm' })
  const { errors } = useFormState({ control: form.control, name: 'radiusKm' })
  const radiusField = form.register('radiusKm', { valueAsNumber: true })
  const options = RADIUS_OPTIONS_KM.includes(radius)
    ? RADIUS_OPTIONS_KM
    : [...RADIUS_OPTIONS_KM, radius].sort((a, b) => a - b)
  return (
    <>
      <Controller
        control={form.control}
        name="location"
        render={({ field, fieldState }) => (
          <Stack gap="1.5">
            <Text fontWeight="medium" fontSize="sm">
              {t('tuition:a.where')}
            </Text>
            <MapPicker
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              help={t('tuition:a.help')}
              radiusKm={radius}
              searchLabel={t('tuition:a.find')}
            />
          </Stack>
        )}
      />
      <FormField label={t('tuition:a.far')} error={errors.radiusKm?.message} helperText={t('tuition:a.farHelp')}>
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW="xs">
          <NativeSelect.Field {...radiusField}>
            {options.map((km) => (
              <option key={km} value={km}>
                {t('tuition:km', { km })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </>
  )
}

/** The form's values as PUT /tutors/me/area takes them (the whole area: every list and the place). */
export function toAreaBody(values: AreaForm): TutorAreaBody {
  const location = values.location as LatLng
  return {
    location: [location.lng, location.lat],
    radiusKm: values.radiusKm,
    subjects: values.subjects.map((s) => s.trim()),
    classes: values.classes.map((s) => s.trim()),
    // Ids from the server's vocabulary.
    boards: values.boards as TutorAreaBody['boards'],
    modes: values.modes as TutorAreaBody['modes'],
  }
}
