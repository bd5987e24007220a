import type { NavContext, NavItem } from './nav'

// Only the mobile drawer (a lazy chunk) uses these: kept out of nav.ts, which the first page load carries.

/** Extra links the drawer offers, so every page stays reachable on a phone. */
export function drawerExtraItems({ isLoggedIn }: NavContext): NavItem[] {
  const common: NavItem[] = [
    { id: 'findTutors', to: '/tutors' },
    { id: 'helpSupport', to: '/support' },
    { id: 'contact', to: '/contact-us' },
    { id: 'about', to: '/about' },
  ]
  return isLoggedIn
    ? [
        { id: 'dashboard', to: '/dashboard' },
        { id: 'notifications', to: '/notifications' },
        { id: 'myProfile', to: '/profile' },
        ...common,
      ]
    : common
}

/** Each path's drawer title, as a key of the shell's catalogue. */
const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'common:titles.home'],
  [/^\/about\/?$/, 'common:titles.about'],
  [/^\/verify-email\/?$/, 'common:titles.verifyEmail'],
  [/^\/verify-email-otp\/?$/, 'common:titles.verifyEmail'],
  [/^\/features\/?$/, 'common:titles.features'],
  [/^\/support\/?$/, 'common:titles.helpSupport'],
  [/^\/contact-us\/?$/, 'common:titles.contactUs'],
  [/^\/terms-and-conditions\/?$/, 'common:titles.terms'],
  [/^\/privacy-policy\/?$/, 'common:titles.privacy'],
  [/^\/cancellations-and-refunds\/?$/, 'common:titles.refunds'],
  [/^\/tutors\/?$/, 'common:titles.findTutor'],
  [/^\/tutor\/[^/]+\/?$/, 'common:titles.tutorProfile'],
  [/^\/login\/?$/, 'common:titles.signIn'],
  [/^\/register\/?$/, 'common:titles.signUp'],
  [/^\/dashboard\/?$/, 'common:titles.dashboard'],
  [/^\/request\/new\/?$/, 'common:titles.newRequest'],
  [/^\/request\/[^/]+\/edit\/?$/, 'common:titles.editRequest'],
  [/^\/subscribe\/?$/, 'common:titles.subscribe'],
  [/^\/payment-success\/?$/, 'common:titles.payment'],
  [/^\/payment\/checkout\/?$/, 'common:titles.checkout'],
  [/^\/nearby\/?$/, 'common:titles.findStudents'],
  [/^\/admin\/?$/, 'common:titles.admin'],
  [/^\/chats\/?$/, 'common:titles.messages'],
  [/^\/messages\/?$/, 'common:titles.messages'],
  [/^\/profile\/?$/, 'common:titles.myProfile'],
  [/^\/notifications\/?$/, 'common:titles.notifications'],
  [/^\/classes\/?$/, 'common:titles.classes'],
  [/^\/unsubscribe\/?$/, 'common:titles.emailSettings'],
]

/** The drawer's title for the current path, as a key of the shell's catalogue. */
export function titleKeyFromPath(pathname: string): string {
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'common:titles.notFound'
}
