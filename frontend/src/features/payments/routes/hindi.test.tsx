import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

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

describe('the payment result and checkout in Hindi', { timeout: 30_000 }, () => {
  it('shows a verified payment in Hindi, the date and the amount by locale', async () => {
    const expires = inOneYear()
    await setLanguage('hi')
    signInAs({ role: 'tutor', subscriptionActive: false, language: 'hi' })
    server.use(
      http.post('*/api/payment/verify', () =>
        HttpResponse.json({ success: true, subscriptionActive: true, subscriptionExpires: expires, message: 'ok' }),
      ),
    )
    renderApp('/payment-success?order_id=order_abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'भुगतान सफल रहा!' })).toBeInTheDocument()
    expect(screen.getByText('धन्यवाद! आपकी Tutor Premium सदस्यता अब सक्रिय है।')).toBeInTheDocument()
    expect(screen.getByText('कब तक मान्य').nextElementSibling).toHaveTextContent(formatDate(expires, 'long', '-', 'hi'))
    expect(formatDate(expires, 'long', '-', 'hi')).not.toBe(formatDate(expires, 'long', '-', 'en'))
    expect(screen.getByText('सदस्यता का प्रकार').nextElementSibling).toHaveTextContent('सालाना प्लान')
    expect(screen.getByText('राशि').nextElementSibling).toHaveTextContent('₹499')
    expect(screen.getByText('ऑर्डर ID').nextElementSibling).toHaveTextContent('order_abc')
    expect(screen.getByRole('link', { name: 'आस-पास के छात्र खोजें' })).toHaveAttribute('href', '/nearby')
    expect(screen.getByRole('link', { name: 'डैशबोर्ड पर जाएँ' })).toHaveAttribute('href', '/dashboard')
  })

  it('explains a failed verification in Hindi, with the order ID and the way back', async () => {
    await setLanguage('hi')
    signInAs({ role: 'tutor', subscriptionActive: false, language: 'hi' })
    server.use(http.post('*/api/payment/verify', () => HttpResponse.json({ message: '' }, { status: 500 })))
    renderApp('/payment-success?order_id=order_gone')
    expect(await screen.findByRole('heading', { level: 1, name: 'भुगतान की पुष्टि नहीं हो सकी' })).toBeInTheDocument()
    expect(screen.getByText(/^अगर आपके खाते से पैसे कट गए हैं/)).toHaveTextContent(
      'मदद चाहिए तो अपने ऑर्डर ID order_gone के साथ सहायता से संपर्क करें।',
    )
    expect(screen.getByRole('link', { name: 'फिर से कोशिश करें' })).toHaveAttribute('href', '/subscribe')
    expect(screen.getByRole('link', { name: 'सहायता से संपर्क करें' })).toHaveAttribute('href', '/contact-us')
  })

  it('says an address without an order is not a payment session, in Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'tutor', subscriptionActive: false, language: 'hi' })
    renderApp('/payment-success')
    expect(await screen.findByRole('alert')).toHaveTextContent('भुगतान सेशन सही नहीं है। ऑर्डर ID नहीं मिली।')
    expect(screen.getByText(/^अगर आपके खाते से पैसे कट गए हैं/)).toHaveTextContent('मदद चाहिए तो सहायता से संपर्क करें।')
  })

  it('shows the simulated checkout in Hindi, the price by locale in the pay button', async () => {
    await setLanguage('hi')
    signInAs({ role: 'tutor', language: 'hi' })
    renderApp('/payment/checkout?order_id=order_1')
    expect(await screen.findByRole('heading', { level: 1, name: 'चेकआउट' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'ऑर्डर का सारांश' })).toBeInTheDocument()
    expect(screen.getByText('प्लान').nextElementSibling).toHaveTextContent('Tutor Premium')
    expect(screen.getByText('सदस्यता का प्रकार').nextElementSibling).toHaveTextContent('सालाना प्लान (1 साल)')
    expect(screen.getByRole('button', { name: '₹499 का भुगतान करें' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeEnabled()
  })
})
