import type { Role } from '@/api/types'

/** Every destination the bars and the drawer offer; its label is NAV_LABELS[id] in the shell's catalogue. */
export type NavId =
  | 'home'
  | 'findTutors'
  | 'tutors'
  | 'about'
  | 'contact'
  | 'signIn'
  | 'signUp'
  | 'dashboard'
  | 'newRequest'
  | 'messages'
  | 'findStudents'
  | 'subscribe'
  | 'profile'
  | 'myProfile'
  | 'support'
  | 'helpSupport'
  | 'admin'
  | 'alerts'
  | 'notifications'

export const NAV_LABELS: Record<NavId, string> = {
  home: 'common:nav.home',
  findTutors: 'common:nav.findTutors',
  tutors: 'common:nav.tutors',
  about: 'common:nav.about',
  contact: 'common:nav.contact',
  signIn: 'common:nav.signIn',
  signUp: 'common:nav.signUp',
  dashboard: 'common:nav.dashboard',
  newRequest: 'common:nav.newRequest',
  messages: 'common:nav.messages',
  findStudents: 'common:nav.findStudents',
  subscribe: 'common:nav.subscribe',
  profile: 'common:nav.profile',
  myProfile: 'common:nav.myProfile',
  support: 'common:nav.support',
  helpSupport: 'common:nav.helpSupport',
  admin: 'common:nav.admin',
  alerts: 'common:nav.alerts',
  notifications: 'common:nav.notifications',
}

export interface NavItem {
  id: NavId
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
      { id: 'home', to: '/' },
      { id: 'findTutors', to: '/tutors' },
      { id: 'about', to: '/about' },
      { id: 'contact', to: '/contact-us' },
      { id: 'signIn', to: '/login' },
      { id: 'signUp', to: '/register' },
    ]
  }
  switch (role) {
    case 'parent':
      return [
        { id: 'dashboard', to: '/dashboard' },
        { id: 'findTutors', to: '/tutors' },
        { id: 'newRequest', to: '/request/new' },
        { id: 'messages', to: '/messages' },
      ]
    case 'tutor':
      return [
        subscribed ? { id: 'findStudents', to: '/nearby' } : { id: 'subscribe', to: '/subscribe' },
        { id: 'profile', to: tutorProfilePath(email) },
        { id: 'messages', to: '/messages' },
        { id: 'support', to: '/support' },
      ]
    case 'admin':
      return [
        { id: 'admin', to: '/admin' },
        { id: 'messages', to: '/messages' },
      ]
    default:
      return [{ id: 'dashboard', to: '/dashboard' }]
  }
}

/** The phone bar's bell: a short label that fits a fifth of 320 px; its link is named by the count. */
export const NOTIFICATIONS_ITEM: NavItem = { id: 'alerts', to: '/notifications' }

/** SPEC §2 "Navigation": the bottom bar below md, at most 5 items. */
export function bottomNavItems({ role, email, subscribed, isLoggedIn }: NavContext): NavItem[] {
  let items: NavItem[]
  if (!isLoggedIn) {
    items = [
      { id: 'home', to: '/' },
      { id: 'tutors', to: '/tutors' },
      { id: 'about', to: '/about' },
      { id: 'signIn', to: '/login' },
      { id: 'signUp', to: '/register' },
    ]
  } else if (role === 'parent') {
    // Home is the brand link in the header: its place goes to the notifications.
    items = [
      { id: 'dashboard', to: '/dashboard' },
      { id: 'newRequest', to: '/request/new' },
      { id: 'messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { id: 'profile', to: '/profile' },
    ]
  } else if (role === 'tutor') {
    items = [
      { id: 'home', to: '/' },
      subscribed ? { id: 'findStudents', to: '/nearby' } : { id: 'subscribe', to: '/subscribe' },
      { id: 'messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { id: 'profile', to: tutorProfilePath(email) },
    ]
  } else {
    items = [
      { id: 'home', to: '/' },
      { id: 'admin', to: '/admin' },
      { id: 'messages', to: '/messages' },
      NOTIFICATIONS_ITEM,
      { id: 'profile', to: '/profile' },
    ]
  }
  return items.slice(0, 5)
}
