import { act, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REDIRECT_AFTER_REGISTER_MS } from '@/lib/constants'
import { z } from '@/lib/zod'
import { apiError } from '@/test/http'
import { currentPath, renderApp } from '@/test/render'
import { loadScreen } from '@/test/screens'
import { server } from '@/test/server'
import { registrationSchema } from './validation'

const TERMS = 'You must agree to the Terms and Conditions and Privacy Policy to register.'
const TERMS_TUTOR = 'You must agree to the Terms and Conditions and Privacy Policy to register as a tutor.'

function recordRegistrations() {
  const bodies: unknown[] = []
  server.use(
    http.post('*/api/auth/register', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json(
        { message: 'Registered. Check your e-mail for the code.', user: { email: 'new@example.com' } },
        { status: 201 },
      )
    }),
  )
  return bodies
}

async function openRegister() {
  const view = renderApp('/register')
  await screen.findByRole('heading', { name: 'Create Your Account' })
  return view
}

async function fillValid(user: ReturnType<typeof renderApp>['user'], phone = '9876543210') {
  await user.type(screen.getByLabelText(/full name/i), 'Ravi Kumar')
  await user.type(screen.getByLabelText(/^email/i), 'New@Example.com')
  await user.type(screen.getByLabelText(/^phone/i), phone)
  await user.type(screen.getByLabelText(/^password/i), 'secret123')
}

describe('registration rules (SPEC §5)', () => {
  afterEach(() => vi.useRealTimers())

  it('requires every field and the terms for a parent, and sends nothing', async () => {
    const bodies = recordRegistrations()
    const { user } = await openRegister()
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText('Full name is required.')).toBeInTheDocument()
    expect(screen.getByText('Email is required.')).toBeInTheDocument()
    expect(screen.getByText('Phone number is required.')).toBeInTheDocument()
    expect(screen.getByText('Password is required.')).toBeInTheDocument()
    expect(screen.getByText(TERMS).closest('[role="alert"]')).not.toBeNull()
    expect(screen.queryByText(TERMS_TUTOR)).not.toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  it('defaults the role to parent and uses the tutor wording of the terms message for tutors', async () => {
    const bodies = recordRegistrations()
    const { user } = await openRegister()
    const role = screen.getByLabelText(/i am a/i)
    expect(role).toHaveValue('parent')

    await user.selectOptions(role, 'tutor')
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText(TERMS_TUTOR)).toBeInTheDocument()
    expect(screen.queryByText(TERMS)).not.toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  it.each(['98765', '98765abcde', '98765 4321'])('rejects the phone number %j', async (phone) => {
    const bodies = recordRegistrations()
    const { user } = await openRegister()
    await fillValid(user, phone)
    await user.click(screen.getByRole('checkbox', { name: /i agree/i }))
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText('Phone number must be 10 digits.')).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
  })

  it('opens the terms and privacy pages in a new tab', async () => {
    await openRegister()
    const form = screen.getByRole('form', { name: 'Create your account' })
    const terms = within(form).getByRole('link', { name: /terms and conditions/i })
    const privacy = within(form).getByRole('link', { name: /privacy policy/i })
    expect(terms).toHaveAttribute('href', '/terms-and-conditions')
    expect(terms).toHaveAttribute('target', '_blank')
    expect(privacy).toHaveAttribute('href', '/privacy-policy')
    expect(privacy).toHaveAttribute('target', '_blank')
  })

  it('registers, shows success, then after about 1 s opens the OTP screen with the e-mail', async () => {
    const bodies = recordRegistrations()
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('checkbox', { name: /i agree/i }))
    // The 1 s before the OTP screen runs on a clock the test moves; the screen's code is loaded
    // beforehand, so the address changes the moment the redirect happens.
    await loadScreen('/verify-email-otp')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText('Registered. Check your e-mail for the code.')).toBeInTheDocument()
    expect(bodies).toEqual([
      { fullname: 'Ravi Kumar', role: 'parent', email: 'new@example.com', phone: '9876543210', password: 'secret123' },
    ])
    expect(currentPath()).toBe('/register')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_REGISTER_MS / 2))
    expect(currentPath()).toBe('/register')
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_REGISTER_MS / 2))
    expect(currentPath()).toBe('/verify-email-otp')
    expect(await screen.findByText('new@example.com')).toBeInTheDocument()
  })

  it("shows the server's field message and its summary", async () => {
    // What the server answers for a password it refuses: 400 `validation`, the message its first field's.
    const tooShort = 'Password must be at least 8 characters.'
    server.use(
      http.post('*/api/auth/register', () =>
        apiError(400, { message: tooShort, code: 'validation', fields: { password: tooShort } }),
      ),
    )
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('checkbox', { name: /i agree/i }))
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(tooShort)
    expect(screen.getAllByText(tooShort)).toHaveLength(2)
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true')
    expect(currentPath()).toBe('/register')
  })

  it("falls back to 'Registration failed' when the server sends no message", async () => {
    server.use(http.post('*/api/auth/register', () => new HttpResponse(null, { status: 500 })))
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('checkbox', { name: /i agree/i }))
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })
})

describe('registrationSchema', () => {
  const valid = {
    fullname: 'A',
    role: 'parent' as const,
    email: 'a@b.in',
    phone: '0123456789',
    password: 'x',
    agreed: true,
  }
  /** The messages per field of a refused form; none for an accepted one. */
  const fieldErrors = (values: typeof valid) => {
    const { error } = registrationSchema.safeParse(values)
    return error ? z.flattenError(error).fieldErrors : {}
  }

  it('accepts a complete form', () => {
    expect(fieldErrors(valid)).toEqual({})
  })

  it('needs exactly ten digits', () => {
    expect(fieldErrors({ ...valid, phone: '01234567890' }).phone).toEqual(['Phone number must be 10 digits.'])
    expect(fieldErrors({ ...valid, phone: '012345678' }).phone).toEqual(['Phone number must be 10 digits.'])
  })
})
