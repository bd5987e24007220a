import { Button, Checkbox, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { checkboxSlotRecipe } from '@chakra-ui-theme/recipes/checkbox'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState, type FormEvent } from 'react'
import { ApiError } from '@/api/client'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { FILE_FIELD_KEYS, ID_KIND_KEYS } from '@/lib/verification-texts'
import { ID_KINDS, useSubmitVerification } from '../api/verification'

const FILE_FIELDS = ['idFile', 'qualificationFile', 'policeFile'] as const
type FileField = (typeof FILE_FIELDS)[number]

/** The tutor's documents: a government ID, a qualification proof, an optional police certificate. */
export function SubmissionForm({ again }: { again: boolean }) {
  const { t } = useTranslation('verification')
  const submit = useSubmitVerification()
  const [idKind, setIdKind] = useState<string>('aadhaar')
  const [masked, setMasked] = useState(false)
  const [qualification, setQualification] = useState('')
  const [note, setNote] = useState('')
  const [files, setFiles] = useState<Record<FileField, File | null>>({
    idFile: null,
    qualificationFile: null,
    policeFile: null,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    submit.mutate(
      { idKind, aadhaarMasked: masked, qualification, note, ...files },
      {
        onSuccess: () => notifySuccess(t('verification:page.sent')),
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields)
          notifyError(e.message)
        },
      },
    )
  }
  return (
    <form onSubmit={onSubmit} aria-label={t('verification:page.title')} noValidate>
      <Stack gap="4">
        <FormField label={t('verification:form.idKind')} error={errors.idKind} required>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field name="idKind" value={idKind} onChange={(e) => setIdKind(e.target.value)}>
              {ID_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(ID_KIND_KEYS[kind])}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {idKind === 'aadhaar' && (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {t('verification:form.aadhaarHint')}
            </Text>
            <Checkbox.Root
              recipe={checkboxSlotRecipe}
              checked={masked}
              onCheckedChange={(e) => setMasked(e.checked === true)}
              invalid={Boolean(errors.aadhaarMasked)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('verification:form.aadhaarMasked')}</Checkbox.Label>
            </Checkbox.Root>
            {errors.aadhaarMasked && (
              <Text color="fg.error" fontSize="sm">
                {errors.aadhaarMasked}
              </Text>
            )}
          </Stack>
        )}
        <FormField label={t('verification:form.qualification')} error={errors.qualification} required>
          <Input
            name="qualification"
            value={qualification}
            maxLength={200}
            placeholder={t('verification:form.qualificationPlaceholder')}
            onChange={(e) => setQualification(e.target.value)}
          />
        </FormField>
        <FormField label={t('verification:form.note')} error={errors.note}>
          <Textarea name="note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        {FILE_FIELDS.map((field) => (
          <FormField
            key={field}
            label={t(FILE_FIELD_KEYS[field])}
            error={errors[field]}
            required={field !== 'policeFile'}
          >
            <Input
              type="file"
              name={field}
              accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
              onChange={(e) => setFiles((f) => ({ ...f, [field]: e.target.files?.[0] ?? null }))}
            />
          </FormField>
        ))}
        <Button type="submit" colorPalette="blue" loading={submit.isPending} alignSelf="flex-start">
          {again ? t('verification:page.submitAgain') : t('verification:page.submit')}
        </Button>
      </Stack>
    </form>
  )
}
