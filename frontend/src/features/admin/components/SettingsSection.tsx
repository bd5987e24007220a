import { Button, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { Controller, useForm } from 'react-hook-form'
import type { components } from '@/api/schema'
import { FormField } from '@/components/ui/form-field'
import { TextField } from '@/components/ui/text-field'
import { serverErrorToAnnounce } from '@/lib/form-errors'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useSaveSettings } from '../api/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, Section, Select, Toggle } from './ui'

/**
 * Nothing on the site reads `gpt5MiniPreviewEnabled` yet (no assistant or AI feature exists): the
 * switch is stored and shown, and says so, until a feature uses it.
 */
const GPT5_MINI_NOTE =
  'Saved for a future AI feature; nothing on the site uses it yet, so switching it changes nothing.'

type Settings = components['schemas']['SettingsDto']
/** What General Settings edits; the logo and banner have their own section. */
type SettingsValues = Pick<
  Settings,
  | 'siteTitle'
  | 'siteDescription'
  | 'theme'
  | 'maintenanceMode'
  | 'gpt5MiniPreviewEnabled'
  | 'supportEmail'
  | 'supportPhone'
>

/**
 * The server checks every field (a title, an e-mail and a phone it can show): its 400 names the
 * fields, whose messages go beside them; the snackbar says the settings were not saved (the
 * server's message is its first field's, already shown beside that field).
 */
function SettingsForm({ initial }: { initial: Settings }) {
  const form = useForm<SettingsValues>({
    defaultValues: {
      siteTitle: initial.siteTitle,
      siteDescription: initial.siteDescription,
      theme: initial.theme,
      maintenanceMode: initial.maintenanceMode,
      gpt5MiniPreviewEnabled: initial.gpt5MiniPreviewEnabled,
      supportEmail: initial.supportEmail,
      supportPhone: initial.supportPhone,
    },
  })
  const { errors } = form.formState
  const save = useSaveSettings()
  const onSubmit = form.handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => notifySuccess('Settings saved'),
      onError: (error) =>
        notifyError(
          serverErrorToAnnounce(form, error, ADMIN_MESSAGES.saveSettings, ADMIN_MESSAGES.settingsFieldsRefused),
        ),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="xl">
        <TextField form={form} name="siteTitle" label="Site title" required />
        <FormField label="Site description" error={errors.siteDescription?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...form.register('siteDescription')} />
        </FormField>
        <TextField
          form={form}
          name="supportEmail"
          label="Support e-mail"
          required
          type="email"
          helperText="Shown on the home, help, contact, payment and not-found pages."
        />
        <TextField
          form={form}
          name="supportPhone"
          label="Support phone"
          required
          type="tel"
          helperText="For example +91 98765 43210."
        />
        <FormField label="Theme">
          <Controller
            control={form.control}
            name="theme"
            render={({ field }) => (
              <Select value={field.value} onChange={field.onChange}>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
                <option value="custom">Custom</option>
              </Select>
            )}
          />
        </FormField>
        <Controller
          control={form.control}
          name="maintenanceMode"
          render={({ field }) => (
            <Toggle
              showLabel
              label="Maintenance mode (only admins can use the site)"
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="gpt5MiniPreviewEnabled"
          render={({ field }) => (
            <Toggle
              showLabel
              label="Enable GPT-5 mini (Preview) for all clients (no effect yet)"
              description={GPT5_MINI_NOTE}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
          Save settings
        </Button>
      </Stack>
    </form>
  )
}

export function SettingsSection() {
  const { data, isPending, error } = useAdminSettings()
  return (
    <Section title="General Settings">
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadSettings}>
        {data && <SettingsForm initial={data} />}
      </QueryState>
    </Section>
  )
}
