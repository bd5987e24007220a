import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { FakeWebSocket } from '@/test/fake-websocket'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeSite } from '@/test/site'

function maintenanceOn() {
  server.use(http.get('*/api/site', () => HttpResponse.json(makeSite({ settings: { maintenanceMode: true } }))))
}

describe('site settings in the shell', { timeout: 30_000 }, () => {
  it('shows the maintenance screen with support contacts to a non-admin on every page but /login', async () => {
    maintenanceOn()
    signInAs({ role: 'parent' })
    renderApp('/dashboard')
    // The screen replaces the dashboard while that one's lazy parts are still settling: asserted on
    // the current element, whichever render put it there.
    await waitFor(() => expect(screen.getByRole('heading', { name: "We'll be back soon" })).toBeInTheDocument())
    expect(within(screen.getByRole('main')).getByRole('link', { name: /support@hometutor.in/ })).toHaveAttribute(
      'href',
      'mailto:support@hometutor.in',
    )
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('keeps /login open during maintenance', async () => {
    maintenanceOn()
    renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument()
    expect(screen.queryByText("We'll be back soon")).not.toBeInTheDocument()
  })

  it('lets an admin use the site during maintenance', async () => {
    maintenanceOn()
    signInAs({ role: 'admin' })
    server.use(http.get('*/api/admin/analytics/*', () => HttpResponse.json({}, { status: 500 })))
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument()
    expect(screen.queryByText("We'll be back soon")).not.toBeInTheDocument()
  })

  it('shows the maintenance screen when an API call answers 503 "maintenance"', async () => {
    signInAs({ role: 'parent' })
    server.use(
      http.get('*/api/tuition/mine', () => apiError(503, { message: 'Down for maintenance', code: 'maintenance' })),
    )
    renderApp('/dashboard')
    // The screen replaces the dashboard while that one's lazy parts are still settling: asserted on
    // the current element, whichever render put it there.
    await waitFor(() => expect(screen.getByRole('heading', { name: "We'll be back soon" })).toBeInTheDocument())
  })

  it('sets the document title and the dark theme from the settings, and shows the logo', async () => {
    server.use(
      http.get('*/api/site', () =>
        HttpResponse.json(
          makeSite({ settings: { siteTitle: 'Tutors of Delhi', theme: 'dark', logoUrl: '/uploads/logo.png' } }),
        ),
      ),
    )
    renderApp('/about')
    await waitFor(() => expect(document.title).toBe('About · Tutors of Delhi'))
    expect(document.documentElement).toHaveClass('dark')
    expect(document.querySelector('header img')).toHaveAttribute('src', '/uploads/logo.png')
  })

  it("shows an admin's broadcast from the chat socket to the logged-in user", async () => {
    signInAs({ role: 'parent' })
    renderApp('/about')
    await waitFor(() => expect(FakeWebSocket.latest()?.readyState).toBe(1))
    act(() =>
      FakeWebSocket.latest()!.push('broadcast', { text: 'Site update tonight', createdAt: '2026-01-01T00:00:00Z' }),
    )
    const text = await screen.findByText('Site update tonight')
    expect(text.closest('[role="status"]')).not.toBeNull()
  })
})
