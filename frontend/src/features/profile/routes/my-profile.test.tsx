import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { makeProfile, server } from '@/test/server'

describe('My Profile', () => {
  it('shows e-mail and role read-only and saves full name and phone', async () => {
    signInAs({ role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    const bodies: unknown[] = []
    server.use(
      http.put('*/api/auth/profile', async ({ request }) => {
        const body = (await request.json()) as { fullname: string; phone: string }
        bodies.push(body)
        return HttpResponse.json({ user: makeProfile({ role: 'tutor', email: 'meera@example.com', ...body }) })
      }),
    )
    const { user } = renderApp('/profile')
    const name = await screen.findByLabelText(/full name/i)
    expect(name).toHaveValue('Meera Nair')
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('readonly')
    expect(screen.getByLabelText(/^role/i)).toHaveValue('Tutor')
    const phone = screen.getByLabelText(/^phone/i)
    expect(phone).toHaveAttribute('maxLength', '10')

    await user.clear(name)
    await user.type(name, 'Meera N.')
    await user.clear(phone)
    await user.type(phone, '91234567890')
    expect(phone).toHaveValue('9123456789')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument()
    expect(bodies).toEqual([{ fullname: 'Meera N.', phone: '9123456789' }])
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fullname: 'Meera N.' }),
    )
  })

  it("shows 'Failed to update profile' when the server gives no message", async () => {
    signInAs()
    server.use(http.put('*/api/auth/profile', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/profile')
    await screen.findByLabelText(/full name/i)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument()
  })

  it('keeps an unsaved name as a draft across a remount, and drops it once saved', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    server.use(
      http.put('*/api/auth/profile', async ({ request }) => {
        const body = (await request.json()) as { fullname: string; phone: string }
        return HttpResponse.json({ user: makeProfile({ id: 5, role: 'tutor', email: 'meera@example.com', ...body }) })
      }),
    )
    const first = renderApp('/profile')
    const name = await screen.findByLabelText(/full name/i)
    await first.user.clear(name)
    await first.user.type(name, 'Meera N.')
    first.unmount()

    const { user } = renderApp('/profile')
    await waitFor(() => expect(screen.getByLabelText(/full name/i)).toHaveValue('Meera N.'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Restored your unsaved changes')).not.toBeInTheDocument())
    expect(sessionStorage.getItem('draft:5:profile')).toBeNull()
  })
})
