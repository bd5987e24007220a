import type { NavContext, NavItem } from './nav'

// Only the mobile drawer (a lazy chunk) uses these: kept out of nav.ts, which the first page load carries.

/** Extra links the drawer offers, so every page stays reachable on a phone. */
export function drawerExtraItems({ isLoggedIn }: NavContext): NavItem[] {
  const common = [
    { label: 'Find Tutors', to: '/tutors' },
    { label: 'Help & Support', to: '/support' },
    { label: 'Contact', to: '/contact-us' },
    { label: 'About', to: '/about' },
  ]
  return isLoggedIn
    ? [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Notifications', to: '/notifications' },
        { label: 'My Profile', to: '/profile' },
        ...common,
      ]
    : common
}

const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Home'],
  [/^\/about\/?$/, 'About'],
  [/^\/verify-email\/?$/, 'Verify Email'],
  [/^\/verify-email-otp\/?$/, 'Verify Email'],
  [/^\/features\/?$/, 'Features'],
  [/^\/support\/?$/, 'Help & Support'],
  [/^\/contact-us\/?$/, 'Contact Us'],
  [/^\/terms-and-conditions\/?$/, 'Terms and Conditions'],
  [/^\/privacy-policy\/?$/, 'Privacy Policy'],
  [/^\/cancellations-and-refunds\/?$/, 'Cancellations and Refunds'],
  [/^\/tutors\/?$/, 'Find a tutor'],
  [/^\/tutor\/[^/]+\/?$/, 'Tutor Profile'],
  [/^\/login\/?$/, 'Sign In'],
  [/^\/register\/?$/, 'Sign Up'],
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/request\/new\/?$/, 'New Request'],
  [/^\/request\/[^/]+\/edit\/?$/, 'Edit Request'],
  [/^\/subscribe\/?$/, 'Subscribe'],
  [/^\/payment-success\/?$/, 'Payment'],
  [/^\/payment\/checkout\/?$/, 'Checkout'],
  [/^\/nearby\/?$/, 'Find Students'],
  [/^\/admin\/?$/, 'Admin'],
  [/^\/chats\/?$/, 'Messages'],
  [/^\/messages\/?$/, 'Messages'],
  [/^\/profile\/?$/, 'My Profile'],
  [/^\/notifications\/?$/, 'Notifications'],
  [/^\/unsubscribe\/?$/, 'E-mail settings'],
]

/** The drawer's title, derived from the current path. */
export function titleFromPath(pathname: string): string {
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page Not Found'
}
