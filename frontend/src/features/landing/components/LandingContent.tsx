import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSiteData, type Site } from '@/lib/site-store'
import { SiteAnnouncements } from './SiteAnnouncements'

// The admin's content under the fold (home text, testimonials, FAQs) is its own chunk, fetched
// only when there is some and the visitor scrolls towards it, so a first visit does not pay for
// what it may never see (the initial-route budget). Banners and announcements, near the top, come with
// this chunk.
const SiteContent = lazy(() => import('./SiteContent'))

/** How far ahead of the viewport the lower content starts loading: it is there before it is seen. */
const LOAD_AHEAD = '400px 0px'

function hasContent(site: Site, part: 'top' | 'bottom'): boolean {
  const c = site.content
  if (part === 'top') return c.banners.length > 0 || c.announcements.length > 0
  return Boolean(c.homeText.trim()) || c.faqs.length > 0 || site.testimonials.length > 0
}

export function LandingTop() {
  const data = useSiteData()
  if (!data || !hasContent(data, 'top')) return null
  return <SiteAnnouncements content={data.content} />
}

export function LandingBottom() {
  const data = useSiteData()
  const show = Boolean(data && hasContent(data, 'bottom'))
  // Without IntersectionObserver (old browsers, tests' jsdom) the content loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const anchor = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = anchor.current
    if (near || !show || !element) return undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: LOAD_AHEAD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, show])
  if (!data || !show) return null
  return (
    <div ref={anchor}>
      {near && (
        <Suspense fallback={null}>
          <SiteContent site={data} />
        </Suspense>
      )}
    </div>
  )
}
