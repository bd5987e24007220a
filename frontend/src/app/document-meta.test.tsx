import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DESCRIPTION } from '@/lib/document-meta'
import { i18n } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeSite } from '@/test/site'
import { routeMeta } from './route-meta'

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content')
const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString()

describe('tab titles and descriptions', () => {
  it('gives every route of the SPEC §2 table a title of its own', () => {
    const paths = [
      '/about',
      '/tutors',
      '/support',
      '/contact-us',
      '/features',
      '/terms-and-conditions',
      '/privacy-policy',
      '/cancellations-and-refunds',
      '/login',
      '/register',
      '/verify-email',
      '/verify-email-otp',
      '/dashboard',
      '/request/new',
      '/request/12/edit',
      '/subscribe',
      '/payment-success',
      '/payment/checkout',
      '/nearby',
      '/admin',
      '/chats',
      '/messages',
      '/profile',
      '/notifications',
      '/no/such/page',
    ]
    const title = (path: string) => {
      const key = routeMeta(path).title
      return key && i18n.t(key)
    }
    const titles = paths.map(title)
    expect(new Set(titles).size).toBe(paths.length)
    expect(title('/')).toBeUndefined()
    expect(title('/tutor/ravi%40example.com')).toBe('Tutor Profile')
    expect(title('/no/such/page')).toBe('Page Not Found')
  })

  it('names the landing page after the site, and a public page after itself with its own description', async () => {
    const { user } = renderApp('/')
    await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Tutor' })
    // Set by an effect once the route has rendered (and the site's title is known): waited for.
    await waitFor(() => expect(document.title).toBe('HomeTutor — Find Your Perfect Tutor'))
    expect(description()).toBe(DEFAULT_DESCRIPTION)

    await user.click(screen.getAllByRole('link', { name: 'Learn More' })[0])
    await screen.findByRole('heading', { level: 1, name: 'About' })
    await waitFor(() => expect(document.title).toBe('About · HomeTutor'))
    expect(description()).toMatch(/^About HomeTutor: our mission/)
  })

  it("titles a tutor's Nearby Requests", async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inAYear })
    renderApp('/nearby')
    await screen.findByRole('heading', { level: 1, name: 'Nearby Requests' })
    await waitFor(() => expect(document.title).toBe('Nearby Requests · HomeTutor'))
    expect(description()).toBe(DEFAULT_DESCRIPTION)
  })

  it("uses the admin's site title in place of the app's name", async () => {
    server.use(
      http.get('*/api/site', () => HttpResponse.json(makeSite({ settings: { siteTitle: 'Tutors of Delhi' } }))),
    )
    renderApp('/contact-us')
    await waitFor(() => expect(document.title).toBe('Contact Us · Tutors of Delhi'))
  })
})
