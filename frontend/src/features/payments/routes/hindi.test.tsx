import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'

describe('the subscribe page in Hindi', { timeout: 30_000 }, () => {
  it('asks a signed-out visitor to sign in, in Hindi', async () => {
    await setLanguage('hi')
    renderApp('/subscribe')
    expect(await screen.findByRole('heading', { level: 1, name: 'सदस्यता लें' })).toBeInTheDocument()
    expect(
      screen.getByText('सदस्यता लेने के लिए कृपया साइन इन करें। सदस्यता की सुविधाओं के लिए आपको ट्यूटर के रूप में साइन इन होना होगा।'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'अभी साइन इन करें' })).toHaveAttribute('href', '/login')
  })

  it('shows an unsubscribed tutor the plan in Hindi, with the price from formatMoney', async () => {
    signInAs({ role: 'tutor', subscriptionActive: false })
    await setLanguage('hi')
    renderApp('/subscribe')
    expect(await screen.findByRole('button', { name: 'अभी सदस्यता लें' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Tutor Premium' })).toBeInTheDocument()
    expect(screen.getByText('केवल ₹1.37 प्रति दिन')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'फ़ायदे' }).querySelectorAll('li')).toHaveLength(6)
  })
})
