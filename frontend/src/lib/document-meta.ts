import { useEffect } from 'react'
import { APP_NAME } from './constants'

/**
 * The browser tab's title and the page's meta description: the one writer of both.
 *
 * Three layers, each set by whoever knows it, so that the order in which React runs effects
 * never decides the outcome: the site's name (the admin's site title, from the shell), the
 * route's own title and description in the language shown (`app/route-meta.ts`, from the shell),
 * and what a screen learns once its data arrives (a tutor's name), which wins while that screen is
 * shown. Each layer's hook runs again when its text changes, the language included.
 */
export interface DocumentMeta {
  /** The page's own name, e.g. 'Nearby Requests'; none on the landing page, which leads with the site's name. */
  title?: string
  description: string
}

/**
 * The static description in index.html, for crawlers that do not run scripts: the English text of
 * `common:app.description`, which the shell shows once it runs.
 */
export const DEFAULT_DESCRIPTION =
  'Find qualified home tutors near you: parents post tuition needs on a map, tutors nearby get in touch, and both sides chat in real time.'

/** index.html's, until the shell has said the tagline in the language shown. */
const DEFAULT_TAGLINE = 'Find Your Perfect Tutor'

let siteName = APP_NAME
let routeMeta: DocumentMeta = { description: DEFAULT_DESCRIPTION }
let homeTagline = DEFAULT_TAGLINE
let screenMeta: Partial<DocumentMeta> | null = null

/** 'Nearby Requests · HomeTutor'; the landing page 'HomeTutor — Find Your Perfect Tutor'. */
export function documentTitle(title: string | undefined, site: string = siteName, tagline = homeTagline): string {
  return title ? `${title} · ${site}` : `${site} — ${tagline}`
}

function apply() {
  document.title = documentTitle(screenMeta?.title ?? routeMeta.title)
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  tag.content = screenMeta?.description ?? routeMeta.description
}

/** The shell: the admin's site title (General Settings), else the app's name. */
export function useSiteName(name: string | null | undefined) {
  const value = name?.trim() || APP_NAME
  useEffect(() => {
    siteName = value
    apply()
  }, [value])
}

/** The shell: the current route's title and description, and the tagline the landing page's title carries. */
export function useRouteMeta(meta: DocumentMeta, tagline: string) {
  const { title, description } = meta
  useEffect(() => {
    routeMeta = { title, description }
    homeTagline = tagline
    apply()
  }, [title, description, tagline])
}

/**
 * A screen that knows more than its route once its data has loaded (a tutor profile: the tutor's
 * name). Undefined parts fall back to the route's; leaving the screen gives the route its say back.
 */
export function useScreenMeta(meta: Partial<DocumentMeta>) {
  const { title, description } = meta
  useEffect(() => {
    if (title === undefined && description === undefined) return undefined
    screenMeta = { title, description }
    apply()
    return () => {
      screenMeta = null
      apply()
    }
  }, [title, description])
}
