import { useEffect } from 'react'
import { setSiteData } from '@/lib/site-store'
import { useSite } from '@/lib/site'

/** Lazily mounted by the shell: fetches GET /site and hands it to the shell and the landing page. */
export default function SiteSync() {
  const { data } = useSite()
  useEffect(() => {
    if (data) setSiteData(data)
  }, [data])
  return null
}
