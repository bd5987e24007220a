import { useEffect } from 'react'
import { APP_NAME } from '@/lib/constants'
import type { SiteSettings } from '@/lib/site-store'

/** Applies the admin's site settings to the page: the document title and the light/dark theme. */
export function useSiteSettingsEffect(settings: SiteSettings | undefined) {
  const title = settings?.siteTitle?.trim() || APP_NAME
  const dark = settings?.theme === 'dark'
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    // Chakra v3's `_dark` condition is the `dark` class on an ancestor (html here).
    const root = document.documentElement
    root.classList.toggle('dark', dark)
    root.classList.toggle('light', !dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  }, [dark])
}
