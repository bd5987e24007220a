import { z } from '@/lib/zod'
import type { ApiPaths, RequestBody } from '@/api/types'
import { MESSAGES, PHONE_DIGITS } from '@/lib/constants'

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`)
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function termsMessage(role: 'parent' | 'tutor'): string {
  return role === 'tutor' ? MESSAGES.termsRequiredTutor : MESSAGES.termsRequired
}

/**
 * SPEC §5 registration rules. What it gives is the body of POST /auth/register: trimmed, the e-mail
 * lowercased; the terms are checked here and not sent.
 */
export const registrationSchema = z
  .object({
    fullname: z.string().trim().min(1, 'Full name is required.'),
    role: z.enum(['parent', 'tutor']),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required.')
      .regex(EMAIL_PATTERN, 'Enter a valid email address.')
      .toLowerCase(),
    phone: z.string().trim().min(1, 'Phone number is required.').regex(PHONE_PATTERN, MESSAGES.phoneDigits),
    password: z.string().min(1, 'Password is required.'),
    agreed: z.boolean(),
  })
  // Checked even when fields are missing, so that every message shows at once; worded for the role.
  .superRefine(({ agreed, role }, ctx) => {
    if (!agreed) ctx.addIssue({ code: 'custom', path: ['agreed'], message: termsMessage(role) })
  })
  .transform(({ agreed: _agreed, ...body }): RequestBody<ApiPaths['/auth/register']['post']> => body)

export type RegistrationValues = z.input<typeof registrationSchema>
