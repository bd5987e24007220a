import { Button, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form'
import { asRole } from '@/api/types'
import { DialogShell } from '@/components/ui/dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { TextField } from '@/components/ui/text-field'
import { PHONE_DIGITS } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { notifySuccess } from '@/lib/toaster'
import { useCreateUser, useResetUserPassword, useUpdateUser, type AdminUser } from '../api/users'
import { ADMIN_MESSAGES } from '../lib/messages'
import { addUserSchema, editUserSchema, resetPasswordSchema } from '../lib/user-forms'
import { Select } from './ui'

function RoleSelect<T extends FieldValues, Output>({
  control,
  name,
}: {
  control: Control<T, unknown, Output>
  name: Path<T>
}) {
  return (
    <FormField label="Role">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onChange={field.onChange}>
            <option value="parent">Parent/Student</option>
            <option value="tutor">Tutor</option>
            <option value="admin">Admin</option>
          </Select>
        )}
      />
    </FormField>
  )
}

/** Cancel and Save for a dialog whose form is `formId`. */
function DialogButtons({
  formId,
  label,
  busy,
  onCancel,
}: {
  formId: string
  label: string
  busy: boolean
  onCancel: () => void
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={busy}>
        {label}
      </Button>
    </>
  )
}

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const empty = { fullname: '', email: '', phone: '', password: '', role: 'parent' as const }
  const form = useForm({ resolver: zodResolver(addUserSchema), defaultValues: empty })
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
        notifySuccess('User created')
        close()
      },
      onError: (e) => showServerError(form, e, ADMIN_MESSAGES.createUser),
    }),
  )
  return (
    <DialogShell
      open={open}
      title="Add user"
      onClose={close}
      footer={<DialogButtons formId="add-user-form" label="Create user" busy={create.isPending} onCancel={close} />}
    >
      <Stack gap="4">
        <form id="add-user-form" onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <TextField form={form} name="fullname" label="Full name" required />
            <TextField form={form} name="email" label="Email" required type="email" />
            <TextField form={form} name="phone" label="Phone" inputMode="numeric" maxLength={PHONE_DIGITS} />
            <TextField
              form={form}
              name="password"
              label="Password"
              required
              type="password"
              autoComplete="new-password"
            />
            <RoleSelect control={form.control} name="role" />
          </Stack>
        </form>
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
      </Stack>
    </DialogShell>
  )
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(editUserSchema),
    defaultValues: { fullname: user.fullname, phone: user.phone, role: asRole(user.role) ?? 'parent' },
  })
  const { errors } = form.formState
  const update = useUpdateUser()
  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          notifySuccess('User updated')
          onClose()
        },
        onError: (e) => showServerError(form, e, ADMIN_MESSAGES.updateUser),
      },
    ),
  )
  return (
    <DialogShell
      open
      title={`Edit ${user.email}`}
      onClose={onClose}
      footer={<DialogButtons formId="edit-user-form" label="Save" busy={update.isPending} onCancel={onClose} />}
    >
      <Stack gap="4">
        <form id="edit-user-form" onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <TextField form={form} name="fullname" label="Full name" required />
            <TextField form={form} name="phone" label="Phone" inputMode="numeric" maxLength={PHONE_DIGITS} />
            <RoleSelect control={form.control} name="role" />
          </Stack>
        </form>
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
      </Stack>
    </DialogShell>
  )
}

export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '' } })
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
          notifySuccess(`Password reset for ${user.email}`)
          close()
        },
        onError: (e) => showServerError(form, e, ADMIN_MESSAGES.resetPassword),
      },
    )
  })
  return (
    <DialogShell
      open={user !== null}
      title="Reset password"
      onClose={close}
      footer={
        <DialogButtons
          formId="reset-user-password-form"
          label="Reset password"
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
              label={`New password for ${user?.email ?? ''}`}
              required
              helperText="8 to 72 characters"
              type="password"
              autoComplete="new-password"
              maxLength={72}
            />
          </Stack>
        </form>
        <FormAlert status="error" message={errors.root?.server?.message ?? null} />
      </Stack>
    </DialogShell>
  )
}
