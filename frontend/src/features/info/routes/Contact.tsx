import { Button, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { ApiError, errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { SEND_MESSAGE_FAILED, useCreateTicket } from '../api/create-ticket'

const EMPTY = { name: '', email: '', subject: '', message: '' }
type Values = typeof EMPTY
type Errors = Partial<Record<keyof Values, string>>

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function validate(values: Values): Errors {
  const errors: Errors = {}
  if (!values.name.trim()) errors.name = 'Name is required.'
  if (!values.email.trim()) errors.email = 'Email is required.'
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid e-mail address.'
  if (!values.subject.trim()) errors.subject = 'Subject is required.'
  if (!values.message.trim()) errors.message = 'Message is required.'
  return errors
}

/** The contact form sends a support ticket the admins read under Communication. */
export default function Contact() {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const send = useCreateTicket()

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((prev) => ({ ...prev, [key]: e.target.value }))
    setErrors((prev) => ({ ...prev, [key]: undefined }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSuccess(null)
    setServerError(null)
    const found = validate(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    send.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      },
      {
        onSuccess: () => {
          setValues(EMPTY)
          setSuccess('Thank you! Your message has been sent. We typically respond within 2-4 hours.')
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors)
          setServerError(errorMessage(error, SEND_MESSAGE_FAILED))
        },
      },
    )
  }

  return (
    <Page title="Contact Us" subtitle="Questions, feedback or partnership ideas — we would love to hear from you.">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Panel gridColumn={{ md: 'span 2' }}>
          <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
            <Stack gap="4">
              <Heading as="h2" id="contact-form-title" size="lg">
                Send us a message
              </Heading>
              <FormField label="Name" required error={errors.name}>
                <Input name="name" autoComplete="name" value={values.name} onChange={set('name')} />
              </FormField>
              <FormField label="Email" required error={errors.email}>
                <Input name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
              </FormField>
              <FormField label="Subject" required error={errors.subject}>
                <Input name="subject" value={values.subject} onChange={set('subject')} />
              </FormField>
              <FormField label="Message" required error={errors.message}>
                <Textarea
                  recipe={textareaRecipe}
                  name="message"
                  rows={5}
                  value={values.message}
                  onChange={set('message')}
                />
              </FormField>
              <FormAlert status="error" message={serverError} />
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
