import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { formatDate } from '@/lib/format'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeInterestedTutor, makeRequest } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

const ravi = makeInterestedTutor({ rating: 4.5, reviewCount: 12 })
const meera = makeInterestedTutor({ tutor: 6, fullname: 'Meera Nair', name: 'Meera Nair', rating: 5, reviewCount: 1 })

function field(role: 'textbox' | 'combobox', name: string) {
  return screen.getByRole(role, { name: new RegExp(`^${name}`) })
}

describe('the request form in Hindi', { timeout: 30_000 }, () => {
  it('labels the fields and says what is missing in Hindi, the spec’s messages included', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    const { user } = renderApp('/request/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'ट्यूशन अनुरोध डालें' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'ट्यूशन अनुरोध डालें' })).toBeInTheDocument()
    expect(field('textbox', 'पसंदीदा समय')).toHaveAttribute('placeholder', 'जैसे सोम–शुक्र शाम 5-7 बजे')
    expect(screen.getByText('क्लास कहाँ होनी चाहिए?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'अनुरोध डालें' }))
    expect(screen.getByText('विषय ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('कक्षा ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('पसंदीदा समय ज़रूरी है।')).toBeInTheDocument()
    expect(screen.getByText('कृपया नक्शे पर जगह चुनें।')).toBeInTheDocument()

    await screen.findByRole('option', { name: 'Mathematics' })
    await user.selectOptions(field('combobox', 'विषय'), 'अन्य…')
    await user.click(screen.getByRole('button', { name: 'अनुरोध डालें' }))
    expect(screen.getByText('कृपया बताएँ कि कौन-सा विषय।')).toBeInTheDocument()
    expect(field('textbox', 'कौन-सा विषय?')).toHaveAttribute('placeholder', 'जैसे वैदिक गणित')
  })

  it('reads a check’s message when it fails: after a switch to Hindi the same form says it in Hindi', async () => {
    signInAs({ role: 'parent' })
    const { user } = renderApp('/request/new')
    await user.click(await screen.findByRole('button', { name: 'Post Request' }))
    expect(screen.getByText('Subject is required.')).toBeInTheDocument()
    await act(() => setLanguage('hi'))
    await user.click(screen.getByRole('button', { name: 'अनुरोध डालें' }))
    expect(await screen.findByText('विषय ज़रूरी है।')).toBeInTheDocument()
    expect(screen.queryByText('Subject is required.')).not.toBeInTheDocument()
  })

  it('edits a request in Hindi, with Cancel and the update button', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 3, subject: 'Physics' })])))
    renderApp('/request/3/edit')
    expect(await screen.findByRole('heading', { level: 1, name: 'ट्यूशन अनुरोध बदलें' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'अनुरोध अपडेट करें' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'डैशबोर्ड पर वापस जाएँ' })).toHaveAttribute('href', '/dashboard')
  })
})

describe('My Tuition Requests in Hindi', { timeout: 30_000 }, () => {
  it('shows each request with its status, date, notes and interested tutors in Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    const open = makeRequest({ id: 3, subject: 'Physics', interestedTutors: [ravi, meera] })
    const closed = makeRequest({
      id: 4,
      subject: 'Chemistry',
      status: 'closed',
      closedAt: '2026-11-24T10:00:00Z',
      closeOutcome: 'found_tutor',
      closedTutorId: 5,
      interestedTutors: [ravi],
      flagged: true,
      flagReason: 'Asks for a phone number.',
    })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([open, closed])))
    const { user } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 2, name: 'मेरे ट्यूशन अनुरोध' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'नया अनुरोध डालें' })).toHaveAttribute('href', '/request/new')
    const list = await screen.findByRole('list', { name: 'मेरे ट्यूशन अनुरोध' })
    expect(within(list).getByTestId('status-3')).toHaveTextContent('खुला')
    expect(within(list).getByTestId('status-4')).toHaveTextContent('बंद')
    expect(within(list).getAllByText(`${formatDate(open.createdAt, 'short', '-', 'hi')} को डाला गया`)).toHaveLength(2)
    expect(screen.getByTestId('privacy-note-3')).toHaveTextContent(
      'ट्यूटर केवल उस 500 मीटर के इलाके का बीच देखते हैं जिसमें आपका पिन है, आपका पता कभी नहीं।',
    )
    expect(screen.getByTestId('closed-note-4')).toHaveTextContent(
      `${formatDate(closed.closedAt, 'short', '', 'hi')} को बंद किया गया · ट्यूटर मिल गया (Ravi Kumar)। ट्यूटर अब इसे नहीं देखते।`,
    )
    expect(screen.getByTestId('flag-note-4')).toHaveTextContent(
      'HomeTutor के एक एडमिन ने इसे फ़्लैग किया है। कारण: Asks for a phone number। फ़्लैग रहने तक ट्यूटर यह अनुरोध नहीं देखते।',
    )
    expect(screen.getByRole('link', { name: 'Physics का अनुरोध बदलें' })).toHaveAttribute('href', '/request/3/edit')
    expect(screen.getByRole('button', { name: 'Chemistry का अनुरोध फिर से खोलें' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /^रुचि दिखाने वाले ट्यूटर \(2\)/ }))
    const cards = screen.getByRole('list', { name: 'रुचि दिखाने वाले ट्यूटर' })
    const [first, second] = within(cards).getAllByRole('listitem')
    expect(first).toHaveTextContent('4.5 ★ (5 में से) (12 समीक्षाएँ)')
    expect(second).toHaveTextContent('5.0 ★ (5 में से) (1 समीक्षा)')
    expect(within(first!).getByRole('button', { name: 'Ravi Kumar को संदेश भेजें' })).toHaveTextContent('संदेश')
    const table = screen.getByRole('table', { hidden: true })
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['नाम', 'रेटिंग', 'ई-मेल', 'फ़ोन', 'चैट'])
  })

  it('asks before deleting, and closes with a reason, in Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    server.use(
      http.get('*/api/tuition/mine', () =>
        HttpResponse.json([makeRequest({ id: 3, subject: 'Physics', interestedTutors: [ravi] })]),
      ),
    )
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Physics का अनुरोध हटाएँ' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'अनुरोध हटाएँ?' })
    expect(confirm).toHaveTextContent('Physics का अनुरोध और उसमें ट्यूटरों की रुचि हटा दी जाएगी। इसे वापस नहीं लाया जा सकता।')
    await user.click(within(confirm).getByRole('button', { name: 'रद्द करें' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Physics का अनुरोध बंद करें' }))
    const dialog = await screen.findByRole('dialog', { name: 'Physics का अनुरोध बंद करें?' })
    expect(within(dialog).getByRole('radio', { name: /ट्यूटर मिल गया/ })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /अब ज़रूरत नहीं/ })).not.toBeChecked()
    const which = within(dialog).getByRole('combobox', { name: 'कौन-सा ट्यूटर? (ज़रूरी नहीं)' })
    expect(which.querySelector('option')).toHaveTextContent('कोई और, या मैं नहीं बताना चाहता/चाहती')
  })

  it('has an empty state in Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([])))
    renderApp('/dashboard')
    expect(await screen.findByText('आपने अभी तक कोई ट्यूशन अनुरोध नहीं डाला है।')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'अपना पहला अनुरोध डालें' })).toHaveAttribute('href', '/request/new')
  })
})
