import { Box, Button, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { SUBMIT_TESTIMONIAL_FAILED, useSubmitTestimonial } from '../api/submit-testimonial'

const testimonialSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'Please write a few words about your experience.')),
})

/** A parent shares their experience; it appears on the landing page after an admin approves it. */
export default function TestimonialCard() {
  const form = useForm({ resolver: zodResolver(testimonialSchema), defaultValues: { text: '' } })
  const { errors } = form.formState
  const [success, setSuccess] = useState<string | null>(null)
  const submit = useSubmitTestimonial()
  const onSubmit = form.handleSubmit(({ text }) => {
    setSuccess(null)
    submit.mutate(text, {
      onSuccess: () => {
        form.reset()
        setSuccess('Thank you! Your testimonial will appear on the site after it is approved.')
      },
      onError: (e) => showServerError(form, e, SUBMIT_TESTIMONIAL_FAILED),
    })
  })
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
            <Textarea recipe={textareaRecipe} rows={3} maxLength={1000} {...form.register('text')} />
          </FormField>
          <FormAlert status="error" message={errors.root?.server?.message ?? errors.text?.message ?? null} />
          <FormAlert status="success" message={success} />
          <Button type="submit" alignSelf="flex-start" loading={submit.isPending} loadingText="Submitting...">
            Submit testimonial
          </Button>
        </Stack>
      </form>
    </Box>
  )
}
