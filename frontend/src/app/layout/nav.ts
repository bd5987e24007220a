import type { Role } from '@/api/types'

export interface NavItem {
  label: string
  to: string
}

export interface NavContext {
  role: Role | null
  email: string | null
  subscribed: boolean
  isLoggedIn: boolean
}

export function tutorProfilePath(email: string | null): string {
  return `/tutor/${encodeURIComponent((email ?? '').toLowerCase())}`
}

/** SPEC §2 "Navigation": the desktop top bar. Sign Out is rendered next to these as a button. */
export function desktopNavItems({ role, email, subscribed, isLoggedIn }: NavContext): NavItem[] {
  if (!isLoggedIn) {
    return [
      { label: 'Home', to: '/' },
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact-us' },
      { label: 'Sign In', to: '/login' },
      { label: 'Sign Up', to: '/register' },
    ]
  }
  switch (role) {
    case 'parent':
      return [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'New Request', to: '/request/new' },
        { label: 'Messages', to: '/messages' },
      ]
    case 'tutor':
      return [
        subscribed ? { label: 'Find Students', to: '/nearby' } : { label: 'Subscribe', to: '/subscribe' },
        { label: 'Profile', to: tutorProfilePath(email) },
        { label: 'Messages', to: '/messages' },
        { label: 'Support', to: '/support' },
      ]
    case 'admin':
      return [
        { label: 'Admin', to: '/admin' },
        { label: 'Messages', to: '/messages' },
      ]
    default:
      return [{ label: 'Dashboard', to: '/dashboard' }]
  }
}

/** SPEC §2 "Navigation": the bottom bar below md, at most 5 items. */
export function bottomNavItems({ role, email, subscribed, isLoggedIn }: NavContext): NavItem[] {
  let items: NavItem[]
  if (!isLoggedIn) {
    items = [
      { label: 'Home', to: '/' },
      { label: 'About', to: '/about' },
      { label: 'Sign In', to: '/login' },
      { label: 'Sign Up', to: '/register' },
    ]
  } else if (role === 'parent') {
    items = [
      { label: 'Home', to: '/' },
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'New Request', to: '/request/new' },
      { label: 'Messages', to: '/messages' },
      { label: 'Profile', to: '/profile' },
    ]
  } else if (role === 'tutor') {
    items = [
      { label: 'Home', to: '/' },
      subscribed ? { label: 'Find Students', to: '/nearby' } : { label: 'Subscribe', to: '/subscribe' },
      { label: 'Messages', to: '/messages' },
      { label: 'Profile', to: tutorProfilePath(email) },
    ]
  } else {
    items = [
      { label: 'Home', to: '/' },
      { label: 'Admin', to: '/admin' },
      { label: 'Messages', to: '/messages' },
      { label: 'Profile', to: '/profile' },
    ]
  }
  return items.slice(0, 5)
}

/** Extra links the drawer offers, so every page stays reachable on a phone. */
export function drawerExtraItems({ isLoggedIn }: NavContext): NavItem[] {
  const common = [
    { label: 'Help & Support', to: '/support' },
    { label: 'Contact', to: '/contact-us' },
    { label: 'About', to: '/about' },
  ]
  return isLoggedIn
    ? [{ label: 'Dashboard', to: '/dashboard' }, { label: 'My Profile', to: '/profile' }, ...common]
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
]

/** The drawer's title, derived from the current path. */
export function titleFromPath(pathname: string): string {
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page Not Found'
}
