import type { Role } from '@/api/types'
import { z } from '@/lib/zod'
import type { Translate } from './messages'

/**
 * The admin's user forms as the server checks them, with their messages in the reader's language (the
 * fields show them as they are).
 */

const ROLES = ['parent', 'tutor', 'admin'] as const satisfies readonly Role[]

// The server's own wording, so a message reads the same whichever side found it.
const fullname = (t: Translate) => z.string().check(z.trim(), z.minLength(1, t('admin:errors.fullnameRequired')))
const phone = z.string().check(z.trim())

export const addUserSchema = (t: Translate) =>
  z.object({
    fullname: fullname(t),
    email: z.string().check(z.trim(), z.minLength(1, t('admin:errors.emailRequired'))),
    phone: z.pipe(
      phone,
      z.transform((value: string) => value || undefined),
    ),
    password: z.string().check(z.minLength(1, t('admin:errors.passwordRequired'))),
    role: z.enum(ROLES),
  })

export const editUserSchema = (t: Translate) => z.object({ fullname: fullname(t), phone, role: z.enum(ROLES) })

export const resetPasswordSchema = (t: Translate) =>
  z.object({
    password: z.string().check(z.minLength(8, t('admin:errors.passwordShort'))),
  })
