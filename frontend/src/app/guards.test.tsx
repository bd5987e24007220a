import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { currentPath, renderApp, signInAs, visited } from '@/test/render'
import { server } from '@/test/server'

const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString()

describe('route guards (SPEC §2 route table)', () => {
  it('sends a logged-out visitor of /dashboard to /login', async () => {
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
    expect(currentPath()).toBe('/login')
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  // /subscribe is the exception: it says why and leaves after 2 s (features/payments tests).
  it.each([
    '/profile',
    '/chats',
    '/messages',
    '/request/new',
    '/nearby',
    '/admin',
    '/payment-success',
    '/payment/checkout',
  ])('sends a logged-out visitor of %s to /login', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
    expect(currentPath()).toBe('/login')
  })

  it('sends a parent on /subscribe to /login, which then forwards a logged-in user to /dashboard', async () => {
    signInAs({ role: 'parent' })
    renderApp('/subscribe')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(visited).toEqual(['/subscribe', '/login', '/dashboard'])
    expect(screen.queryByRole('heading', { name: 'Tutor Premium' })).not.toBeInTheDocument()
  })

  it('shows /subscribe to a tutor', async () => {
    signInAs({ role: 'tutor' })
    renderApp('/subscribe')
    expect(await screen.findByRole('heading', { name: 'Tutor Premium' })).toBeInTheDocument()
    expect(currentPath()).toBe('/subscribe')
  })

  it('keeps tutors out of parent-only /request/new', async () => {
    signInAs({ role: 'tutor' })
    renderApp('/request/new')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(visited).toContain('/login')
  })

  it('keeps non-admins out of /admin and lets an admin in', async () => {
    signInAs({ role: 'parent' })
    const first = renderApp('/admin')
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
    first.unmount()

    signInAs({ role: 'admin' })
    // The panel opens on Analytics; its figures are not what this test is about.
    server.use(http.get('*/api/admin/analytics/*', () => HttpResponse.json({}, { status: 500 })))
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument()
  })

  it.each(['/login', '/register'])('sends a logged-in user on %s to /dashboard', async (path) => {
    signInAs({ role: 'parent' })
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(currentPath()).toBe('/dashboard')
  })

  it.each(['/login', '/register'])('sends a logged-in admin on %s to the admin panel', async (path) => {
    signInAs({ role: 'admin' })
    server.use(http.get('*/api/admin/analytics/*', () => HttpResponse.json({}, { status: 500 })))
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument()
    expect(currentPath()).toBe('/admin')
    expect(visited).not.toContain('/dashboard')
  })

  it('shows the parent dashboard to parents and the tutor dashboard with the subscribed flag to tutors', async () => {
    signInAs({ role: 'parent' })
    const parent = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'My Tuition Requests' })).toBeInTheDocument()
    parent.unmount()

    signInAs({ role: 'tutor', subscriptionActive: false })
    const unsubscribed = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Subscribe to find students' })).toBeInTheDocument()
    unsubscribed.unmount()

    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inAYear })
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Nearby Requests' })).toBeInTheDocument()
  })

  it('treats an expired subscription as not subscribed', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: '2020-01-01T00:00:00Z' })
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Subscribe to find students' })).toBeInTheDocument()
  })

  it('shows the not-found screen with Go Home, Contact Support and the support contacts for an unknown path', async () => {
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /go home/i })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: /contact support/i })).toHaveAttribute('href', '/contact-us')
    const main = screen.getByRole('main')
    expect(main).toHaveTextContent('support@hometutor.in')
    expect(main).toHaveTextContent('+91 98765 43210')
  })

  it.each([
    ['/', 'Find Your Perfect Tutor'],
    ['/about', 'About'],
    ['/support', 'Help & Support'],
    ['/contact-us', 'Contact Us'],
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/cancellations-and-refunds', 'Cancellations and Refunds'],
    ['/features', 'Features'],
    ['/tutor/asha%40example.com', 'Tutor Profile'],
    ['/tutors', 'Find a tutor'],
    ['/verify-email', 'Email Verification'],
    ['/verify-email-otp', 'Verify Your Email'],
  ])('serves public %s to a logged-out visitor', async (path, heading) => {
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(currentPath()).toBe(path.split('?')[0])
  })
})
