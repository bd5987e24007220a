import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema'
import { makeAdminUser } from '@/test/admin'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeSite } from '@/test/site'

/** Serves GET /admin/users and records each request's query string. */
function serveUsers(total = 45) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('*/api/admin/users', ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page = Number(params.get('page') ?? 1)
      const limit = Number(params.get('limit') ?? 20)
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit))
      const users = Array.from({ length: count }, (_, i) => makeAdminUser((page - 1) * limit + i + 1))
      return HttpResponse.json({ users, total, page, limit })
    }),
  )
  return queries
}

function asAdmin() {
  signInAs({ role: 'admin', email: 'admin@example.com', fullname: 'Admin' })
}

describe('admin panel: User Management (SPEC §2, §5, §9)', { timeout: 30_000 }, () => {
  it('asks for page 1, limit 20, then sends the filters and the page it shows', async () => {
    asAdmin()
    const queries = serveUsers(45)
    const { user } = renderApp('/admin?section=users')
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument()
    expect(queries[0].get('page')).toBe('1')
    expect(queries[0].get('limit')).toBe('20')
    expect(queries[0].has('role')).toBe(false)
    expect(screen.getByText(/Page 1 of 3 · 45 users/)).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'tutor')
    await waitFor(() => expect(queries.at(-1)?.get('role')).toBe('tutor'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'false')
    await waitFor(() => expect(queries.at(-1)?.get('active')).toBe('false'))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ravi')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('ravi'))
    const last = queries.at(-1)!
    expect([last.get('role'), last.get('active'), last.get('page'), last.get('limit')]).toEqual([
      'tutor',
      'false',
      '1',
      '20',
    ])

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'))
    expect(queries.at(-1)?.get('search')).toBe('ravi')
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument()
  })

  it("says 'Please select users first' for a bulk action without a selection and sends nothing", async () => {
    asAdmin()
    serveUsers(3)
    let bulkCalls = 0
    server.use(
      http.post('*/api/admin/users/bulk', () => {
        bulkCalls += 1
        return HttpResponse.json({ affected: 0, message: 'ok' })
      }),
    )
    const { user } = renderApp('/admin?section=users')
    await screen.findByText('user1@example.com')
    await user.click(screen.getByRole('button', { name: 'Apply to selected' }))
    expect(await screen.findByText('Please select users first')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(bulkCalls).toBe(0)

    // With a selection it asks for confirmation, then sends the ids and the action.
    let body: unknown
    server.use(
      http.post('*/api/admin/users/bulk', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ affected: 1, message: '1 user(s) deactivated' })
      }),
    )
    await user.click(screen.getByRole('checkbox', { name: 'Select user2@example.com' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bulk action' }), 'deactivate')
    await user.click(screen.getByRole('button', { name: 'Apply to selected' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 1 user(s)?' })
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(body).toEqual({ userIds: [2], action: 'deactivate' }))
  })

  it('deletes a user only after confirmation', async () => {
    asAdmin()
    serveUsers(2)
    const deleted: string[] = []
    server.use(
      http.post('*/api/admin/users/:id/delete', ({ params }) => {
        deleted.push(String(params.id))
        return HttpResponse.json({ message: 'User deleted' })
      }),
    )
    const { user } = renderApp('/admin?section=users')
    await user.click(await screen.findByRole('button', { name: 'Delete user2@example.com' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' })
    expect(dialog).toHaveTextContent('user2@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete user2@example.com' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(deleted).toEqual(['2']))
  })

  it("shows 'Failed to delete user' when the server gives no message", async () => {
    asAdmin()
    serveUsers(1)
    server.use(http.post('*/api/admin/users/:id/delete', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/admin?section=users')
    await user.click(await screen.findByRole('button', { name: 'Delete user1@example.com' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument()
  })
})

describe('admin panel: Content Management (SPEC §5)', { timeout: 30_000 }, () => {
  it('says clearly when the FAQs are not valid JSON and sends nothing', async () => {
    asAdmin()
    let saves = 0
    server.use(
      http.get('*/api/admin/content', () =>
        HttpResponse.json({ homeText: 'Welcome', banners: [], faqs: [], announcements: [] }),
      ),
      http.get('*/api/admin/testimonials', () => HttpResponse.json([])),
      http.post('*/api/admin/content', () => {
        saves += 1
        return HttpResponse.json({ homeText: 'Welcome', banners: [], faqs: [], announcements: [] })
      }),
    )
    const { user } = renderApp('/admin?section=content')
    const faqs = await screen.findByRole('textbox', { name: 'FAQs (JSON)' })
    await user.clear(faqs)
    await user.click(faqs)
    await user.paste('[{"question": "How do I pay?", "answer": }]')
    await user.click(screen.getByRole('button', { name: 'Save content' }))
    expect(await screen.findByText(/FAQs is not valid JSON/)).toBeInTheDocument()
    expect(faqs).toHaveAttribute('aria-invalid', 'true')
    expect(saves).toBe(0)

    await user.clear(faqs)
    await user.paste('{"question": "Not a list"}')
    await user.click(screen.getByRole('button', { name: 'Save content' }))
    expect(await screen.findByText('FAQs must be a JSON array, like [ ... ].')).toBeInTheDocument()
    expect(saves).toBe(0)
  })

  it("shows the server's field message for content it refuses", async () => {
    asAdmin()
    server.use(
      http.get('*/api/admin/content', () =>
        HttpResponse.json({ homeText: '', banners: [], faqs: [], announcements: [] }),
      ),
      http.get('*/api/admin/testimonials', () => HttpResponse.json([])),
      http.post('*/api/admin/content', () =>
        apiError(400, {
          message: 'Invalid content',
          code: 'validation',
          fields: { announcements: 'Announcements must be a list' },
        }),
      ),
    )
    const { user } = renderApp('/admin?section=content')
    await user.click(await screen.findByRole('button', { name: 'Save content' }))
    expect(await screen.findByText('Announcements must be a list')).toBeInTheDocument()
  })
})

describe('admin panel: General Settings', { timeout: 30_000 }, () => {
  const settings = makeSite().settings

  it("saves the operator's support contacts with the other settings", async () => {
    asAdmin()
    const saved: unknown[] = []
    server.use(
      http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
      http.post('*/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        saved.push(body)
        return HttpResponse.json({ ...settings, ...body })
      }),
    )
    const { user } = renderApp('/admin?section=settings')
    const email = await screen.findByRole('textbox', { name: /Support e-mail/ })
    expect(email).toHaveValue('support@hometutor.in')
    await user.clear(email)
    await user.type(email, 'help@tutors-delhi.in')
    const phone = screen.getByRole('textbox', { name: /Support phone/ })
    await user.clear(phone)
    await user.type(phone, '+91 11 4050 6070')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(saved).toEqual([
      expect.objectContaining({
        siteTitle: 'HomeTutor',
        supportEmail: 'help@tutors-delhi.in',
        supportPhone: '+91 11 4050 6070',
      }),
    ])
  })

  it("shows the server's message beside each refused field", async () => {
    asAdmin()
    server.use(
      http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
      http.post('*/api/admin/settings', () =>
        apiError(400, {
          message: 'Please enter a valid support e-mail address.',
          code: 'validation',
          fields: {
            supportEmail: 'Please enter a valid support e-mail address.',
            supportPhone: 'Please enter a valid support phone number (7 to 15 digits).',
          },
        }),
      ),
    )
    const { user } = renderApp('/admin?section=settings')
    await user.click(await screen.findByRole('button', { name: 'Save settings' }))
    const phone = screen.getByRole('textbox', { name: /Support phone/ })
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText('Please enter a valid support phone number (7 to 15 digits).')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Support e-mail/ })).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows a refused phone number once, beside the field; the snackbar says the settings were not saved', async () => {
    asAdmin()
    const invalid = 'Please enter a valid support phone number (7 to 15 digits).'
    server.use(
      http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
      // As the server answers: the message is its first field's.
      http.post('*/api/admin/settings', () =>
        apiError(400, { message: invalid, code: 'validation', fields: { supportPhone: invalid } }),
      ),
    )
    const { user } = renderApp('/admin?section=settings')
    const phone = await screen.findByRole('textbox', { name: /Support phone/ })
    await user.clear(phone)
    await user.type(phone, '12')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings not saved: please correct the marked fields.')).toBeInTheDocument()
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(phone).toHaveAccessibleErrorMessage(invalid)
    expect(screen.getAllByText(invalid)).toHaveLength(1)
  })

  it('says why in the snackbar when no field is named', async () => {
    asAdmin()
    server.use(
      http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
      http.post('*/api/admin/settings', () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderApp('/admin?section=settings')
    await user.click(await screen.findByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument()
  })
})

describe('admin panel: Communication, undelivered e-mails', { timeout: 30_000 }, () => {
  it('lists the e-mails the mail server refused, with why', async () => {
    asAdmin()
    const undelivered: components['schemas']['UndeliveredEmailDto'][] = [
      {
        id: 7,
        recipient: 'asha@example.com',
        subject: 'Verify your HomeTutor e-mail',
        kind: 'verification_code',
        attempts: 3,
        lastError: 'SMTP server refused the e-mail: 550 5.1.1 No such user here',
        createdAt: '2026-11-23T10:00:00Z',
        failedAt: '2026-11-23T10:00:20Z',
      },
    ]
    server.use(
      http.get('*/api/admin/support-tickets', () => HttpResponse.json([])),
      http.get('*/api/admin/undelivered-emails', () => HttpResponse.json(undelivered)),
    )
    renderApp('/admin?section=communication')
    const list = await screen.findByRole('list', { name: 'Undelivered e-mails' })
    expect(within(list).getByText('Verify your HomeTutor e-mail')).toBeInTheDocument()
    expect(within(list).getByText(/To asha@example.com · tried 3 times/)).toBeInTheDocument()
    expect(within(list).getByText(/550 5.1.1 No such user here/)).toBeInTheDocument()
  })

  it('says so when every e-mail was delivered', async () => {
    asAdmin()
    server.use(
      http.get('*/api/admin/support-tickets', () => HttpResponse.json([])),
      http.get('*/api/admin/undelivered-emails', () => HttpResponse.json([])),
    )
    renderApp('/admin?section=communication')
    expect(await screen.findByText('Every e-mail was delivered.')).toBeInTheDocument()
  })
})
