import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp } from '@/test/render'

describe('signing in and registering in Hindi', { timeout: 30_000 }, () => {
  it('shows the sign-in form and its message in Hindi', async () => {
    await setLanguage('hi')
    const { user } = renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'फिर से स्वागत है' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'साइन इन' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'साइन इन करें' }))
    expect(screen.getByText('कृपया अपना ई-मेल और पासवर्ड लिखें।')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'साइन अप करें' })).toHaveAttribute('href', '/register')
  })

  it("checks the registration form in Hindi, with the terms' message for the role", async () => {
    await setLanguage('hi')
    const { user } = renderApp('/register')
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना खाता बनाएँ' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'अभिभावक/छात्र' })).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^फ़ोन/), '12345')
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }))
    expect(screen.getByText('पूरा नाम ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('ई-मेल ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('फ़ोन नंबर 10 अंकों का होना चाहिए।')).toBeInTheDocument()
    expect(screen.getByText('रजिस्टर करने के लिए आपको नियम और शर्तें और गोपनीयता नीति स्वीकार करनी होंगी।')).toBeInTheDocument()
  })
})
