import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Profile } from '@/api/types'
import { i18n } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

/** The server keeps the account's language: the profile answers it, PUT /auth/profile changes it. */
function accountOnServer(user: Profile) {
  const account = { ...user }
  const changes: unknown[] = []
  server.use(
    http.get('*/api/auth/profile', () => HttpResponse.json({ user: account })),
    http.put('*/api/auth/profile', async ({ request }) => {
      const body = (await request.json()) as Partial<Profile>
      changes.push(body)
      Object.assign(account, body)
      return HttpResponse.json({ user: account })
    }),
  )
  return changes
}

describe("a signed-in person's language (it follows them to other devices)", () => {
  it("is the account's: a profile in Hindi shows the app in Hindi on this device, without storing anything back", async () => {
    const changes = accountOnServer(signInAs({ role: 'parent', language: 'hi' }))
    renderApp('/dashboard')
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'))
    expect(i18n.language).toBe('hi')
    expect(await screen.findByRole('group', { name: 'भाषा' })).toBeInTheDocument()
    expect(changes).toEqual([])
  })

  it('is stored on the account when the person picks one in the header', async () => {
    const changes = accountOnServer(signInAs({ role: 'parent', language: 'en' }))
    const { user } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'My Tuition Requests' })
    const header = within(screen.getByRole('banner'))
    await user.click(within(header.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'हिन्दी' }))
    await waitFor(() => expect(changes).toEqual([{ language: 'hi' }]))
    expect(document.documentElement.lang).toBe('hi')
  })
})
