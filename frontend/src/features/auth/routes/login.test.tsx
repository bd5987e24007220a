import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { currentPath, renderApp, signInAs, visited } from '@/test/render'
import { makeProfile, server } from '@/test/server'

async function openLogin() {
  const view = renderApp('/login')
  await screen.findByRole('heading', { name: 'Welcome Back' })
  return view
}

describe('login screen', () => {
  it('toggles the password between hidden and shown', async () => {
    const { user } = await openLogin()
    const password = screen.getByLabelText(/^password/i)
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('stores token, role, lowercased e-mail, user and userId, then goes to /dashboard', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({
          token: 'jwt-9',
          role: 'tutor',
          email: 'Tutor@Example.com',
          user: makeProfile({ id: 9, role: 'tutor', email: 'tutor@example.com', fullname: 'Meera Nair' }),
        }),
      ),
    )
    const { user } = await openLogin()
    await user.type(screen.getByLabelText(/^email/i), 'Tutor@Example.com')
    await user.type(screen.getByLabelText(/^password/i), 'pw123456')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))

    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
    expect(localStorage.getItem('token')).toBe('jwt-9')
    expect(localStorage.getItem('role')).toBe('tutor')
    expect(localStorage.getItem('email')).toBe('tutor@example.com')
    expect(localStorage.getItem('userId')).toBe('9')
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fullname: 'Meera Nair' })
    expect(await screen.findByText('Welcome, Meera!')).toBeInTheDocument()
    // Said once the dashboard is up: the login screen is gone by then.
    expect(await screen.findByText('Signed in successfully.')).toBeInTheDocument()
  })

  it('lands an admin on /admin, never on the tutor dashboard with its subscribe prompt', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({
          token: 'jwt-1',
          role: 'admin',
          email: 'root@example.com',
          user: makeProfile({ id: 1, role: 'admin', email: 'root@example.com', fullname: 'Site Admin' }),
        }),
      ),
      // The panel opens on Analytics; its figures are not what this test is about.
      http.get('*/api/admin/analytics/*', () => HttpResponse.json({}, { status: 500 })),
    )
    const { user } = await openLogin()
    await user.type(screen.getByLabelText(/^email/i), 'root@example.com')
    await user.type(screen.getByLabelText(/^password/i), 'pw123456')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(currentPath()).toBe('/admin'))
    expect(visited).not.toContain('/dashboard')
    expect(screen.queryByText(/Subscribe/)).toBeNull()
  })

  it('sends an admin who opens /dashboard to /admin', async () => {
    signInAs({ id: 1, role: 'admin', email: 'root@example.com' })
    renderApp('/dashboard')
    await waitFor(() => expect(currentPath()).toBe('/admin'))
  })

  it('a link may fill in the e-mail and open the reset dialog (the OTP screen’s duplicate sign-up note)', async () => {
    renderApp({ pathname: '/login', state: { email: 'asha@example.com', openReset: true } })
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' })
    expect(within(dialog).getByLabelText(/^email/i)).toHaveValue('asha@example.com')
    expect(screen.getByLabelText(/^email/i, { selector: 'form[aria-label="Sign in"] input' })).toHaveValue(
      'asha@example.com',
    )
  })

  it('shows the server message for wrong credentials and stays on /login', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        apiError(401, { message: 'Invalid email or password.', code: 'invalid_credentials' }),
      ),
    )
    const { user } = await openLogin()
    await user.type(screen.getByLabelText(/^email/i), 'a@b.in')
    await user.type(screen.getByLabelText(/^password/i), 'nope')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.')
    expect(currentPath()).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('offers e-mail verification to an unverified account', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        apiError(403, { message: 'Please verify your e-mail first.', code: 'email_not_verified' }),
      ),
    )
    const { user } = await openLogin()
    await user.type(screen.getByLabelText(/^email/i), 'new@example.com')
    await user.type(screen.getByLabelText(/^password/i), 'pw')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await user.click(await screen.findByRole('button', { name: 'Verify your e-mail' }))
    await waitFor(() => expect(currentPath()).toBe('/verify-email-otp'))
    expect(await screen.findByText('new@example.com')).toBeInTheDocument()
  })
})
