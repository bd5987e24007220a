import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
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
    await user.click(reset)

    expect(await within(dialog).findByText('Password reset.')).toBeInTheDocument()
    expect(calls).toEqual([
      { email: 'asha@example.com' },
      { email: 'asha@example.com', otp: '123456', newPassword: 'n3w-pass' },
    ])
    // Still open right after success, gone about 1.5 s later.
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument(), {
      timeout: 3000,
    })
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
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid or expired code. Please request a new one.',
    )
    await new Promise((r) => setTimeout(r, 1700))
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument()
  })
})
