import { Button, Input, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { notifySuccess } from '@/lib/toaster'
import { asRole } from '@/api/types'
import { useCreateUser, useResetUserPassword, useUpdateUser, type AdminUser, type UserRole } from '../api/users'
import { ADMIN_MESSAGES } from '../lib/messages'
import { AdminDialog, Select } from './ui'

function RoleSelect({ value, onChange }: { value: UserRole; onChange: (role: UserRole) => void }) {
  return (
    <FormField label="Role">
      <Select value={value} onChange={(role) => onChange(asRole(role) ?? value)}>
        <option value="parent">Parent/Student</option>
        <option value="tutor">Tutor</option>
        <option value="admin">Admin</option>
      </Select>
    </FormField>
  )
}

function fieldError(error: unknown, field: string): string | undefined {
  return error && typeof error === 'object' && 'fields' in error
    ? (error as { fields?: Record<string, string> }).fields?.[field]
    : undefined
}

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const empty: { fullname: string; email: string; phone: string; password: string; role: UserRole } = {
    fullname: '',
    email: '',
    phone: '',
    password: '',
    role: 'parent',
  }
  const [values, setValues] = useState(empty)
  const create = useCreateUser()
  const close = () => {
    setValues(empty)
    create.reset()
    onClose()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { ...values, phone: values.phone || undefined },
      {
        onSuccess: () => {
          notifySuccess('User created')
          close()
        },
      },
    )
  }
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value })
  return (
    <AdminDialog
      open={open}
      title="Add user"
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" loading={create.isPending}>
            Create user
          </Button>
        </>
      }
    >
      <form id="add-user-form" onSubmit={onSubmit}>
        <Stack gap="3">
          <FormField label="Full name" required error={fieldError(create.error, 'fullname')}>
            <Input value={values.fullname} onChange={set('fullname')} required />
          </FormField>
          <FormField label="Email" required error={fieldError(create.error, 'email')}>
            <Input type="email" value={values.email} onChange={set('email')} required />
          </FormField>
          <FormField label="Phone" error={fieldError(create.error, 'phone')}>
            <Input inputMode="numeric" value={values.phone} onChange={set('phone')} maxLength={10} />
          </FormField>
          <FormField label="Password" required error={fieldError(create.error, 'password')}>
            <Input
              type="password"
              value={values.password}
              onChange={set('password')}
              required
              autoComplete="new-password"
            />
          </FormField>
          <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} />
        </Stack>
      </form>
      <FormAlert status="error" message={create.error ? errorMessage(create.error, ADMIN_MESSAGES.createUser) : null} />
    </AdminDialog>
  )
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState({
    fullname: user.fullname,
    phone: user.phone,
    role: asRole(user.role) ?? 'parent',
  })
  const update = useUpdateUser()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      { id: user.id, body: values },
      {
        onSuccess: () => {
          notifySuccess('User updated')
          onClose()
        },
      },
    )
  }
  return (
    <AdminDialog
      open
      title={`Edit ${user.email}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-user-form" loading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="edit-user-form" onSubmit={onSubmit}>
        <Stack gap="3">
          <FormField label="Full name" required error={fieldError(update.error, 'fullname')}>
            <Input
              value={values.fullname}
              onChange={(e) => setValues({ ...values, fullname: e.target.value })}
              required
            />
          </FormField>
          <FormField label="Phone" error={fieldError(update.error, 'phone')}>
            <Input
              inputMode="numeric"
              maxLength={10}
              value={values.phone}
              onChange={(e) => setValues({ ...values, phone: e.target.value })}
            />
          </FormField>
          <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} />
        </Stack>
      </form>
      <FormAlert status="error" message={update.error ? errorMessage(update.error, ADMIN_MESSAGES.updateUser) : null} />
    </AdminDialog>
  )
}

export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [password, setPassword] = useState('')
  const reset = useResetUserPassword()
  const close = () => {
    setPassword('')
    reset.reset()
    onClose()
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifySuccess(`Password reset for ${user.email}`)
          close()
        },
      },
    )
  }
  return (
    <AdminDialog
      open={user !== null}
      title="Reset password"
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="reset-user-password-form" loading={reset.isPending}>
            Reset password
          </Button>
        </>
      }
    >
      <form id="reset-user-password-form" onSubmit={onSubmit}>
        <Stack gap="3">
          <FormField label={`New password for ${user?.email ?? ''}`} required helperText="8 to 72 characters">
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              minLength={8}
              maxLength={72}
              required
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
        </Stack>
      </form>
      <FormAlert
        status="error"
        message={reset.error ? errorMessage(reset.error, ADMIN_MESSAGES.resetPassword) : null}
      />
    </AdminDialog>
  )
}
