import { Button, Stack, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { Controller, useForm } from 'react-hook-form'
import type { components } from '@/api/schema'
import { FormField } from '@/components/ui/form-field'
import { TextField } from '@/components/ui/text-field'
import { serverErrorToAnnounce } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useSaveSettings } from '../api/site'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { QueryState, Section, Select, Toggle } from './ui'

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
  const { t } = useTranslation()
  const say = useAdminText()
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
  const siteDescriptionField = form.register('siteDescription')
  const save = useSaveSettings()
  const onSubmit = form.handleSubmit((settings) =>
    save.mutate(settings, {
      onSuccess: () => notifySuccess(t('admin:settings.saved')),
      onError: (error) =>
        notifyError(
          say(serverErrorToAnnounce(form, error, ADMIN_MESSAGES.saveSettings, ADMIN_MESSAGES.settingsFieldsRefused)),
        ),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="xl">
        <TextField form={form} name="siteTitle" label={t('admin:settings.siteTitle')} required />
        <FormField label={t('admin:settings.siteDescription')} error={errors.siteDescription?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...siteDescriptionField} />
        </FormField>
        <TextField
          form={form}
          name="supportEmail"
          label={t('admin:settings.supportEmail')}
          required
          type="email"
          helperText={t('admin:settings.supportEmailHelp')}
        />
        <TextField
          form={form}
          name="supportPhone"
          label={t('admin:settings.supportPhone')}
          required
          type="tel"
          helperText={t('admin:settings.supportPhoneHelp')}
        />
        <FormField label={t('admin:settings.theme')}>
          <Controller
            control={form.control}
            name="theme"
            render={({ field }) => (
              <Select value={field.value} onChange={field.onChange}>
                <option value="light">{t('admin:settings.themeLight')}</option>
                <option value="dark">{t('admin:settings.themeDark')}</option>
                <option value="custom">{t('admin:settings.themeCustom')}</option>
              </Select>
            )}
          />
        </FormField>
        <Controller
          control={form.control}
          name="maintenanceMode"
          render={({ field }) => (
            <Toggle showLabel label={t('admin:settings.maintenance')} checked={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={form.control}
          name="gpt5MiniPreviewEnabled"
          render={({ field }) => (
            <Toggle
              showLabel
              label={t('admin:settings.gpt5Mini')}
              // Nothing on the site reads gpt5MiniPreviewEnabled yet (no assistant or AI feature exists): the
              // switch is stored and shown, and says so, until a feature uses it.
              description={t('admin:settings.gpt5MiniNote')}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText={t('admin:common.saving')}>
          {t('admin:settings.save')}
        </Button>
      </Stack>
    </form>
  )
}

export function SettingsSection() {
  const { t } = useTranslation()
  const { data, isPending, error } = useAdminSettings()
  return (
    <Section title={t('admin:sections.settings')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadSettings}>
        {data && <SettingsForm initial={data} />}
      </QueryState>
    </Section>
  )
}
