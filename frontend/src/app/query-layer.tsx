import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { getQueryClient } from '@/lib/query-client'
import { useSiteRefresh } from '@/lib/site'
import { useSiteData, type Site } from '@/lib/site-store'
import { BookDemoHost } from './book-demo-host'

/** Inside the layer: the site store follows invalidations of the site query (an admin's save). */
function SiteRefresh() {
  const site = useSiteData()
  return site ? <SiteQuery site={site} /> : null
}

function SiteQuery({ site }: { site: Site }) {
  useSiteRefresh(site)
  return null
}

/**
 * TanStack Query for one lazily loaded screen or shell part (see `lazy-with-queries.tsx`): the
 * app's one client, so every screen shares one cache. Under a client provided above (the tests'
 * own, through AppProvider), that one.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext)
  const content = (
    <>
      <SiteRefresh />
      <BookDemoHost>{children}</BookDemoHost>
    </>
  )
  if (outer) return content
  return <QueryClientProvider client={getQueryClient()}>{content}</QueryClientProvider>
}
