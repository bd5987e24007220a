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
import { TermChips, useVocabulary } from '@/features/vocabulary'
import { showServerError } from '@/lib/form-errors'
import {
  LOAD_AREA_FAILED,
  SAVE_AREA_FAILED,
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
  const noteId = `area-${list.name}-note`
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
        {list.legend}
      </Box>
      <TermChips
        label={list.label}
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
        {error ?? list.helper}
      </Text>
    </Box>
  )
}

const MAP_HELP =
  'Search for your locality, or click on the map where you teach (the centre of your area), or use your current location. With the map focused, arrow keys move it and Enter places the marker at its centre.'

function AreaFormView({ area }: { area: TutorArea | null }) {
  const save = useSaveTutorArea()
  const form = useForm<AreaForm>({ resolver: zodResolver(areaSchema), defaultValues: toForm(area) })
  const { errors, isDirty } = form.formState
  const radius = useWatch({ control: form.control, name: 'radiusKm' })
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
        onError: (e) => showServerError(form, e, SAVE_AREA_FAILED),
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Teaching area">
      <Stack gap="5">
        <Controller
          control={form.control}
          name="location"
          render={({ field, fieldState }) => (
            <Stack gap="1.5">
              <Text fontWeight="medium" fontSize="sm">
                Where you teach
              </Text>
              <MapPicker
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                help={MAP_HELP}
                radiusKm={radius}
                searchLabel="Search for where you teach"
              />
            </Stack>
          )}
        />
        <FormField
          label="How far you travel"
          error={errors.radiusKm?.message}
          helperText="Requests within this distance of the centre reach you."
        >
          <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW="xs">
            <NativeSelect.Field {...form.register('radiusKm', { valueAsNumber: true })}>
              {options.map((km) => (
                <option key={km} value={km}>
                  {km} km
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
          <Button type="submit" loading={save.isPending} loadingText="Saving...">
            Save teaching area
          </Button>
          {save.isSuccess && !isDirty && (
            <Text role="status" color="green.700" display="flex" alignItems="center" gap="1">
              <Check aria-hidden size={18} /> Saved
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
  const area = useTutorArea()
  // The lists show labels and checkboxes from the start (if the vocabulary fails, ids and no checkboxes).
  const vocabulary = useVocabulary()
  const ready = area.isSuccess && !vocabulary.isPending
  return (
    <Panel as="section" aria-labelledby="teaching-area">
      <Heading as="h2" id="teaching-area" size="lg" mb="1">
        Teaching area
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        New tuition requests inside this area, for your subjects, classes, boards and ways of teaching, are sent to you
        as alerts.
      </Text>
      {(area.isPending || (area.isSuccess && !ready)) && <Spinner aria-label="Loading teaching area" />}
      {area.isError && <FormAlert status="error" message={errorMessage(area.error, LOAD_AREA_FAILED)} />}
      {area.isSuccess && area.data?.placeName && (
        <Text fontSize="sm" mb="3" data-testid="area-summary">
          Saved: around {area.data.placeName} · {area.data.radiusKm} km
        </Text>
      )}
      {ready && <AreaFormView area={area.data} />}
    </Panel>
  )
}
