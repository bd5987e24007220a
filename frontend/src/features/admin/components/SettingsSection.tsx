import { Button, Input, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { ApiError, errorMessage } from '@/api/client'
import type { components } from '@/api/schema'
import { FormField } from '@/components/ui/form-field'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useSaveSettings } from '../api/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, Section, Select, Toggle } from './ui'

type Settings = components['schemas']['SettingsDto']
type Theme = components['schemas']['ThemeDto']

function SettingsForm({ initial }: { initial: Settings }) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveSettings()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    save.mutate(
      {
        siteTitle: values.siteTitle,
        siteDescription: values.siteDescription,
        theme: values.theme,
        maintenanceMode: values.maintenanceMode,
        gpt5MiniPreviewEnabled: values.gpt5MiniPreviewEnabled,
        supportEmail: values.supportEmail,
        supportPhone: values.supportPhone,
      },
      {
        onSuccess: () => notifySuccess('Settings saved'),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields)
          notifyError(errorMessage(error, ADMIN_MESSAGES.saveSettings))
        },
      },
    )
  }
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4" maxW="xl">
        <FormField label="Site title" required error={errors.siteTitle}>
          <Input value={values.siteTitle} onChange={(e) => setValues({ ...values, siteTitle: e.target.value })} />
        </FormField>
        <FormField label="Site description" error={errors.siteDescription}>
          <Textarea
            recipe={textareaRecipe}
            rows={3}
            value={values.siteDescription}
            onChange={(e) => setValues({ ...values, siteDescription: e.target.value })}
          />
        </FormField>
        <FormField
          label="Support e-mail"
          required
          error={errors.supportEmail}
          helperText="Shown on the home, help, contact, payment and not-found pages."
        >
          <Input
            type="email"
            value={values.supportEmail}
            onChange={(e) => setValues({ ...values, supportEmail: e.target.value })}
          />
        </FormField>
        <FormField label="Support phone" required error={errors.supportPhone} helperText="For example +91 98765 43210.">
          <Input
            type="tel"
            value={values.supportPhone}
            onChange={(e) => setValues({ ...values, supportPhone: e.target.value })}
          />
        </FormField>
        <FormField label="Theme">
          <Select value={values.theme} onChange={(theme) => setValues({ ...values, theme: theme as Theme })}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="custom">Custom</option>
          </Select>
        </FormField>
        <Toggle
          showLabel
          label="Maintenance mode (only admins can use the site)"
          checked={values.maintenanceMode}
          onChange={(maintenanceMode) => setValues({ ...values, maintenanceMode })}
        />
        <Toggle
          showLabel
          label="Enable GPT-5 mini (Preview) for all clients"
          checked={values.gpt5MiniPreviewEnabled}
          onChange={(gpt5MiniPreviewEnabled) => setValues({ ...values, gpt5MiniPreviewEnabled })}
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
