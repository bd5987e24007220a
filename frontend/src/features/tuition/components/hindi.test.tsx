import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Body } from '@/test/http'
import { setLanguage } from '@/lib/i18n'
import { inOneYear } from '@/test/payments'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { ASHA_CONTACT, makeNearby } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

const AREA: Body<'TutorAreaDto'> = {
  location: [77.2432, 28.5677],
  radiusKm: 10,
  subjects: [],
  classes: [],
  boards: [],
  modes: [],
  placeName: 'Lajpat Nagar, South Delhi',
  updatedAt: '2026-11-20T10:00:00Z',
  profileMissing: [],
}

/** Two requests within 10 km, one within 5, none within 2. */
function nearbyByRadius() {
  const near = makeNearby({ distanceKm: 1.26 })
  const farther = makeNearby({ id: 22, subject: 'Chemistry', distanceKm: 4.5 })
  server.use(
    http.get('*/api/tutors/me/area', () => HttpResponse.json(AREA)),
    http.get('*/api/tuition/nearby', ({ request }) => {
      const km = Number(new URL(request.url).searchParams.get('radiusKm'))
      return HttpResponse.json(km >= 10 ? [near, farther] : km >= 5 ? [near] : [])
    }),
  )
}

async function tutorInHindi(subscribed: boolean) {
  signInAs({
    role: 'tutor',
    language: 'hi',
    subscriptionActive: subscribed,
    subscriptionExpires: subscribed ? inOneYear() : undefined,
  })
  await setLanguage('hi')
}

describe('the tuition screens in Hindi', { timeout: 30_000 }, () => {
  it('shows Nearby Requests with its filters, a result and the counts in Hindi', async () => {
    await tutorInHindi(true)
    nearbyByRadius()
    server.use(http.post('*/api/tuition/:id/interested', () => HttpResponse.json({ contact: ASHA_CONTACT })))
    const { user } = renderApp('/nearby?request=99')

    expect(await screen.findByRole('heading', { level: 1, name: 'आस-पास के अनुरोध' })).toBeInTheDocument()
    expect(screen.getByText('आपके आस-पास डाले गए ट्यूशन अनुरोध, सबसे पास वाले पहले।')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'खोज' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'आपके आस-पास के अनुरोध' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'नक्शा' })).toBeInTheDocument()

    // The filters.
    const distance = screen.getByRole('combobox', { name: 'दूरी' })
    expect(distance).toHaveValue('10')
    expect(within(distance).getByRole('option', { name: '10 किमी' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'इसके आस-पास खोजें' })).toBeInTheDocument()
    for (const [label, any] of [
      ['तरीका', 'घर पर या ऑनलाइन'],
      ['विषय', 'कोई भी विषय'],
      ['कक्षा', 'कोई भी कक्षा'],
      ['बोर्ड', 'कोई भी बोर्ड'],
    ]) {
      const select = screen.getByRole('combobox', { name: label })
      expect(await within(select).findByRole('option', { name: any })).toBeInTheDocument()
    }
    expect(screen.getByTestId('search-centre')).toHaveTextContent(
      'आपके शिक्षण क्षेत्र (Lajpat Nagar, South Delhi) के आस-पास खोज · 10 किमी',
    )
    expect(screen.getByRole('button', { name: 'मेरी लोकेशन इस्तेमाल करें' })).toBeInTheDocument()

    // A result, and the request an alert linked to that this search does not find.
    const list = await screen.findByRole('list', { name: 'आस-पास के अनुरोध' })
    const first = within(list).getAllByRole('listitem')[0]!
    expect(within(first).getByRole('heading', { level: 3, name: 'Physics' })).toBeInTheDocument()
    expect(first).toHaveTextContent('1.3 किमी')
    expect(first).toHaveTextContent('कक्षा: Class 12')
    expect(first).toHaveTextContent('पसंदीदा समय: Weekends')
    expect(first).toHaveTextContent('रुचि दिखाने पर इनका फ़ोन और ई-मेल दिखेगा।')
    expect(within(first).getByRole('button', { name: 'Physics के बारे में Asha को संदेश भेजें' })).toHaveTextContent('संदेश')
    expect(screen.getByTestId('highlight-missing')).toHaveTextContent(
      'आपकी सूचना वाला अनुरोध इस खोज में नहीं है: हो सकता है वह बंद हो गया हो, या आपके शिक्षण क्षेत्र (Lajpat Nagar, South Delhi) से 10 किमी से ज़्यादा दूर हो।',
    )
    const map = screen.getByRole('region', { name: 'आस-पास के ट्यूशन अनुरोधों का नक्शा' })
    expect(within(map).getByText('Physics, Class 12 (अनुमानित जगह)')).toBeInTheDocument()

    // The count, in each of its plural forms.
    expect(screen.getByText('10 किमी के अंदर 2 अनुरोध, सबसे पास वाले पहले।')).toBeInTheDocument()
    await user.selectOptions(distance, '5')
    expect(await screen.findByText('5 किमी के अंदर 1 अनुरोध।')).toBeInTheDocument()
    await user.selectOptions(distance, '2')
    expect(await screen.findByText('2 किमी के अंदर कोई अनुरोध नहीं है।')).toBeInTheDocument()
    await user.selectOptions(distance, '10')

    // Interest, with the app's own message when the server sends none.
    await user.click(await screen.findByRole('button', { name: 'Physics में रुचि दिखाएँ' }))
    expect(await screen.findByText('अभिभावक को आपकी रुचि भेज दी गई।')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Physics में रुचि दिखाई' })).toHaveTextContent('रुचि दिखाई')
    expect(screen.getByRole('link', { name: 'Asha Verma को 9876543210 पर कॉल करें' })).toHaveAttribute(
      'href',
      'tel:9876543210',
    )
  })

  it('asks a tutor without a subscription to subscribe, with the count near them, in Hindi', async () => {
    await tutorInHindi(false)
    server.use(
      http.get('*/api/tutors/me/area', () => HttpResponse.json(AREA)),
      http.get('*/api/tuition/nearby/count', () =>
        HttpResponse.json<Body<'NearbyCountDto'>>({ count: 1, radiusKm: 10 }),
      ),
    )
    renderApp('/nearby')
    const prompt = await screen.findByRole('region', { name: 'छात्र ढूँढने के लिए सदस्यता लें' })
    expect(await within(prompt).findByTestId('nearby-count')).toHaveTextContent('आपसे 10 किमी के अंदर 1 अनुरोध')
    expect(prompt).toHaveTextContent('Tutor Premium की सक्रिय सदस्यता (₹499 प्रति वर्ष) से आप')
    expect(within(prompt).getByRole('link', { name: 'सदस्यता लें' })).toHaveAttribute('href', '/subscribe')
  })

  it('asks a tutor without an area to save one, in Hindi', async () => {
    await tutorInHindi(false)
    renderApp('/dashboard')
    const line = await screen.findByTestId('nearby-count')
    expect(within(line).getByRole('link', { name: 'अपना शिक्षण क्षेत्र सेव करें' })).toHaveAttribute('href', '/profile')
    expect(line).toHaveTextContent('ताकि आप देख सकें कि आपके आस-पास कितने अनुरोध हैं।')
  })

  it("shows the teaching area's editor on /profile in Hindi, its checks too", async () => {
    await tutorInHindi(true)
    const { user } = renderApp('/profile')
    const section = await screen.findByRole('region', { name: 'शिक्षण क्षेत्र' })
    expect(section).toHaveTextContent('इस क्षेत्र के अंदर के नए ट्यूशन अनुरोध')
    const form = await within(section).findByRole('form', { name: 'शिक्षण क्षेत्र' })
    expect(within(form).getByText('आप कहाँ पढ़ाते हैं')).toBeInTheDocument()
    const radius = within(form).getByRole('combobox', { name: 'आप कितनी दूर तक जाते हैं' })
    expect(within(radius).getByRole('option', { name: '25 किमी' })).toBeInTheDocument()
    expect(within(form).getByText('केंद्र से इतनी दूरी के अंदर के अनुरोध आप तक पहुँचते हैं।')).toBeInTheDocument()
    for (const legend of ['आप कौन-से विषय पढ़ाते हैं', 'आप कौन-सी कक्षाएँ पढ़ाते हैं', 'आप कौन-से बोर्ड जानते हैं', 'आप कैसे पढ़ाते हैं']) {
      expect(within(form).getByRole('group', { name: legend })).toBeInTheDocument()
    }
    expect(within(form).getByText('कोई नहीं: कोई भी बोर्ड।')).toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'शिक्षण क्षेत्र सेव करें' }))
    expect(await within(form).findByText('कृपया नक्शे पर जगह चुनें।')).toBeInTheDocument()
    server.use(
      http.put('*/api/tutors/me/area', async ({ request }) => {
        const body = (await request.json()) as { location: number[]; radiusKm: number }
        return HttpResponse.json({ ...AREA, location: body.location, radiusKm: body.radiusKm })
      }),
    )
    await user.click(within(form).getByRole('button', { name: 'Click on the map' }))
    await user.click(within(form).getByRole('button', { name: 'शिक्षण क्षेत्र सेव करें' }))
    expect(await within(form).findByRole('status')).toHaveTextContent('सेव हो गया')
    await waitFor(() =>
      expect(within(section).getByTestId('area-summary')).toHaveTextContent(
        'सेव हो गया: Lajpat Nagar, South Delhi के आस-पास · 10 किमी',
      ),
    )
  })
})
