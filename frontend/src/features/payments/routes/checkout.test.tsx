import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { inOneYear } from '@/test/payments'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

function simulateServer() {
  const sent: unknown[] = []
  server.use(
    http.post('*/api/payment-dev/simulate-payment', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ message: 'ok' })
    }),
    http.post('*/api/payment/verify', () =>
      apiError(402, { code: 'payment_closed', message: 'This payment was cancelled.' }),
    ),
  )
  return sent
}

describe('simulated checkout page', () => {
  it('shows the order and the no-money note', async () => {
    signInAs({ role: 'tutor' })
    renderApp('/payment/checkout?order_id=order_1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument()
    expect(screen.getByText(/Simulated payment — no money moves/)).toBeInTheDocument()
    expect(screen.getByText('order_1')).toBeInTheDocument()
    expect(screen.getByText('Amount').nextElementSibling).toHaveTextContent('₹499')
    expect(screen.getByRole('button', { name: 'Pay ₹499' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled()
  })

  it.each([
    ['Pay ₹499', 'paid'],
    ['Cancel', 'cancelled'],
  ])('%s records the outcome, then goes to the result page for the order', async (button, outcome) => {
    signInAs({ role: 'tutor' })
    const sent = simulateServer()
    const { user } = renderApp('/payment/checkout?order_id=order_1')
    await user.click(await screen.findByRole('button', { name: button }))
    await waitFor(() => expect(currentPath()).toBe('/payment-success'))
    expect(sent).toEqual([{ orderId: 'order_1', outcome }])
    // Only the server's verification decides: nothing was stored as active by the checkout.
    expect(localStorage.getItem('subscriptionActive')).toBe('false')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Verification Failed' })).toBeInTheDocument()
  })

  it('shows the server message when the simulated provider refuses', async () => {
    signInAs({ role: 'tutor' })
    server.use(
      http.post('*/api/payment-dev/simulate-payment', () =>
        HttpResponse.json({ message: 'Order not found.' }, { status: 404 }),
      ),
    )
    const { user } = renderApp('/payment/checkout?order_id=someone_elses')
    await user.click(await screen.findByRole('button', { name: 'Pay ₹499' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.')
    expect(currentPath()).toBe('/payment/checkout')
    expect(screen.getByRole('button', { name: 'Pay ₹499' })).toBeEnabled()
  })

  it('without an order_id offers only the way back', async () => {
    signInAs({ role: 'tutor', subscriptionActive: true, subscriptionExpires: inOneYear() })
    renderApp('/payment/checkout')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid payment session. Order ID not found.')
    expect(screen.queryByRole('button', { name: 'Pay ₹499' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Subscribe' })).toHaveAttribute('href', '/subscribe')
  })
})
