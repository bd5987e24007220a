import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp } from '@/test/render'

describe('the information pages in Hindi', { timeout: 30_000 }, () => {
  it('shows the About page with its headings in Hindi', async () => {
    await setLanguage('hi')
    renderApp('/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'हमारे बारे में' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'हमारा मिशन' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'हमारी टीम' })).toBeInTheDocument()
    expect(screen.getByTestId('geonames-credit')).toHaveTextContent('स्थानों का डेटा © GeoNames (geonames.org)')
  })

  it('checks the contact form in Hindi before sending anything', async () => {
    await setLanguage('hi')
    const { user } = renderApp('/contact-us')
    expect(await screen.findByRole('heading', { level: 1, name: 'संपर्क करें' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }))
    expect(screen.getByText('नाम ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('ई-मेल ज़रूरी है।')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /ई-मेल/ }), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }))
    expect(screen.getByText('कृपया सही ई-मेल पता लिखें।')).toBeInTheDocument()
  })

  it('says in Hindi that a page does not exist', async () => {
    await setLanguage('hi')
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: 'पेज नहीं मिला' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'होम पर जाएँ' })).toHaveAttribute('href', '/')
  })

  it('numbers the terms and shows the price in Hindi', async () => {
    await setLanguage('hi')
    renderApp('/terms-and-conditions')
    expect(await screen.findByRole('heading', { level: 1, name: 'नियम और शर्तें' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '1. खाते' })).toBeInTheDocument()
    expect(screen.getByText(/₹499 की सक्रिय सालाना सदस्यता/)).toBeInTheDocument()
  })
})
