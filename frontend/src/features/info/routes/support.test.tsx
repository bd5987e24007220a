import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'
import { makeSite } from '@/test/site'

/** An operator who set their own contacts in General Settings. */
function serveOperatorContacts() {
  server.use(
    http.get('*/api/site', () =>
      HttpResponse.json(
        makeSite({ settings: { supportEmail: 'help@tutors-delhi.in', supportPhone: '+91 (11) 4050-6070' } }),
      ),
    ),
  )
}

describe("the operator's support contacts", () => {
  it('/support e-mails and calls the contacts from the site settings', async () => {
    serveOperatorContacts()
    renderApp('/support')
    expect(await screen.findByRole('link', { name: 'Send Email' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    const main = screen.getByRole('main')
    expect(await within(main).findByText('help@tutors-delhi.in')).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'Send Email' })).toHaveAttribute(
      'href',
      'mailto:help@tutors-delhi.in',
    )
    expect(within(main).getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+911140506070')
    expect(within(main).getByText('+91 (11) 4050-6070')).toBeInTheDocument()
  })

  it('the not-found page and the policies show them too', async () => {
    serveOperatorContacts()
    const first = renderApp('/no-such-page')
    expect(await screen.findByRole('link', { name: /help@tutors-delhi.in/ })).toHaveAttribute(
      'href',
      'mailto:help@tutors-delhi.in',
    )
    first.unmount()
    renderApp('/terms-and-conditions')
    expect(
      await screen.findByText(/Questions about these terms can be sent to help@tutors-delhi.in/),
    ).toBeInTheDocument()
  })
})
