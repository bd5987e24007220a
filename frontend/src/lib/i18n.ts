import { use, useSyncExternalStore } from 'react'
import type { CompiledCatalogue, CompiledMessage, MessageHelpers, MessageValues } from './compiled-message'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  localeOf,
  NAMESPACES,
  preferredLanguage,
  type Language,
  type Namespace,
} from './i18n-languages'
// The compiled module's shape (a Catalogue), not the JSON's: see vite-plugins/icu-catalogues.ts.
import englishShell from '../locales/en/common.json'

/**
 * The app's i18n: catalogues in src/locales/<language>/<namespace>.json, ICU MessageFormat compiled
 * by the build into modules of plain functions (vite-plugins/icu-catalogues.ts), loaded by language
 * and namespace as screens need them; a small store makes components render again when the language
 * changes or a catalogue arrives. How to add a string, a namespace or a language: docs/i18n.md.
 */

// A message and the helpers it calls: ./compiled-message.ts, shared with the catalogue compiler.
export type { MessageValues }
export type Message = CompiledMessage
/** One compiled catalogue: 'group.key' → its text or its function. */
export type Catalogue = CompiledCatalogue
/** Catalogues given at start instead of fetched (the tests'): language → namespace → catalogue. */
export type Resources = Partial<Record<string, Partial<Record<string, Catalogue>>>>

/** `t(namespaceAndKey, values)`; `lng` formats in another language than the one shown. */
export type TranslateOptions = MessageValues & { lng?: Language }
export type TFunction = (key: string, options?: TranslateOptions) => string

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
const catalogueFiles = import.meta.glob<Catalogue>(['../locales/*/*.json', '!../locales/en/common.json'], {
  import: 'default',
})

// English's shell catalogue is part of the first file rather than a file of its own: most first
// visits read English, so the landing page waits for one file less (the page-weight budget), and
// every other language's shell falls back to it for a message it lacks.
const loaded: Resources = { [DEFAULT_LANGUAGE]: { common: englishShell as unknown as Catalogue } }
const loading = new Map<string, Promise<void>>()
let shown: Language = DEFAULT_LANGUAGE
// Bumped whenever what `t` returns may change (the language, a catalogue that arrived).
let revision = 0
const listeners = new Set<() => void>()

function changed() {
  revision += 1
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Calls `listener` each time the language shown changes (for code outside components). */
export function onLanguageShown(listener: (language: Language) => void): () => void {
  let last = shown
  const unsubscribe = subscribe(() => {
    if (shown === last) return
    last = shown
    listener(shown)
  })
  return () => void unsubscribe()
}

const helpersByLanguage = new Map<Language, MessageHelpers>()

// Numbers in messages (`{km, number}`, a plural's `#`) with India's grouping: 'en-IN', 'hi-IN'.
function helpersFor(language: Language): MessageHelpers {
  const cached = helpersByLanguage.get(language)
  if (cached) return cached
  const locale = localeOf(language)
  const cardinal = new Intl.PluralRules(locale)
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' })
  const number = new Intl.NumberFormat(locale)
  const helpers: MessageHelpers = {
    s: (value) => (value == null ? '' : String(value)),
    n: (value, options) => (options ? new Intl.NumberFormat(locale, options) : number).format(Number(value)),
    d: (value, options) =>
      new Intl.DateTimeFormat(locale, options).format(value instanceof Date ? value : new Date(value as string)),
    p: (value, offset, isOrdinal, options) => {
      const count = Number(value)
      const pick =
        options[`=${count}`] ?? options[(isOrdinal ? ordinal : cardinal).select(count - offset)] ?? options.other
      return pick ? pick(count - offset) : ''
    },
    e: (value, options) => (options[String(value)] ?? options.other)?.() ?? '',
  }
  helpersByLanguage.set(language, helpers)
  return helpers
}

function isLoaded(language: Language, namespace: string) {
  return Boolean(loaded[language]?.[namespace])
}

function addCatalogue(language: string, namespace: string, catalogue: Catalogue) {
  loaded[language] = { ...loaded[language], [namespace]: { ...loaded[language]?.[namespace], ...catalogue } }
}

/** Fetches a catalogue once; the same promise for everyone who asks meanwhile. */
function loadCatalogue(language: Language, namespace: string): Promise<void> {
  const id = `${language}/${namespace}`
  const pending = loading.get(id)
  if (pending) return pending
  const load = catalogueFiles[`../locales/${id}.json`]
  const promise = load
    ? load().then((catalogue) => {
        addCatalogue(language, namespace, catalogue)
        changed()
      })
    : Promise.reject(new Error(`There is no catalogue ${id}.json`))
  // A failed fetch (offline) may be tried again by the next screen that asks.
  promise.catch(() => loading.delete(id))
  loading.set(id, promise)
  return promise
}

function loadNamespaces(namespaces: readonly string[], language: Language = shown): Promise<void> {
  return Promise.all(
    namespaces
      .filter((namespace) => !isLoaded(language, namespace))
      .map((namespace) => loadCatalogue(language, namespace)),
  ).then(() => undefined)
}

function lookup(key: string, language: Language): Message | undefined {
  const colon = key.indexOf(':')
  const namespace = colon > 0 ? key.slice(0, colon) : 'common'
  const id = colon > 0 ? key.slice(colon + 1) : key
  return loaded[language]?.[namespace]?.[id] ?? loaded[DEFAULT_LANGUAGE]?.[namespace]?.[id]
}

function translate(key: string, options: TranslateOptions | undefined, language: Language): string {
  const message = lookup(key, language)
  if (message === undefined) return key
  return typeof message === 'string' ? message : message(options ?? {}, helpersFor(language))
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
 * Shows `language` once every catalogue shown now is there in it too, so a switch never shows keys.
 * No event: the switch (setLanguage) and tests call this.
 */
async function changeLanguage(language: Language) {
  const namespaces = Object.keys(loaded[shown] ?? {}).filter((namespace) =>
    (NAMESPACES as readonly string[]).includes(namespace),
  )
  await loadNamespaces(['common', ...namespaces], language)
  if (language === shown) return
  shown = language
  applyToDocument(language)
  changed()
}

/** The i18n instance for code outside components (and tests): the language shown, `t`, catalogues. */
export const i18n = {
  get language(): Language {
    return shown
  },
  t: ((key, options) => translate(key, options, options?.lng ?? shown)) as TFunction,
  /** Whether `key`'s catalogue has arrived (for what may be drawn before it, like the tab title). */
  has: (key: string) => lookup(key, shown) !== undefined,
  changeLanguage,
  loadNamespaces: (namespaces: readonly string[]) => loadNamespaces(namespaces),
  /** A catalogue given rather than fetched (tests). */
  addResourceBundle(language: string, namespace: string, catalogue: Catalogue) {
    addCatalogue(language, namespace, catalogue)
    changed()
  },
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
  resources?: Resources
}): Promise<void> {
  for (const [code, catalogues] of Object.entries(resources ?? {})) {
    for (const [namespace, catalogue] of Object.entries(catalogues ?? {})) {
      if (catalogue) addCatalogue(code, namespace, catalogue)
    }
  }
  shown = language
  applyToDocument(language)
  changed()
  return loadNamespaces(['common', ...namespaces], language)
}

/** The language shown now. */
export function currentLanguage(): Language {
  return shown
}

/**
 * Shows the app in `language` (its catalogues load first), keeps the choice for the next visit and
 * updates `<html lang>`, the title and the manifest. `source: 'person'` (a click on the switch)
 * also fires LANGUAGE_CHOSEN_EVENT; `'account'` is for applying a choice that came from the server.
 */
export async function setLanguage(language: Language, { source = 'person' }: { source?: 'person' | 'account' } = {}) {
  storeLanguage(language)
  await changeLanguage(language)
  if (source === 'person' && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(LANGUAGE_CHOSEN_EVENT, { detail: { language } }))
  }
}

// One `t` per language and revision: the same function between renders (effects that depend on it
// run again only when what it returns may have changed).
let translator: { language: Language; revision: number; t: TFunction } | null = null
function translatorFor(language: Language, at: number): TFunction {
  if (translator?.language !== language || translator.revision !== at) {
    translator = { language, revision: at, t: (key, options) => translate(key, options, options?.lng ?? language) }
  }
  return translator.t
}

const revisionSnapshot = () => revision
const languageSnapshot = () => shown

/** The language shown now, for a component: it renders again when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, languageSnapshot, languageSnapshot)
}

/**
 * The hook every component translates with: `const { t } = useTranslation()`, then
 * `t(namespaceAndKey, values)`. It renders again when the language changes; given namespaces
 * (the shell's `common` always) that are not loaded yet, it suspends until they are.
 */
export function useTranslation(namespaces?: Namespace | readonly Namespace[]): {
  t: TFunction
  i18n: typeof i18n
  ready: true
} {
  const current = useSyncExternalStore(subscribe, revisionSnapshot, revisionSnapshot)
  const language = shown
  const needed = ['common', ...(typeof namespaces === 'string' ? [namespaces] : (namespaces ?? []))]
  const missing = needed.filter((namespace) => !isLoaded(language, namespace))
  // Each catalogue's fetch is one promise, started side by side; React suspends on them in turn.
  for (const pending of missing.map((namespace) => loadCatalogue(language, namespace))) use(pending)
  const t = translatorFor(language, current)
  return { t, i18n, ready: true }
}

/**
 * A lazy screen's loader that also fetches its catalogues, side by side: the screen renders with its
 * text instead of loading it after its code (`lazy(withCatalogues(() => import('…'), ['landing']))`).
 */
export function withCatalogues<T>(load: () => Promise<T>, namespaces: Namespace[]): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)])
    return module
  }
}
