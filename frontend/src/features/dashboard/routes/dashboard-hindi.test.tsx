import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'

describe('the dashboard in Hindi', { timeout: 30_000 }, () => {
  it('greets a parent and offers the testimonial card in Hindi, asking for a few words when it is sent empty', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    const { user } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeInTheDocument()
    expect(screen.getByText(/^स्वागत है/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'मेरी प्रोफ़ाइल बदलें' })).toHaveAttribute('href', '/profile')
    expect(await screen.findByRole('heading', { name: 'अपना अनुभव बताएँ' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'आपका अनुभव' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'अनुभव भेजें' }))
    expect(await screen.findByText('कृपया अपने अनुभव के बारे में कुछ शब्द लिखें।')).toBeInTheDocument()
  })
})
