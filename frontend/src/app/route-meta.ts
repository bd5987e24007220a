import { matchPath } from 'react-router'

/** A route's tab title and meta description, as keys of the shell's catalogue. */
export interface RouteMetaKeys {
  /** None on the landing page, which leads with the site's name and tagline. */
  title?: string
  description: string
}

/** The site's own description: pages behind a login and those without one of their own say it. */
export const DEFAULT_DESCRIPTION_KEY = 'common:app.description'

function page(title: string, description = DEFAULT_DESCRIPTION_KEY): RouteMetaKeys {
  return { title, description }
}

/**
 * Each route of the SPEC §2 table (routes.tsx) with its tab title and meta description. Public
 * pages describe themselves for search results; pages behind a login keep the site's description.
 * A screen that learns more once its data loads (a tutor's name) says so with `useScreenMeta`.
 */
const ROUTE_META: [pattern: string, meta: RouteMetaKeys][] = [
  ['/', { description: DEFAULT_DESCRIPTION_KEY }],
  ['/about', page('common:routes.about.title', 'common:routes.about.description')],
  ['/tutors', page('common:routes.tutors.title', 'common:routes.tutors.description')],
  ['/tutor/:id', page('common:routes.tutorProfile.title', 'common:routes.tutorProfile.description')],
  ['/support', page('common:routes.support.title', 'common:routes.support.description')],
  ['/contact-us', page('common:routes.contact.title', 'common:routes.contact.description')],
  ['/features', page('common:routes.features.title', 'common:routes.features.description')],
  ['/terms-and-conditions', page('common:routes.terms.title', 'common:routes.terms.description')],
  ['/privacy-policy', page('common:routes.privacy.title', 'common:routes.privacy.description')],
  ['/cancellations-and-refunds', page('common:routes.refunds.title', 'common:routes.refunds.description')],
  ['/login', page('common:routes.login.title', 'common:routes.login.description')],
  ['/register', page('common:routes.register.title', 'common:routes.register.description')],
  ['/verify-email', page('common:routes.verifyEmail')],
  ['/verify-email-otp', page('common:routes.verifyEmailOtp')],
  ['/unsubscribe', page('common:routes.unsubscribe')],
  ['/dashboard', page('common:routes.dashboard')],
  ['/request/new', page('common:routes.newRequest')],
  ['/request/:id/edit', page('common:routes.editRequest')],
  ['/subscribe', page('common:routes.subscribe')],
  ['/payment-success', page('common:routes.paymentResult')],
  ['/payment/checkout', page('common:routes.checkout')],
  ['/nearby', page('common:routes.nearby')],
  ['/admin', page('common:routes.admin')],
  ['/chats', page('common:routes.chats')],
  ['/messages', page('common:routes.messages')],
  ['/profile', page('common:routes.profile')],
  ['/notifications', page('common:routes.notifications')],
]

const NOT_FOUND = page('common:routes.notFound')

/** The route table's entry for a path; any other path is the not-found screen. */
export function routeMeta(pathname: string): RouteMetaKeys {
  return ROUTE_META.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? NOT_FOUND
}
