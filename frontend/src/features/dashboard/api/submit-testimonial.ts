import { useMutation } from '@tanstack/react-query'
import { api, request } from '@/api/client'
import { useTranslation } from '@/lib/i18n'

/**
 * POST /testimonials {text}: a parent's testimonial, shown on the landing page once an admin approves it.
 * `failed` is the message shown when the server gives none, in the reader's language.
 */
export function submitTestimonial(text: string, failed: string) {
  return request(api.POST('/testimonials', { body: { text } }), failed)
}

export function useSubmitTestimonial() {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (text: string) => submitTestimonial(text, t('shared:dashboard.testimonial.failed')),
  })
}
