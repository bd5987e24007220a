import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE } from './constants'
import { useSiteData } from './site-store'

export interface SupportContacts {
  email: string
  phone: string
  emailUri: string
  /** tel: wants the number without spaces, dashes or brackets. */
  phoneUri: string
}

export function supportContacts(email: string, phone: string): SupportContacts {
  return { email, phone, emailUri: `mailto:${email}`, phoneUri: `tel:${phone.replace(/[\s\-()]/g, '')}` }
}

/** The operator's support e-mail and phone from the site settings, or the defaults until they load. */
export function useSupportContacts(): SupportContacts {
  const settings = useSiteData()?.settings
  return supportContacts(
    settings?.supportEmail || DEFAULT_SUPPORT_EMAIL,
    settings?.supportPhone || DEFAULT_SUPPORT_PHONE,
  )
}
