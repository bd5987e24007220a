/**
 * The languages the app speaks: the one list. A third language is a folder of catalogues in
 * src/locales/<code>/ (the same files and keys as en/), a web manifest in public/, and a line here.
 */
export const LANGUAGES = [
  // `name` is written in the language itself: a reader finds their own language whatever is shown.
  { code: 'en', name: 'English', locale: 'en-IN', manifest: '/manifest.webmanifest' },
  { code: 'hi', name: 'हिन्दी', locale: 'hi-IN', manifest: '/manifest.hi.webmanifest' },
] as const

export type Language = (typeof LANGUAGES)[number]['code']

/** What a visitor whose browser asks for none of the above reads. */
export const DEFAULT_LANGUAGE: Language = 'en'

/**
 * One catalogue per feature folder (src/features/<name>), plus `common` for the shell (the header,
 * nav, footer, banners and formats: what every first view needs) and `shared` for what the screens
 * share beyond the landing page (route titles and descriptions, SPEC §8's default messages, the map,
 * place search, uploads, dialogs, the tutor card), which loads with every screen but the landing
 * page. A namespace's catalogue loads with the first screen that asks for it.
 */
export const NAMESPACES = [
  'common',
  'shared',
  'landing',
  'auth',
  'tuition',
  'requests',
  'tutors',
  'profile',
  'chat',
  'notifications',
  'payments',
  'admin',
  'info',
  'recommendations',
  'demo',
  'verification',
  'moderation',
  'availability',
  'bookings',
  'onboarding',
] as const

export type Namespace = (typeof NAMESPACES)[number]

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value)
}

/** The first of the browser's languages (most preferred first) that the app speaks, else the default. */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return DEFAULT_LANGUAGE
}

/** The BCP 47 locale for Intl and `<html lang>`-independent formatting: India's conventions ('en-IN'). */
export function localeOf(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.locale ?? 'en-IN'
}
