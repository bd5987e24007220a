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
  ['/about', page('shared:routes.about.title', 'shared:routes.about.description')],
  ['/tutors', page('shared:routes.tutors.title', 'shared:routes.tutors.description')],
  ['/tutor/:id', page('shared:routes.tutorProfile.title', 'shared:routes.tutorProfile.description')],
  ['/support', page('shared:routes.support.title', 'shared:routes.support.description')],
  ['/contact-us', page('shared:routes.contact.title', 'shared:routes.contact.description')],
  ['/features', page('shared:routes.features.title', 'shared:routes.features.description')],
  ['/terms-and-conditions', page('shared:routes.terms.title', 'shared:routes.terms.description')],
  ['/privacy-policy', page('shared:routes.privacy.title', 'shared:routes.privacy.description')],
  ['/cancellations-and-refunds', page('shared:routes.refunds.title', 'shared:routes.refunds.description')],
  ['/login', page('shared:routes.login.title', 'shared:routes.login.description')],
  ['/register', page('shared:routes.register.title', 'shared:routes.register.description')],
  ['/verify-email', page('shared:routes.verifyEmail')],
  ['/verify-email-otp', page('shared:routes.verifyEmailOtp')],
  ['/unsubscribe', page('shared:routes.unsubscribe')],
  ['/dashboard', page('shared:routes.dashboard')],
  ['/request/new', page('shared:routes.newRequest')],
  ['/request/:id/edit', page('shared:routes.editRequest')],
  ['/subscribe', page('shared:routes.subscribe')],
  ['/payment-success', page('shared:routes.paymentResult')],
  ['/payment/checkout', page('shared:routes.checkout')],
  ['/nearby', page('shared:routes.nearby')],
  ['/availability', page('shared:routes.availability')],
  ['/classes', page('shared:routes.classes')],
  // A class's page: My classes until it has loaded and names the class (useScreenMeta).
  ['/bookings/:id', page('shared:routes.classes')],
  ['/admin', page('shared:routes.admin')],
  ['/chats', page('shared:routes.chats')],
  ['/messages', page('shared:routes.messages')],
  ['/profile', page('shared:routes.profile')],
  ['/notifications', page('shared:routes.notifications')],
]

const NOT_FOUND = page('shared:routes.notFound')

/** The route table's entry for a path; any other path is the not-found screen. */
export function routeMeta(pathname: string): RouteMetaKeys {
  return ROUTE_META.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? NOT_FOUND
}
