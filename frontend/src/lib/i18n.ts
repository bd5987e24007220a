import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey } from 'i18next'
import ICU from 'i18next-icu'
import { initReactI18next, useTranslation } from 'react-i18next'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  localeOf,
  preferredLanguage,
  type Language,
  type Namespace,
} from './i18n-languages'

/**
 * The app's one i18next instance: catalogues in src/locales/<language>/<namespace>.json, loaded by
 * language and namespace as screens need them, formatted as ICU MessageFormat (plurals,
 * placeholders). How to add a string, a namespace or a language: docs/i18n.md.
 */
/** The hook every component translates with: `const { t } = useTranslation()`, then `t('<namespace>:<key>', values)`. */
export { useTranslation }

export const i18n: I18n = i18next

/** Where the person's choice is kept between visits (a signed-out visitor's too). */
export const LANGUAGE_STORAGE_KEY = 'language'

/**
 * Fired on `window` when the person picks a language (not when it is detected or applied from an
 * account), with `{ detail: { language } }`: where a signed-in person's choice will be sent to the
 * server, so that it follows them to other devices.
 */
export const LANGUAGE_CHOSEN_EVENT = 'hometutor:language-chosen'

export type LanguageChosenEvent = CustomEvent<{ language: Language }>

// Each catalogue is its own file of the build, fetched the first time a screen needs it.
const catalogues = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' })

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${language}/${namespace}.json`]
    if (!load) {
      callback(new Error(`There is no catalogue ${language}/${namespace}.json`), false)
      return
    }
    load().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    )
  },
}

interface IcuFormatter {
  init(instance: I18n): void
  parse(message: unknown, ...context: unknown[]): string
}

/**
 * i18next-icu for compiled catalogues (vite-plugins/icu-catalogues.ts): plain text arrives as a
 * string and is shown as it is; a message with placeholders or plurals arrives as its ICU syntax
 * tree, which intl-messageformat formats (and i18next-icu memoizes) without a parser in the bundle.
 */
// Numbers in messages (`{km, number}`, a plural's `#`) with India's grouping: 'en-IN', 'hi-IN'.
const icu = new ICU({
  parseLngForICU: (language) => (isLanguage(language) ? localeOf(language) : language),
}) as unknown as IcuFormatter
const compiledIcu = {
  type: 'i18nFormat' as const,
  init: (instance: I18n) => icu.init(instance),
  parse: (message: unknown, ...context: unknown[]) =>
    typeof message === 'string' ? message : icu.parse(message, ...context),
}

function storedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    // Storage refused (a private window's quota, a blocked cookie setting): the browser decides.
    return null
  }
}

function storeLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // The choice still holds for this visit.
  }
}

/** The person's earlier choice, else the first of the browser's languages that the app speaks. */
export function initialLanguage(): Language {
  const browser = globalThis.navigator
  return (
    storedLanguage() ?? preferredLanguage(browser?.languages?.length ? browser.languages : [browser?.language ?? ''])
  )
}

/** `<html lang>` (screen readers, hyphenation, the Devanagari font and line heights) and the manifest. */
function applyToDocument(language: Language) {
  if (typeof document === 'undefined') return
  document.documentElement.lang = language
  const manifest = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  const href = LANGUAGES.find((entry) => entry.code === language)?.manifest
  if (manifest && href && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href)
}

/**
 * Starts i18n in `language` with the `common` catalogue (the shell's) and `namespaces` (the first
 * screen's), fetched side by side: resolves once they are there, so the first render already has its
 * text. `resources` (the tests') are used instead of fetching.
 */
export function initI18n({
  language,
  namespaces = [],
  resources,
}: {
  language: Language
  namespaces?: Namespace[]
  resources?: Resource
}) {
  i18n.use(compiledIcu).use(initReactI18next)
  if (!resources) i18n.use(catalogueBackend)
  i18n.on('languageChanged', (changed) => {
    if (isLanguage(changed)) applyToDocument(changed)
  })
  applyToDocument(language)
  return i18n.init({
    lng: language,
    resources,
    initAsync: !resources,
    supportedLngs: LANGUAGES.map((entry) => entry.code),
    // Every catalogue has the same keys in every language (src/locales/catalogues.test.ts): no
    // fallback, so a Hindi visitor never downloads the English catalogues too.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['common', ...namespaces],
    defaultNS: 'common',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  })
}

/** The language shown now. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

/**
 * Shows the app in `language` (its catalogues load first), keeps the choice for the next visit and
 * updates `<html lang>`, the title and the manifest. `source: 'person'` (a click on the switch)
 * also fires LANGUAGE_CHOSEN_EVENT; `'account'` is for applying a choice that came from the server.
 */
export async function setLanguage(language: Language, { source = 'person' }: { source?: 'person' | 'account' } = {}) {
  storeLanguage(language)
  await i18n.changeLanguage(language)
  if (source === 'person' && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(LANGUAGE_CHOSEN_EVENT, { detail: { language } }))
  }
}

/** The language shown now, for a component: it renders again when the language changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation()
  const language = instance.resolvedLanguage ?? instance.language
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

/**
 * A lazy screen's loader that also fetches its catalogues, side by side: the screen renders with its
 * text instead of loading it after its code (`lazy(withCatalogues(() => import('…'), ['landing']))`).
 */
export function withCatalogues<T>(load: () => Promise<T>, namespaces: Namespace[]): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)])
    return module
  }
}
