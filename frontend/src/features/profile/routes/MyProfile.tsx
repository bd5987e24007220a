import { Button, Input, Spinner, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { translated, z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import { asRole, roleLabel } from '@/api/types'
import { Page, Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { DraftNotice, UnsavedChangesGuard } from '@/components/ui/unsaved-changes'
import { PHONE_DIGITS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useFormDraft } from '@/hooks/use-form-draft'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useProfile } from '../api/get-profile'
import { BlockedPeople } from '../components/BlockedPeople'
import { useUpdateProfile } from '../api/update-profile'

const profileSchema = z.object({
  fullname: z.string().check(z.trim()),
  phone: z.string().check(z.trim(), z.maxLength(PHONE_DIGITS, translated('profile:form.phoneTooLong'))),
})

interface MyProfileProps {
  /**
   * Sections composed in app/profile-route.tsx: a tutor's card and teaching area
   * (app/profile-tutor-sections.tsx) and the e-mail settings per notification kind (features/notifications).
   */
  sections?: ReactNode
}

export default function MyProfile({ sections }: MyProfileProps) {
  const { t } = useTranslation('profile')
  const profile = useProfile()
  const update = useUpdateProfile()
  // The profile stored at login shows at once, so the form does not grow from a spinner and push
  // the sections below it down (no layout shift); the server's answer then replaces it.
  const stored = useSession().user
  const user = profile.data?.user ?? stored ?? undefined
  // The fields follow the profile: filled when it loads, and again after each save, keeping
  // whatever the person has already typed.
  const form = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullname: '', phone: '' },
    values: user && { fullname: user.fullname ?? '', phone: user.phone ?? '' },
    resetOptions: { keepDirtyValues: true },
  })
  const draft = useFormDraft(form, 'profile')
  const { errors } = form.formState
  const fullnameField = form.register('fullname')
  const phoneField = form.register('phone')

  const onSubmit = form.handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: () => {
        draft.clear()
        notifySuccess(t('profile:form.updated'))
      },
      onError: (e) => notifyError(showServerError(form, e, MESSAGES.updateProfileFailed)),
    }),
  )

  return (
    <Page title={t('profile:title')} maxW="2xl">
      <Stack gap="6">
        <Panel>
          {!user && profile.isPending && <Spinner aria-label={t('profile:loading')} />}
          {profile.isError && (
            <FormAlert status="error" message={errorMessage(profile.error, MESSAGES.loadProfileFailed)} />
          )}
          {user && (
            <form onSubmit={onSubmit} noValidate aria-label={t('profile:form.label')}>
              <UnsavedChangesGuard shouldBlock={draft.unsaved} />
              <Stack gap="4">
                <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
                <FormField label={t('profile:form.fullName')} error={errors.fullname?.message}>
                  <Input autoComplete="name" {...fullnameField} />
                </FormField>
                <FormField
                  label={t('profile:form.phone')}
                  error={errors.phone?.message}
                  helperText={t('profile:form.phoneHelp', { max: PHONE_DIGITS })}
                >
                  <Input type="tel" autoComplete="tel-national" maxLength={PHONE_DIGITS} {...phoneField} />
                </FormField>
                <FormField label={t('profile:form.email')} readOnly helperText={t('profile:form.emailFixed')}>
                  <Input value={user.email} readOnly bg="bg.muted" />
                </FormField>
                <FormField label={t('profile:form.role')} readOnly>
                  <Input value={roleLabel(asRole(user.role))} readOnly bg="bg.muted" />
                </FormField>
                <Button
                  type="submit"
                  alignSelf="flex-start"
                  loading={update.isPending}
                  loadingText={t('profile:form.saving')}
                >
                  {t('profile:form.save')}
                </Button>
              </Stack>
            </form>
          )}
        </Panel>
        {sections}
        {user && (
          <Panel>
            <BlockedPeople />
          </Panel>
        )}
      </Stack>
    </Page>
  )
}
