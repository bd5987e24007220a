import { Button, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { errorMessage } from '@/api/client'
import { MapPicker } from '@/components/map/MapPicker'
import type { LatLng } from '@/components/map/MapView'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { TagInput } from '@/components/ui/tag-input'
import { DEFAULT_RADIUS_KM, MESSAGES } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { LOAD_AREA_FAILED, SAVE_AREA_FAILED, useSaveTutorArea, useTutorArea, type TutorArea } from '../api/area'

/** The server's limits (PUT /tutors/me/area). */
export const AREA_RADIUS_MIN_KM = 2
export const AREA_RADIUS_MAX_KM = 25
export const AREA_MAX_ITEMS = 20
export const AREA_ITEM_MAX_CHARS = 100
const RADIUS_OPTIONS_KM = [2, 3, 5, 8, 10, 15, 20, 25]

const items = (what: string) =>
  z
    .array(
      z.string().trim().min(1).max(AREA_ITEM_MAX_CHARS, `Each ${what} is at most ${AREA_ITEM_MAX_CHARS} characters.`),
    )
    .max(AREA_MAX_ITEMS, `At most ${AREA_MAX_ITEMS} ${what}s.`)

const areaSchema = z.object({
  location: z
    .object({ lat: z.number(), lng: z.number() })
    .nullable()
    .refine((v) => v !== null, MESSAGES.selectLocation),
  radiusKm: z
    .number()
    .min(AREA_RADIUS_MIN_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`)
    .max(AREA_RADIUS_MAX_KM, `The distance is ${AREA_RADIUS_MIN_KM}–${AREA_RADIUS_MAX_KM} km.`),
  subjects: items('subject'),
  classes: items('class'),
})

type AreaForm = z.input<typeof areaSchema>

function toForm(area: TutorArea | null): AreaForm {
  if (!area) return { location: null, radiusKm: DEFAULT_RADIUS_KM, subjects: [], classes: [] }
  return {
    location: { lat: area.location[1], lng: area.location[0] },
    radiusKm: area.radiusKm,
    subjects: area.subjects,
    classes: area.classes,
  }
}

const MAP_HELP =
  'Click on the map where you teach (the centre of your area), or use your current location. With the map focused, arrow keys move it and Enter places the marker at its centre.'

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
      },
      {
        // The saved answer becomes the form's clean state, so 'Saved' shows until the next change.
        onSuccess: (saved) => form.reset(toForm(saved)),
        onError: (e) => showServerError(form, e, SAVE_AREA_FAILED),
      },
    )
  })

  const listError = (e: unknown) =>
    e && typeof e === 'object' && 'message' in e && typeof e.message === 'string'
      ? e.message
      : Array.isArray(e)
        ? e.find((x) => x?.message)?.message
        : undefined

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
        <Controller
          control={form.control}
          name="subjects"
          render={({ field, fieldState }) => (
            <FormField
              label="Subjects you teach"
              error={listError(fieldState.error)}
              helperText="Press Enter after each. None: any subject."
            >
              <TagInput
                label="Subjects"
                value={field.value}
                onChange={field.onChange}
                placeholder="e.g. Mathematics"
                maxItems={AREA_MAX_ITEMS}
                maxLength={AREA_ITEM_MAX_CHARS}
                invalid={Boolean(fieldState.error)}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="classes"
          render={({ field, fieldState }) => (
            <FormField
              label="Classes you teach"
              error={listError(fieldState.error)}
              helperText="Press Enter after each. None: any class."
            >
              <TagInput
                label="Classes"
                value={field.value}
                onChange={field.onChange}
                placeholder="e.g. Class 10"
                maxItems={AREA_MAX_ITEMS}
                maxLength={AREA_ITEM_MAX_CHARS}
                invalid={Boolean(fieldState.error)}
              />
            </FormField>
          )}
        />
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
  return (
    <Panel as="section" aria-labelledby="teaching-area">
      <Heading as="h2" id="teaching-area" size="lg" mb="1">
        Teaching area
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        New tuition requests inside this area, for your subjects and classes, are sent to you as alerts.
      </Text>
      {area.isPending && <Spinner aria-label="Loading teaching area" />}
      {area.isError && <FormAlert status="error" message={errorMessage(area.error, LOAD_AREA_FAILED)} />}
      {area.isSuccess && <AreaFormView area={area.data} />}
    </Panel>
  )
}
