import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'

export const SUBMIT_TESTIMONIAL_FAILED = 'Failed to submit testimonial'

/** POST /testimonials {text}: a parent's testimonial, shown on the landing page once an admin approves it. */
export function submitTestimonial(text: string) {
  return request(api.POST('/testimonials', { body: { text } }), SUBMIT_TESTIMONIAL_FAILED)
}

export function useSubmitTestimonial() {
  return useMutation({ mutationFn: submitTestimonial })
}
