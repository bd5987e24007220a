import { http, HttpResponse } from 'msw'
import type { Site } from '@/lib/site-store'
import type { Body } from './http'

export function makeSite(
  overrides: {
    settings?: Partial<Site['settings']>
    content?: Partial<Site['content']>
    demoPayments?: boolean
  } = {},
  testimonials: Site['testimonials'] = [],
): Site {
  return {
    settings: {
      siteTitle: 'HomeTutor',
      siteDescription: 'Find your perfect tutor',
      theme: 'light',
      maintenanceMode: false,
      gpt5MiniPreviewEnabled: true,
      logoUrl: null,
      bannerUrl: null,
      supportEmail: 'support@hometutor.in',
      supportPhone: '+91 98765 43210',
      ...overrides.settings,
    },
    content: { homeText: '', banners: [], faqs: [], announcements: [], ...overrides.content },
    testimonials,
    demoPayments: overrides.demoPayments ?? false,
  }
}

/** GET /site for the shell: default settings, no content, unless a test serves its own. */
export const siteHandler = http.get('*/api/site', () => HttpResponse.json<Body<'SiteDto'>>(makeSite()))
