import { Button, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { Page, Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { SEND_MESSAGE_FAILED, useCreateTicket } from '../api/create-ticket'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required.')),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Email is required.'),
      z.regex(EMAIL_PATTERN, 'Please enter a valid e-mail address.'),
    ),
  subject: z.string().check(z.trim(), z.minLength(1, 'Subject is required.')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required.')),
})

const EMPTY = { name: '', email: '', subject: '', message: '' }

/** The contact form sends a support ticket the admins read under Communication. */
export default function Contact() {
  const form = useForm({ resolver: zodResolver(contactSchema), defaultValues: EMPTY })
  const { errors } = form.formState
  const [success, setSuccess] = useState<string | null>(null)
  const send = useCreateTicket()

  const onSubmit = form.handleSubmit((ticket) => {
    setSuccess(null)
    send.mutate(ticket, {
      onSuccess: () => {
        form.reset(EMPTY)
        setSuccess('Thank you! Your message has been sent. We typically respond within 2-4 hours.')
      },
      onError: (error) => showServerError(form, error, SEND_MESSAGE_FAILED),
    })
  })

  return (
    <Page title="Contact Us" subtitle="Questions, feedback or partnership ideas — we would love to hear from you.">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Panel gridColumn={{ md: 'span 2' }}>
          <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
            <Stack gap="4">
              <Heading as="h2" id="contact-form-title" size="lg">
                Send us a message
              </Heading>
              <FormField label="Name" required error={errors.name?.message}>
                <Input autoComplete="name" {...form.register('name')} />
              </FormField>
              <FormField label="Email" required error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </FormField>
              <FormField label="Subject" required error={errors.subject?.message}>
                <Input {...form.register('subject')} />
              </FormField>
              <FormField label="Message" required error={errors.message?.message}>
                <Textarea recipe={textareaRecipe} rows={5} {...form.register('message')} />
              </FormField>
              <FormAlert status="error" message={errors.root?.server?.message ?? null} />
              <FormAlert status="success" message={success} />
              <Button type="submit" alignSelf="flex-start" loading={send.isPending} loadingText="Sending...">
                Send Message
              </Button>
            </Stack>
          </form>
        </Panel>
        <Panel>
          <Heading as="h2" size="lg" mb="3">
            Reach us directly
          </Heading>
          <Text color="fg.muted" mb="4">
            For the fastest answer, e-mail or call our support team.
          </Text>
          <SupportContacts />
        </Panel>
      </SimpleGrid>
    </Page>
  )
}
