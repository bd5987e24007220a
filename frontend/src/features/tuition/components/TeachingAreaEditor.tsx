import { Box, Button, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import { MapPicker } from '@/components/map/MapPicker'
import type { LatLng } from '@/components/map/MapView'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { OTHER, TermChips, useVocabulary, type Facet } from '@/features/vocabulary'
import { DEFAULT_RADIUS_KM, MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import {
  LOAD_AREA_FAILED,
  SAVE_AREA_FAILED,
  useSaveTutorArea,
  useTutorArea,
  type TutorArea,
  type TutorAreaBody,
} from '../api/area'
import type { AreaTerm } from '../api/types'

/** The server's limits (PUT /tutors/me/area). */
export const AREA_RADIUS_MIN_KM = 2
export const AREA_RADIUS_MAX_KM = 25
export const AREA_MAX_ITEMS = 20
export const AREA_ITEM_MAX_CHARS = 100
const RADIUS_OPTIONS_KM = [2, 3, 5, 8, 10, 15, 20, 25]

const items = (what: string) =>
  z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(AREA_ITEM_MAX_CHARS, `Each ${what} is at most ${AREA_ITEM_MAX_CHARS} characters.`),
        ),
    )
    .check(z.maxLength(AREA_MAX_ITEMS, `At most ${AREA_MAX_ITEMS} ${what}s.`))

const areaSchema = z.object({
  location: z
    .nullable(z.object({ lat: z.number(), lng: z.number() }))
    .check(z.refine((v) => v !== null, MESSAGES.selectLocation)),
  radiusKm: z
    .number()
    .check(
      z.gte(AREA_RADIUS_MIN_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`),
      z.lte(AREA_RADIUS_MAX_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`),
    ),
  subjects: items('subject'),
  classes: items('class'),
  boards: items('board'),
  modes: items('mode'),
})

type AreaForm = z.input<typeof areaSchema>

type ListName = 'subjects' | 'classes' | 'boards' | 'modes'

/** The four lists of an area, each one vocabulary facet, shown by one component. */
const LISTS: {
  name: ListName
  facet: Facet
  legend: string
  label: string
  helper: string
  picker: 'select' | 'checkboxes'
}[] = [
  {
    name: 'subjects',
    facet: 'subjects',
    legend: 'Subjects you teach',
    label: 'Subjects',
    helper: 'Pick from the list, or type one we do not list. None: any subject.',
    picker: 'select',
  },
  {
    name: 'classes',
    facet: 'classes',
    legend: 'Classes you teach',
    label: 'Classes',
    helper: 'Pick from the list, or type one we do not list. None: any class.',
    picker: 'select',
  },
  {
    name: 'boards',
    facet: 'boards',
    legend: 'Boards you know',
    label: 'Boards',
    helper: 'None: any board.',
    picker: 'checkboxes',
  },
  {
    name: 'modes',
    facet: 'modes',
    legend: 'How you teach',
    label: 'Modes',
    helper: 'None: both.',
    picker: 'checkboxes',
  },
]

/** A saved list as the form's entries: ids, and the text of an 'other' entry. */
function toEntries(list: AreaTerm[]): string[] {
  return list.map((entry) => (entry.id === OTHER ? entry.label : entry.id))
}

function toForm(area: TutorArea | null): AreaForm {
  if (!area) return { location: null, radiusKm: DEFAULT_RADIUS_KM, subjects: [], classes: [], boards: [], modes: [] }
  return {
    location: { lat: area.location[1] ?? 0, lng: area.location[0] ?? 0 },
    radiusKm: area.radiusKm,
    subjects: toEntries(area.subjects),
    classes: toEntries(area.classes),
    boards: toEntries(area.boards),
    modes: toEntries(area.modes),
  }
}

function listError(e: unknown): string | undefined {
  if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') return e.message
  if (Array.isArray(e)) return e.find((x) => x?.message)?.message
  return undefined
}

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
