import { Button, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Page, Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { useCreateTicket } from '../api/create-ticket'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Translate = ReturnType<typeof useTranslation>['t']

function contactSchema(t: Translate) {
  return z.object({
    name: z.string().check(z.trim(), z.minLength(1, t('info:contact.nameRequired'))),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, t('info:contact.emailRequired')),
        z.regex(EMAIL_PATTERN, t('info:contact.emailInvalid')),
      ),
    subject: z.string().check(z.trim(), z.minLength(1, t('info:contact.subjectRequired'))),
    message: z.string().check(z.trim(), z.minLength(1, t('info:contact.messageRequired'))),
  })
}

const EMPTY = { name: '', email: '', subject: '', message: '' }

/** The contact form sends a support ticket the admins read under Communication. */
export default function Contact() {
  const { t } = useTranslation('info')
  // Built again when the language changes, so that the next check speaks it.
  const schema = useMemo(() => contactSchema(t), [t])
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY })
  const { errors } = form.formState
  const nameField = form.register('name')
  const emailField = form.register('email')
  const subjectField = form.register('subject')
  const messageField = form.register('message')
  const [success, setSuccess] = useState<string | null>(null)
  const send = useCreateTicket()

  const onSubmit = form.handleSubmit((ticket) => {
    setSuccess(null)
    send.mutate(ticket, {
      onSuccess: () => {
        form.reset(EMPTY)
        setSuccess(t('info:contact.sent'))
      },
      onError: (error) => showServerError(form, error, t('info:contact.sendFailed')),
    })
  })

  return (
    <Page title={t('info:contact.title')} subtitle={t('info:contact.subtitle')}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Panel gridColumn={{ md: 'span 2' }}>
          <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
            <Stack gap="4">
              <Heading as="h2" id="contact-form-title" size="lg">
                {t('info:contact.formTitle')}
              </Heading>
              <FormField label={t('info:contact.name')} required error={errors.name?.message}>
                <Input autoComplete="name" {...nameField} />
              </FormField>
              <FormField label={t('info:contact.email')} required error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...emailField} />
              </FormField>
              <FormField label={t('info:contact.subject')} required error={errors.subject?.message}>
                <Input {...subjectField} />
              </FormField>
              <FormField label={t('info:contact.message')} required error={errors.message?.message}>
                <Textarea recipe={textareaRecipe} rows={5} {...messageField} />
              </FormField>
              <FormAlert status="error" message={errors.root?.server?.message ?? null} />
              <FormAlert status="success" message={success} />
              <Button
                type="submit"
                alignSelf="flex-start"
                loading={send.isPending}
                loadingText={t('info:contact.sending')}
              >
                {t('info:contact.send')}
              </Button>
            </Stack>
          </form>
        </Panel>
        <Panel>
          <Heading as="h2" size="lg" mb="3">
            {t('info:contact.directTitle')}
          </Heading>
          <Text color="fg.muted" mb="4">
            {t('info:contact.directText')}
          </Text>
          <SupportContacts />
        </Panel>
      </SimpleGrid>
    </Page>
  )
}
