import { Button, Heading, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import {
  LOAD_PREFERENCES_FAILED,
  SAVE_PREFERENCES_FAILED,
  usePreferences,
  useSavePreferences,
} from '../api/preferences'
import type { EmailChoice, NotificationKind } from '../api/types'
import { notificationErrorText } from '../lib/error-text'

const CHOICE_LABELS: Record<EmailChoice, string> = {
  off: 'notifications:settings.choice.off',
  immediate: 'notifications:settings.choice.immediate',
  digest: 'notifications:settings.choice.digest',
}

/**
 * /profile's 'Notifications' section: per kind, whether it is also e-mailed (in the app it always
 * shows). Only the kinds of the caller's role, each with the choices the server offers.
 */
export default function NotificationSettings() {
  const { t } = useTranslation('notifications')
  const prefs = usePreferences()
  const save = useSavePreferences()
  // Edits not saved yet, by kind; the rest show what the server has.
  const [edits, setEdits] = useState<Partial<Record<NotificationKind, EmailChoice>>>({})
  const [error, setError] = useState<string | null>(null)
  const items = prefs.data?.preferences ?? []

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    const changes = items.flatMap(({ kind }) => {
      const email = edits[kind]
      return email ? [{ kind, email }] : []
    })
    save.mutate(changes, {
      onSuccess: () => {
        setEdits({})
        notifySuccess(t('notifications:settings.saved'))
      },
      onError: (err) => setError(notificationErrorText(t, errorMessage(err, SAVE_PREFERENCES_FAILED))),
    })
  }

  return (
    <Panel as="section" aria-labelledby="notification-settings">
      <Heading as="h2" id="notification-settings" size="lg" mb="1">
        {t('notifications:settings.title')}
      </Heading>
      <Text color="fg.muted" mb="4" fontSize="sm">
        {t('notifications:settings.intro')}
      </Text>
      {prefs.isPending && <Spinner aria-label={t('notifications:settings.loading')} />}
      {prefs.isError && (
        <FormAlert
          status="error"
          message={notificationErrorText(t, errorMessage(prefs.error, LOAD_PREFERENCES_FAILED))}
        />
      )}
      {prefs.isSuccess && (
        <form onSubmit={onSubmit} aria-label={t('notifications:settings.form')} noValidate>
          <Stack gap="4">
            {items.map((p) => (
              <FormField key={p.kind} label={t('notifications:settings.emailFor', { kind: p.label })}>
                <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
                  <NativeSelect.Field
                    name={p.kind}
                    value={edits[p.kind] ?? p.email}
                    onChange={(e) => setEdits((old) => ({ ...old, [p.kind]: e.target.value as EmailChoice }))}
                  >
                    {p.choices.map((choice) => (
                      <option key={choice} value={choice}>
                        {CHOICE_LABELS[choice] ? t(CHOICE_LABELS[choice]) : choice}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            ))}
            {error && <FormAlert status="error" message={error} />}
            <Button
              type="submit"
              alignSelf="flex-start"
              loading={save.isPending}
              loadingText={t('notifications:settings.saving')}
              disabled={Object.keys(edits).length === 0}
            >
              {t('notifications:settings.save')}
            </Button>
          </Stack>
        </form>
      )}
    </Panel>
  )
}
