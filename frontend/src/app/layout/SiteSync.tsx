import { useEffect } from 'react'
import { loadSite } from '@/lib/site-store'

/** Mounted by the shell: fetches GET /site once and hands it to the shell and the landing page. */
export function SiteSync() {
  useEffect(() => {
    // Without the site's settings the shell shows its defaults; nothing to tell the person.
    loadSite().catch(() => undefined)
  }, [])
  return null
}
