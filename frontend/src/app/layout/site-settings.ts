import { useEffect } from 'react'
import { useSiteName } from '@/lib/document-meta'
import type { SiteSettings } from '@/lib/site-store'

/** Applies the admin's site settings to the page: the site's name in the tab title and the light/dark theme. */
export function useSiteSettingsEffect(settings: SiteSettings | undefined) {
  useSiteName(settings?.siteTitle)
  const dark = settings?.theme === 'dark'
  useEffect(() => {
    // Chakra v3's `_dark` condition is the `dark` class on an ancestor (html here).
    const root = document.documentElement
    root.classList.toggle('dark', dark)
    root.classList.toggle('light', !dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  }, [dark])
}
