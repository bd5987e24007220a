import type { Role } from '@/api/types'
import { z } from '@/lib/zod'

/** The admin's user forms as the server checks them. */

const ROLES = ['parent', 'tutor', 'admin'] as const satisfies readonly Role[]

// The server's own wording, so a message reads the same whichever side found it.
const fullname = z.string().check(z.trim(), z.minLength(1, 'Full name is required.'))
const phone = z.string().check(z.trim())

export const addUserSchema = z.object({
  fullname,
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required.')),
  phone: z.pipe(
    phone,
    z.transform((value: string) => value || undefined),
  ),
  password: z.string().check(z.minLength(1, 'Password is required.')),
  role: z.enum(ROLES),
})

export const editUserSchema = z.object({ fullname, phone, role: z.enum(ROLES) })

export const resetPasswordSchema = z.object({
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters.')),
})
