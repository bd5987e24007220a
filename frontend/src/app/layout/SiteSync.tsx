import { useEffect } from 'react'
import { siteSettled } from '@/lib/site-store'

/** Mounted by the shell: fetches GET /site once and hands it to the shell and the landing page. */
export function SiteSync() {
  useEffect(() => {
    // Without the site's settings the shell shows its defaults; nothing to tell the person. A screen
    // that waits for them (withSite, app/routes.tsx) may have fetched them already: not twice.
    void siteSettled()
  }, [])
  return null
}
