import { Box, Button, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { MapPicker } from '@/components/map/MapPicker'
import type { LatLng } from '@/components/map/MapView'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useVocabulary } from '@/features/vocabulary'
import { TermChips } from '@/features/vocabulary/components/TermChips'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import {
  loadAreaFailed,
  saveAreaFailed,
  useSaveTutorArea,
  useTutorArea,
  type TutorArea,
  type TutorAreaBody,
} from '../api/area'
import {
  AREA_ITEM_MAX_CHARS,
  AREA_MAX_ITEMS,
  areaSchema,
  LISTS,
  listError,
  RADIUS_OPTIONS_KM,
  toForm,
  type AreaForm,
} from '../lib/area-form'

/** One of the area's lists: a fieldset with its legend, the term chips, its helper or error. */
function AreaListField({
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

function AreaFormView({ area }: { area: TutorArea | null }) {
  const { t } = useTranslation('tuition')
  const save = useSaveTutorArea()
  const form = useForm<AreaForm>({ resolver: zodResolver(areaSchema), defaultValues: toForm(area) })
  const { errors, isDirty } = form.formState
  const radius = useWatch({ control: form.control, name: 'radiusKm' })
  const radiusField = form.register('radiusKm', { valueAsNumber: true })
  const options = RADIUS_OPTIONS_KM.includes(radius)
    ? RADIUS_OPTIONS_KM
    : [...RADIUS_OPTIONS_KM, radius].sort((a, b) => a - b)

  const onSubmit = form.handleSubmit((values) => {
    const location = values.location as LatLng
    save.mutate(
      {
        location: [location.lng, location.lat],
        radiusKm: values.radiusKm,
        subjects: values.subjects.map((s) => s.trim()),
        classes: values.classes.map((s) => s.trim()),
        // Ids from the server's vocabulary.
        boards: values.boards as TutorAreaBody['boards'],
        modes: values.modes as TutorAreaBody['modes'],
      },
      {
        // The saved answer becomes the form's clean state, so 'Saved' shows until the next change.
        onSuccess: (saved) => form.reset(toForm(saved)),
        onError: (e) => showServerError(form, e, saveAreaFailed()),
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('tuition:a.title')}>
      <Stack gap="5">
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
        {LISTS.map((list) => (
          <Controller
            key={list.name}
            control={form.control}
            name={list.name}
            render={({ field, fieldState }) => (
              <AreaListField
                list={list}
                value={field.value}
                onChange={field.onChange}
                error={listError(fieldState.error)}
              />
            )}
          />
        ))}
        {errors.root?.server?.message && <FormAlert status="error" message={errors.root.server.message} />}
        <HStack gap="3">
          <Button type="submit" loading={save.isPending} loadingText={t('tuition:a.saving')}>
            {t('tuition:a.save')}
          </Button>
          {save.isSuccess && !isDirty && (
            <Text role="status" color="green.700" display="flex" alignItems="center" gap="1">
              <Check aria-hidden size={18} /> {t('tuition:a.done')}
            </Text>
          )}
        </HStack>
      </Stack>
    </form>
  )
}

/**
 * /profile, tutors only: where they teach (the map, a circle of the radius), how far they travel
 * (2–25 km), and their subjects and classes. New requests inside it reach them as alerts, and
 * /nearby starts from it.
 */
export default function TeachingAreaEditor() {
  const { t } = useTranslation('tuition')
  const area = useTutorArea()
  // The lists show labels and checkboxes from the start (if the vocabulary fails, ids and no checkboxes).
  const vocabulary = useVocabulary()
  const ready = area.isSuccess && !vocabulary.isPending
  return (
    <Panel as="section" aria-labelledby="teaching-area">
      <Heading as="h2" id="teaching-area" size="lg" mb="1">
        {t('tuition:a.title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t('tuition:a.intro')}
      </Text>
      {(area.isPending || (area.isSuccess && !ready)) && <Spinner aria-label={t('tuition:a.loading')} />}
      {area.isError && <FormAlert status="error" message={errorMessage(area.error, loadAreaFailed())} />}
      {area.isSuccess && area.data?.placeName && (
        <Text fontSize="sm" mb="3" data-testid="area-summary">
          {t('tuition:a.saved', { place: area.data.placeName, km: area.data.radiusKm })}
        </Text>
      )}
      {ready && <AreaFormView area={area.data} />}
    </Panel>
  )
}
