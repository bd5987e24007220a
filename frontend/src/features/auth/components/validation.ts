import { translated, z } from '@/lib/zod'
import type { ApiPaths, RequestBody } from '@/api/types'
import { PHONE_DIGITS } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`)
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function termsMessage(role: 'parent' | 'tutor'): string {
  return role === 'tutor' ? MESSAGES.termsRequiredTutor : MESSAGES.termsRequired
}

/**
 * SPEC §5 registration rules. What it gives is the body of POST /auth/register: trimmed, the e-mail
 * lowercased; the terms are checked here and not sent.
 */
const registrationFields = z
  .object({
    fullname: z.string().check(z.trim(), z.minLength(1, translated('auth:validation.fullNameRequired'))),
    role: z.enum(['parent', 'tutor']),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, translated('auth:validation.emailRequired')),
        z.regex(EMAIL_PATTERN, translated('auth:validation.emailInvalid')),
        z.toLowerCase(),
      ),
    phone: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, translated('auth:validation.phoneRequired')),
        z.regex(PHONE_PATTERN, { error: () => MESSAGES.phoneDigits }),
      ),
    password: z.string().check(z.minLength(1, translated('auth:validation.passwordRequired'))),
    agreed: z.boolean(),
  })
  // Checked even when fields are missing, so that every message shows at once; worded for the role.
  .check(
    z.superRefine(({ agreed, role }, ctx) => {
      if (!agreed) ctx.addIssue({ code: 'custom', path: ['agreed'], message: termsMessage(role) })
    }),
  )

export const registrationSchema = z.pipe(
  registrationFields,
  z.transform(
    ({
      agreed: _agreed,
      ...body
    }: z.output<typeof registrationFields>): RequestBody<ApiPaths['/auth/register']['post']> => body,
  ),
)

export type RegistrationValues = z.input<typeof registrationSchema>
