import { Button, Input, Spinner, Stack } from '@chakra-ui/react'
import { useEffect, useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { asRole, roleLabel } from '@/api/types'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Page, Panel } from '@/components/page'
import { MESSAGES, PHONE_DIGITS } from '@/lib/constants'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'

export default function MyProfile() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const user = profile.data?.user
  const [fullname, setFullname] = useState('')
  const [phone, setPhone] = useState('')
  const [phoneError, setPhoneError] = useState<string | undefined>()

  useEffect(() => {
    if (user) {
      setFullname(user.fullname ?? '')
      setPhone(user.phone ?? '')
    }
  }, [user])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (phone.length > PHONE_DIGITS) {
      setPhoneError(`Phone must be at most ${PHONE_DIGITS} characters.`)
      return
    }
    setPhoneError(undefined)
    update.mutate(
      { fullname: fullname.trim(), phone: phone.trim() },
      {
        onSuccess: () => notifySuccess('Profile updated successfully.'),
        onError: (e) => notifyError(errorMessage(e, MESSAGES.updateProfileFailed)),
      },
    )
  }

  return (
    <Page title="My Profile" maxW="2xl">
      <Panel>
        {profile.isPending && <Spinner aria-label="Loading profile" />}
        {profile.isError && (
          <FormAlert status="error" message={errorMessage(profile.error, MESSAGES.loadProfileFailed)} />
        )}
        {user && (
          <form onSubmit={onSubmit} noValidate aria-label="My profile">
            <Stack gap="4">
              <FormField label="Full name">
                <Input
                  name="fullname"
                  autoComplete="name"
                  value={fullname}
                  onChange={(e) => setFullname(e.target.value)}
                />
              </FormField>
              <FormField label="Phone" error={phoneError} helperText={`At most ${PHONE_DIGITS} characters`}>
                <Input
                  name="phone"
                  type="tel"
                  autoComplete="tel-national"
                  maxLength={PHONE_DIGITS}
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              </FormField>
              <FormField label="Email" readOnly helperText="Your e-mail cannot be changed.">
                <Input value={user.email} readOnly bg="bg.muted" />
              </FormField>
              <FormField label="Role" readOnly>
                <Input value={roleLabel(asRole(user.role))} readOnly bg="bg.muted" />
              </FormField>
              <Button type="submit" alignSelf="flex-start" loading={update.isPending} loadingText="Saving...">
                Save Changes
              </Button>
            </Stack>
          </form>
        )}
      </Panel>
    </Page>
  )
}
