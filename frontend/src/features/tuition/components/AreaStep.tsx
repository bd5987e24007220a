import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Check } from 'lucide-react'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { DraftNotice, UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { useVocabulary } from '@/features/vocabulary'
import { useFormDraft } from '@/hooks/use-form-draft'
import { submitted, useStepSave } from '@/hooks/use-step-save'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { loadAreaFailed, saveAreaFailed, useSaveTutorArea, useTutorArea, type TutorArea } from '../api/area'
import { areaSchema, listError, toForm, type AreaForm, type ListName } from '../lib/area-form'
import { AreaList, AreaPlaceFields, toAreaBody } from './area-fields'

/** The part of the teaching area an onboarding step edits: one list, or the place and how far. */
export type AreaPart = ListName | 'area'

interface AreaStepProps {
  part: AreaPart
  /** Said on a list's step before any area is saved: the list waits for the place (the area is saved whole). */
  waitingNote: string
  /** After each save (the flow's completeness follows it). */
  onSaved?: () => void
}

/** The draft every step of the area shares: a list chosen before the place is kept until it is saved. */
const DRAFT = 'tutor-area'

function AreaStepForm({ part, area, waitingNote, onSaved }: AreaStepProps & { area: TutorArea | null }) {
  const { t } = useTranslation('tuition')
  const save = useSaveTutorArea()
  const form = useForm<AreaForm>({ resolver: zodResolver(areaSchema), defaultValues: toForm(area) })
  const draft = useFormDraft(form, DRAFT)
  const { errors, isDirty } = form.formState
  // The server keeps an area whole, its place first: until one is saved, the lists wait as a draft.
  const canSave = area !== null || part === 'area'
  const persist = async (values: AreaForm) => {
    try {
      const saved = await save.mutateAsync(toAreaBody(values))
      draft.clear()
      form.reset(toForm(saved))
      onSaved?.()
      return true
    } catch (e) {
      showServerError(form, e, saveAreaFailed())
      return false
    }
  }
  useStepSave({ unsaved: () => canSave && draft.unsaved(), save: () => submitted(form, persist) })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submitted(form, persist)
  }
  // Errors of a part another step shows (a list too long in the draft) are said here too.
  const elsewhere = Object.entries(errors)
    .filter(([name]) => name !== 'root' && name !== part && !(part === 'area' && name === 'radiusKm'))
    .map(([, e]) => listError(e))
    .filter((message): message is string => Boolean(message))
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('tuition:a.title')}>
      <UnsavedChangesGuard shouldBlock={draft.unsaved} />
      <Stack gap="5">
        {canSave && <DraftNotice restored={draft.restored} onDiscard={draft.discard} />}
        {part === 'area' ? <AreaPlaceFields form={form} /> : <AreaList form={form} name={part} />}
        {!canSave && (
          <Text fontSize="sm" color="fg.muted" data-testid="area-waiting">
            {waitingNote}
          </Text>
        )}
        {elsewhere.map((message) => (
          <FormAlert key={message} status="error" message={message} />
        ))}
        {errors.root?.server?.message && <FormAlert status="error" message={errors.root.server.message} />}
        {canSave && (
          <HStack gap="3">
            <Button type="submit" variant="outline" loading={save.isPending} loadingText={t('tuition:a.saving')}>
              {t('tuition:a.save')}
            </Button>
            {save.isSuccess && !isDirty && (
              <Text role="status" color="green.700" display="flex" alignItems="center" gap="1">
                <Check aria-hidden size={18} /> {t('tuition:a.done')}
              </Text>
            )}
          </HStack>
        )}
      </Stack>
    </form>
  )
}

/**
 * One onboarding step's part of the teaching area (the fields /profile's editor has, one part at a
 * time): saved by its Save button or the flow's Next, the whole area at once; kept as a draft, shared
 * by the area's steps, across steps, pages and reloads.
 */
export default function AreaStep(props: AreaStepProps) {
  const { t } = useTranslation('tuition')
  const area = useTutorArea()
  const vocabulary = useVocabulary()
  if (area.isError) return <FormAlert status="error" message={errorMessage(area.error, loadAreaFailed())} />
  if (area.isPending || vocabulary.isPending) return <Spinner aria-label={t('tuition:a.loading')} />
  return <AreaStepForm {...props} area={area.data} />
}
