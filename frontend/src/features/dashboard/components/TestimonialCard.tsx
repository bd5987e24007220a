import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/errors'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { useSubmitTestimonial } from '../api/submit-testimonial'

/**
 * A parent shares their experience; it appears on the landing page after an admin approves it.
 *
 * One field with one rule, kept in plain state: the form libraries (react-hook-form and zod, ~20 KB
 * on the wire) would load with every parent's dashboard for it (the page-weight budget). The server's
 * refusal shows as the other forms show it: its message for the field, else its message.
 */
export default function TestimonialCard() {
  const { t } = useTranslation('shared')
  const [text, setText] = useState('')
  // Empty text is a state, not a message, so it reads in the language shown when it renders.
  const [missing, setMissing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const submit = useSubmitTestimonial()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSent(false)
    setError(null)
    if (!text.trim()) {
      setMissing(true)
      return
    }
    setMissing(false)
    submit.mutate(text.trim(), {
      onSuccess: () => {
        setText('')
        setSent(true)
      },
      onError: (e) => setError(errorMessage(e, t('shared:dashboard.testimonial.failed'))),
    })
  }
  return (
    <Box
      as="section"
      aria-labelledby="testimonial-title"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      p={{ base: '5', md: '6' }}
      mt="8"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Heading as="h2" id="testimonial-title" size="lg">
            {t('shared:dashboard.testimonial.title')}
          </Heading>
          <Text color="fg.muted">{t('shared:dashboard.testimonial.intro')}</Text>
          <FormField label={t('shared:dashboard.testimonial.label')}>
            <Textarea
              recipe={textareaRecipe}
              rows={3}
              maxLength={1000}
              name="text"
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                // As the other forms do after a refused submit: the message goes once it is met.
                if (missing && event.target.value.trim()) setMissing(false)
              }}
            />
          </FormField>
          <FormAlert status="error" message={missing ? t('shared:dashboard.testimonial.required') : error} />
          <FormAlert status="success" message={sent ? t('shared:dashboard.testimonial.thanks') : null} />
          <Button
            type="submit"
            alignSelf="flex-start"
            loading={submit.isPending}
            loadingText={t('shared:dashboard.testimonial.submitting')}
          >
            {t('shared:dashboard.testimonial.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  )
}
