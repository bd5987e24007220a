import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { useVocabulary } from '@/features/vocabulary'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { loadAreaFailed, saveAreaFailed, useSaveTutorArea, useTutorArea, type TutorArea } from '../api/area'
import { areaSchema, LISTS, toForm, type AreaForm } from '../lib/area-form'
import { AreaList, AreaPlaceFields, toAreaBody } from './area-fields'

function AreaFormView({ area }: { area: TutorArea | null }) {
  const { t } = useTranslation('tuition')
  const save = useSaveTutorArea()
  const form = useForm<AreaForm>({ resolver: zodResolver(areaSchema), defaultValues: toForm(area) })
  const { errors, isDirty } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(toAreaBody(values), {
      // The saved answer becomes the form's clean state, so 'Saved' shows until the next change.
      onSuccess: (saved) => form.reset(toForm(saved)),
      onError: (e) => showServerError(form, e, saveAreaFailed()),
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('tuition:a.title')}>
      <Stack gap="5">
        <AreaPlaceFields form={form} />
        {LISTS.map((list) => (
          <AreaList key={list.name} form={form} name={list.name} />
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
