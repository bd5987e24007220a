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
      { label: 'Find Tutors', to: '/tutors' },
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
        { label: 'Find Tutors', to: '/tutors' },
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

/** The phone bar's bell: a short label that fits a fifth of 320 px; its link is named by the count. */
export const NOTIFICATIONS_ITEM: NavItem = { label: 'Alerts', to: '/notifications' }

/** SPEC §2 "Navigation": the bottom bar below md, at most 5 items. */
export function bottomNavItems({ role, email, subscribed, isLoggedIn }: NavContext): NavItem[] {
  let items: NavItem[]
  if (!isLoggedIn) {
    items = [
      { label: 'Home', to: '/' },
      { label: 'Tutors', to: '/tutors' },
      { label: 'About', to: '/about' },
      { label: 'Sign In', to: '/login' },
      { label: 'Sign Up', to: '/register' },
    ]
  } else if (role === 'parent') {
    // Home is the brand link in the header: its place goes to the notifications.
    items = [
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'New Request', to: '/request/new' },
      { label: 'Messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { label: 'Profile', to: '/profile' },
    ]
  } else if (role === 'tutor') {
    items = [
      { label: 'Home', to: '/' },
      subscribed ? { label: 'Find Students', to: '/nearby' } : { label: 'Subscribe', to: '/subscribe' },
      { label: 'Messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { label: 'Profile', to: tutorProfilePath(email) },
    ]
  } else {
    items = [
      { label: 'Home', to: '/' },
      { label: 'Admin', to: '/admin' },
      { label: 'Messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { label: 'Profile', to: '/profile' },
    ]
  }
  return items.slice(0, 5)
}
