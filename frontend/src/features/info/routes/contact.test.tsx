import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'

describe('the contact form (POST /support-tickets)', { timeout: 30_000 }, () => {
  it('requires every field and a valid e-mail before sending anything', async () => {
    let posts = 0
    server.use(
      http.post('*/api/support-tickets', () => {
        posts += 1
        return HttpResponse.json({ id: 1, message: 'ok' }, { status: 201 })
      }),
    )
    const { user } = renderApp('/contact-us')
    await user.click(await screen.findByRole('button', { name: 'Send Message' }))
    expect(screen.getByText('Name is required.')).toBeInTheDocument()
    expect(screen.getByText('Email is required.')).toBeInTheDocument()
    expect(screen.getByText('Subject is required.')).toBeInTheDocument()
    expect(screen.getByText('Message is required.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(posts).toBe(0)
  })

  it('sends the ticket, says thank you and clears the form', async () => {
    let body: unknown
    server.use(
      http.post('*/api/support-tickets', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ id: 9, message: 'Ticket received' }, { status: 201 })
      }),
    )
    const { user } = renderApp('/contact-us')
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Asha Verma')
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'asha@example.com')
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Billing')
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'I was charged twice.')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument()
    expect(body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      subject: 'Billing',
      message: 'I was charged twice.',
    })
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue(''))
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('')
  })

  it("shows the server's per-field messages", async () => {
    server.use(
      http.post('*/api/support-tickets', () =>
        apiError(400, {
          message: 'Please check the form',
          code: 'validation',
          fields: { email: 'This e-mail cannot receive mail.' },
        }),
      ),
    )
    const { user } = renderApp('/contact-us')
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'asha@example.com')
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Hi')
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('This e-mail cannot receive mail.')).toBeInTheDocument()
    expect(screen.getByText('Please check the form')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Asha')
  })
})
