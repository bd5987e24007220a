import { act, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLOSE_AFTER_RESET_MS } from '@/lib/constants'
import { apiError } from '@/test/http'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'

async function openDialog() {
  const view = renderApp('/login')
  await screen.findByRole('heading', { name: 'Welcome Back' })
  await view.user.click(screen.getByRole('button', { name: 'Forgot/Reset Password' }))
  const dialog = await screen.findByRole('dialog', { name: 'Reset Password' })
  return { ...view, dialog }
}

describe('reset password dialog (SPEC §2, §4, §5)', () => {
  afterEach(() => vi.useRealTimers())

  it('needs an e-mail before Send OTP, and an OTP and a new password before Reset; closes 1.5 s after success', async () => {
    const calls: unknown[] = []
    server.use(
      http.post('*/api/auth/send-reset-otp', async ({ request }) => {
        calls.push(await request.json())
        return HttpResponse.json({ message: 'Code sent.' })
      }),
      http.post('*/api/auth/reset-password', async ({ request }) => {
        calls.push(await request.json())
        return HttpResponse.json({ message: 'Password reset.' })
      }),
    )
    const { user, dialog } = await openDialog()
    const send = within(dialog).getByRole('button', { name: 'Send OTP' })
    expect(send).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/email/i), 'Asha@Example.com')
    expect(send).toBeEnabled()
    await user.click(send)

    expect(await within(dialog).findByText('Code sent.')).toBeInTheDocument()
    const reset = within(dialog).getByRole('button', { name: 'Reset Password' })
    expect(reset).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/one-time code/i), '12x3456')
    expect(reset).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/new password/i), 'n3w-pass')
    expect(reset).toBeEnabled()
    // The 1.5 s before closing runs on a clock the test moves.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(reset)

    expect(await within(dialog).findByText('Password reset.')).toBeInTheDocument()
    expect(calls).toEqual([
      { email: 'asha@example.com' },
      { email: 'asha@example.com', otp: '123456', newPassword: 'n3w-pass' },
    ])
    // Still open right after success and halfway through the 1.5 s, gone once they have passed.
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(CLOSE_AFTER_RESET_MS / 2))
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(CLOSE_AFTER_RESET_MS / 2))
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument()
  })

  it("shows 'Failed to send OTP.' when sending fails without a message", async () => {
    server.use(http.post('*/api/auth/send-reset-otp', () => new HttpResponse(null, { status: 502 })))
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText(/email/i), 'asha@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send OTP.')
    expect(within(dialog).queryByLabelText(/one-time code/i)).not.toBeInTheDocument()
  })

  it("shows the server's message when the reset is refused, and stays open", async () => {
    server.use(
      http.post('*/api/auth/send-reset-otp', () => HttpResponse.json({ message: 'Code sent.' })),
      http.post('*/api/auth/reset-password', () =>
        apiError(400, { message: 'Invalid or expired code. Please request a new one.', code: 'invalid_code' }),
      ),
    )
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText(/email/i), 'asha@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }))
    await user.type(await within(dialog).findByLabelText(/one-time code/i), '654321')
    await user.type(within(dialog).getByLabelText(/new password/i), 'whatever1')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid or expired code. Please request a new one.',
    )
    // Past the moment a successful reset would have closed it.
    await act(() => vi.advanceTimersByTimeAsync(CLOSE_AFTER_RESET_MS))
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
  })
})
