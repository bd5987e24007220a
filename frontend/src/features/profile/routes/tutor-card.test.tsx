import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

const PUBLIC = {
  id: 5,
  fullname: 'Meera Nair',
  email: 'meera@example.com',
  subscriptionActive: true,
  approved: false,
  featured: false,
  badges: [],
  about: '',
  subjects: '',
  availability: '',
  methodology: '',
  testimonials: '',
  education: '',
  fees: '',
  demoOffer: '',
  ratingAverage: null,
  ratingCount: 0,
  canMessage: false,
  feePerHour: 500 as number | null,
  photoUrl: null as string | null,
}

function serve() {
  let tutor = { ...PUBLIC }
  // jsdom's XMLHttpRequest drops multipart file names on the way to MSW: fields and sizes are kept.
  const photos: { field: string; size: number; auth: string | null }[] = []
  const puts: { path: string; body: unknown }[] = []
  server.use(
    http.get('*/api/tutors/:id', () => HttpResponse.json(tutor)),
    http.post('*/api/tutors/me/photo', async ({ request }) => {
      const form = await request.formData()
      for (const [field, value] of form.entries()) {
        photos.push({ field, size: (value as File).size, auth: request.headers.get('Authorization') })
      }
      tutor = { ...tutor, photoUrl: '/api/uploads/meera-400.jpg' }
      return HttpResponse.json({ photoUrl: tutor.photoUrl })
    }),
    http.put('*/api/tutors/:id', async ({ request, params }) => {
      const body = (await request.json()) as { feePerHour: number | null }
      puts.push({ path: String(params.id), body })
      tutor = { ...tutor, ...body }
      return HttpResponse.json(tutor)
    }),
  )
  return { photos, puts }
}

function png(name = 'me.png', size = 1000, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type })
}

describe("a tutor's card on My Profile: photo and fee per hour", { timeout: 20_000 }, () => {
  it('uploads a photo as soon as it is chosen, as multipart `photo`, and shows the stored one', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    const { photos } = serve()
    const { user } = renderApp('/profile')
    const card = await screen.findByRole('region', { name: 'Your tutor card' })
    expect(await within(card).findByText('MN')).toBeInTheDocument()
    const input = card.querySelector('input[type="file"]') as HTMLInputElement
    expect(input).toHaveAccessibleName('Photo')
    await user.upload(input, png())
    await waitFor(() => expect(photos).toEqual([{ field: 'photo', size: 1000, auth: 'Bearer test-token' }]))
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument()
    await waitFor(() => expect(card.querySelector('img[src="/api/uploads/meera-400.jpg"]')).not.toBeNull())
    expect(within(card).getByRole('button', { name: 'Choose a new photo' })).toBeInTheDocument()
  })

  it('refuses a file that is not a photo or too large before sending, and shows the server’s refusal', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    const { photos } = serve()
    const { user } = renderApp('/profile')
    const card = await screen.findByRole('region', { name: 'Your tutor card' })
    await within(card).findByRole('button', { name: 'Choose a photo' })
    const input = card.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, png('big.png', 6 * 1024 * 1024))
    expect(await within(card).findByText('The photo is too large. Maximum size is 5MB.')).toBeInTheDocument()
    expect(photos).toEqual([])

    server.use(
      http.post('*/api/tutors/me/photo', () =>
        apiError(400, { message: 'This image could not be read.', code: 'damaged_file' }),
      ),
    )
    await user.upload(input, png('broken.png'))
    expect(await within(card).findByText('This image could not be read.')).toBeInTheDocument()
    expect(photos).toEqual([])
    // The chosen photo is not lost: one click sends it again.
    server.use(http.post('*/api/tutors/me/photo', () => HttpResponse.json({ photoUrl: '/api/uploads/meera-400.jpg' })))
    await user.click(within(card).getByRole('button', { name: 'Try the upload again' }))
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument()
  })

  it('saves the fee per hour as a number, clears it when empty, and refuses other text', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'Meera@Example.com' })
    const { puts } = serve()
    const { user } = renderApp('/profile')
    const fee = await screen.findByRole('textbox', { name: 'Fee per hour (₹)' })
    expect(fee).toHaveValue('500')
    await user.clear(fee)
    await user.type(fee, '800')
    await user.click(screen.getByRole('button', { name: 'Save fee' }))
    await waitFor(() => expect(puts).toEqual([{ path: 'meera@example.com', body: { feePerHour: 800 } }]))
    expect(await screen.findByText('Fee saved.')).toBeInTheDocument()

    await user.clear(fee)
    await user.type(fee, '12.5')
    await user.click(screen.getByRole('button', { name: 'Save fee' }))
    expect(await screen.findByText('Enter a whole number of rupees from 0 to 1,00,000.')).toBeInTheDocument()
    expect(puts).toHaveLength(1)

    await user.clear(fee)
    await user.click(screen.getByRole('button', { name: 'Save fee' }))
    await waitFor(() => expect(puts[1]).toEqual({ path: 'meera@example.com', body: { feePerHour: null } }))
  })

  it('keeps an unsaved fee as a draft across a remount until it is saved', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    const { puts } = serve()
    const first = renderApp('/profile')
    const fee = await screen.findByRole('textbox', { name: 'Fee per hour (₹)' })
    await waitFor(() => expect(fee).toHaveValue('500'))
    await first.user.clear(fee)
    await first.user.type(fee, '750')
    first.unmount()

    const { user } = renderApp('/profile')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Fee per hour (₹)' })).toHaveValue('750'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save fee' }))
    await waitFor(() => expect(puts).toEqual([{ path: 'meera@example.com', body: { feePerHour: 750 } }]))
    await waitFor(() => expect(screen.queryByText('Restored your unsaved changes')).not.toBeInTheDocument())
    expect(sessionStorage.getItem('draft:5:tutor-fee')).toBeNull()
  })

  it('is not shown to a parent', async () => {
    signInAs({ role: 'parent' })
    renderApp('/profile')
    expect(await screen.findByLabelText(/full name/i)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your tutor card' })).not.toBeInTheDocument()
  })
})
