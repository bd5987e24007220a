import { Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form'
import { asRole } from '@/api/types'
import { DialogShell, FormDialogButtons } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { TextField } from '@/components/ui/text-field'
import { PHONE_DIGITS } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useCreateUser, useResetUserPassword, useUpdateUser, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { addUserSchema, editUserSchema, resetPasswordSchema } from '../lib/user-forms'
import { Select } from './ui'

function RoleSelect<T extends FieldValues, Output>({
  control,
  name,
}: {
  control: Control<T, unknown, Output>
  name: Path<T>
}) {
  const { t } = useTranslation()
  return (
    <FormField label={t('admin:users.role')}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onChange={field.onChange}>
            <option value="parent">{t('common:roles.parent')}</option>
            <option value="tutor">{t('common:roles.tutor')}</option>
            <option value="admin">{t('common:roles.admin')}</option>
          </Select>
        )}
      />
    </FormField>
  )
}

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const say = useAdminText()
  const empty = { fullname: '', email: '', phone: '', password: '', role: 'parent' as const }
  const form = useForm({ resolver: zodResolver(addUserSchema(t)), defaultValues: empty })
  const { errors } = form.formState
  const create = useCreateUser()
  const close = () => {
    form.reset(empty)
    create.reset()
    onClose()
  }
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('admin:userDialogs.created'))
        close()
      },
      onError: (e) => showServerError(form, e, ADMIN_MESSAGES.createUser),
    }),
  )
  return (
    <DialogShell
      open={open}
      title={t('admin:userDialogs.addTitle')}
      onClose={close}
      footer={
        <FormDialogButtons
          formId="add-user-form"
          label={t('admin:userDialogs.create')}
          busy={create.isPending}
          onCancel={close}
        />
      }
    >
      <Stack gap="4">
        <form id="add-user-form" onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <TextField form={form} name="fullname" label={t('admin:userDialogs.fullname')} required />
            <TextField form={form} name="email" label={t('admin:userDialogs.email')} required type="email" />
            <TextField
              form={form}
              name="phone"
              label={t('admin:userDialogs.phone')}
              inputMode="numeric"
              maxLength={PHONE_DIGITS}
            />
            <TextField
              form={form}
              name="password"
              label={t('admin:userDialogs.password')}
              required
              type="password"
              autoComplete="new-password"
            />
            <RoleSelect control={form.control} name="role" />
          </Stack>
        </form>
        <FormAlert status="error" message={say(errors.root?.server?.message)} />
      </Stack>
    </DialogShell>
  )
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation()
  const say = useAdminText()
  const form = useForm({
    resolver: zodResolver(editUserSchema(t)),
    defaultValues: { fullname: user.fullname, phone: user.phone, role: asRole(user.role) ?? 'parent' },
  })
  const { errors } = form.formState
  const update = useUpdateUser()
  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('admin:userDialogs.updated'))
          onClose()
        },
        onError: (e) => showServerError(form, e, ADMIN_MESSAGES.updateUser),
      },
    ),
  )
  return (
    <DialogShell
      open
      title={t('admin:userDialogs.editTitle', { email: user.email })}
      onClose={onClose}
      footer={
        <FormDialogButtons
          formId="edit-user-form"
          label={t('admin:common.save')}
          busy={update.isPending}
          onCancel={onClose}
        />
      }
    >
      <Stack gap="4">
        <form id="edit-user-form" onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <TextField form={form} name="fullname" label={t('admin:userDialogs.fullname')} required />
            <TextField
              form={form}
              name="phone"
              label={t('admin:userDialogs.phone')}
              inputMode="numeric"
              maxLength={PHONE_DIGITS}
            />
            <RoleSelect control={form.control} name="role" />
          </Stack>
        </form>
        <FormAlert status="error" message={say(errors.root?.server?.message)} />
      </Stack>
    </DialogShell>
  )
}

export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation()
  const say = useAdminText()
  const form = useForm({ resolver: zodResolver(resetPasswordSchema(t)), defaultValues: { password: '' } })
  const { errors } = form.formState
  const reset = useResetUserPassword()
  const close = () => {
    form.reset()
    reset.reset()
    onClose()
  }
  const onSubmit = form.handleSubmit(({ password }) => {
    if (!user) return
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifySuccess(t('admin:userDialogs.passwordReset', { email: user.email }))
          close()
        },
        onError: (e) => showServerError(form, e, ADMIN_MESSAGES.resetPassword),
      },
    )
  })
  return (
    <DialogShell
      open={user !== null}
      title={t('admin:userDialogs.resetTitle')}
      onClose={close}
      footer={
        <FormDialogButtons
          formId="reset-user-password-form"
          label={t('admin:userDialogs.reset')}
          busy={reset.isPending}
          onCancel={close}
        />
      }
    >
      <Stack gap="4">
        <form id="reset-user-password-form" onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <TextField
              form={form}
              name="password"
              label={t('admin:userDialogs.newPassword', { email: user?.email ?? '' })}
              required
              helperText={t('admin:userDialogs.passwordHelp')}
              type="password"
              autoComplete="new-password"
              maxLength={72}
            />
          </Stack>
        </form>
        <FormAlert status="error" message={say(errors.root?.server?.message)} />
      </Stack>
    </DialogShell>
  )
}
