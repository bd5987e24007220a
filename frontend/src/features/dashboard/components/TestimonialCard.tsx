import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { SUBMIT_TESTIMONIAL_FAILED, useSubmitTestimonial } from '../api/submit-testimonial'

/** A parent shares their experience; it appears on the landing page after an admin approves it. */
export default function TestimonialCard() {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const submit = useSubmitTestimonial()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSuccess(null)
    if (!text.trim()) {
      setError('Please write a few words about your experience.')
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
      <form onSubmit={onSubmit}>
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
              value={text}
              onChange={(e) => setText(e.target.value)}
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
