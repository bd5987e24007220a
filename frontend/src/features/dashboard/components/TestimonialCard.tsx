import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/errors'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { SUBMIT_TESTIMONIAL_FAILED, useSubmitTestimonial } from '../api/submit-testimonial'

export const TESTIMONIAL_REQUIRED = 'Please write a few words about your experience.'

/**
 * A parent shares their experience; it appears on the landing page after an admin approves it.
 *
 * One field with one rule, kept in plain state: the form libraries (react-hook-form and zod, ~20 KB
 * on the wire) would load with every parent's dashboard for it (the page-weight budget). The server's
 * refusal shows as the other forms show it: its message for the field, else its message.
 */
export default function TestimonialCard() {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const submit = useSubmitTestimonial()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSuccess(null)
    if (!text.trim()) {
      setError(TESTIMONIAL_REQUIRED)
      return
    }
    setError(null)
    submit.mutate(text.trim(), {
      onSuccess: () => {
        setText('')
        setSuccess('Thank you! Your testimonial will appear on the site after it is approved.')
      },
      onError: (e) => setError(errorMessage(e, SUBMIT_TESTIMONIAL_FAILED)),
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
            Share your experience
          </Heading>
          <Text color="fg.muted">Tell other families how HomeTutor helped you.</Text>
          <FormField label="Your testimonial">
            <Textarea
              recipe={textareaRecipe}
              rows={3}
              maxLength={1000}
              name="text"
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                // As the other forms do after a refused submit: the message goes once it is met.
                if (error === TESTIMONIAL_REQUIRED && event.target.value.trim()) setError(null)
              }}
            />
          </FormField>
          <FormAlert status="error" message={error} />
          <FormAlert status="success" message={success} />
          <Button type="submit" alignSelf="flex-start" loading={submit.isPending} loadingText="Submitting...">
            Submit testimonial
          </Button>
        </Stack>
      </form>
    </Box>
  )
}
