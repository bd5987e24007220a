import { MESSAGES, PHONE_DIGITS } from '@/lib/constants'

export interface RegistrationValues {
  fullname: string
  role: 'parent' | 'tutor'
  email: string
  phone: string
  password: string
  agreed: boolean
}

export type RegistrationField = 'fullname' | 'email' | 'phone' | 'password'

export interface RegistrationErrors {
  fields: Partial<Record<RegistrationField, string>>
  /** The terms message, shown above the button. */
  terms?: string
}

const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`)
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function termsMessage(role: RegistrationValues['role']): string {
  return role === 'tutor' ? MESSAGES.termsRequiredTutor : MESSAGES.termsRequired
}

/** SPEC §5 registration rules; an empty result means the form may be sent. */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const fields: RegistrationErrors['fields'] = {}
  if (!values.fullname.trim()) fields.fullname = 'Full name is required.'
  if (!values.email.trim()) fields.email = 'Email is required.'
  else if (!EMAIL_PATTERN.test(values.email.trim())) fields.email = 'Enter a valid email address.'
  if (!values.phone.trim()) fields.phone = 'Phone number is required.'
  else if (!PHONE_PATTERN.test(values.phone.trim())) fields.phone = MESSAGES.phoneDigits
  if (!values.password) fields.password = 'Password is required.'
  return { fields, terms: values.agreed ? undefined : termsMessage(values.role) }
}

export function hasErrors(errors: RegistrationErrors): boolean {
  return Object.keys(errors.fields).length > 0 || Boolean(errors.terms)
}
