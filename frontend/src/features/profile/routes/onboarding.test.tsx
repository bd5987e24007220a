import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Step = 'subjects' | 'classes' | 'boards' | 'modes' | 'area' | 'fee' | 'availability' | 'photo' | 'about'
const ALL: Step[] = ['subjects', 'classes', 'boards', 'modes', 'area', 'fee', 'availability', 'photo', 'about']

/** The server: the tutor's public profile, their completeness (from `done`), and PUT /tutors/{id}. */
function serve(done: Step[] = []) {
  let state = { done: [...done], about: '' }
  const puts: unknown[] = []
  const completeness = () => ({
    done: ALL.filter((s) => state.done.includes(s)),
    missing: ALL.filter((s) => !state.done.includes(s)),
    percent: Math.floor((state.done.length * 100) / ALL.length),
    searchable: false,
  })
  server.use(
    http.get('*/api/tutors/me/completeness', () => HttpResponse.json(completeness())),
    http.get('*/api/tutors/:id', () =>
      HttpResponse.json({
        id: 5,
        fullname: 'Meera Nair',
        email: 'meera@example.com',
        about: state.about,
        feePerHour: null,
        photoUrl: null,
      }),
    ),
    http.put('*/api/tutors/:id', async ({ request }) => {
      const body = (await request.json()) as { about: string }
      puts.push(body)
      state = { done: [...state.done, 'about'], about: body.about }
      return HttpResponse.json({ id: 5, about: body.about })
    }),
  )
  return { puts }
}

const search = () => screen.getByTestId('location').dataset.search

describe('/onboarding: the guided set-up', { timeout: 30_000 }, () => {
  it('goes through the steps in order with the step in the address, and the meter shows the server’s percentage', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    serve(['subjects', 'classes', 'area'])
    const { user } = renderApp('/onboarding')
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your tutor profile' })).toBeInTheDocument()
    expect(await screen.findByText('Your profile is 33% complete')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '33')
    const steps = screen.getByRole('navigation', { name: 'Steps' })
    expect(
      within(steps)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Subjects', 'Classes', 'Boards', 'Modes', 'Teaching area', 'Fee', 'Availability', 'Photo', 'About you'])
    // The steps done are ticked.
    expect(within(steps).getAllByLabelText('Done')).toHaveLength(3)
    expect(within(steps).getByRole('link', { name: /Subjects/ })).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('heading', { level: 2, name: 'Subjects' })).toBeInTheDocument()
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()
    // The first steps edit the teaching area, one part each: here its subjects alone.
    expect(await screen.findByRole('combobox', { name: 'Add to subjects' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Add to classes' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=classes'))
    expect(screen.getByRole('heading', { level: 2, name: 'Classes' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(search()).toBe('?step=subjects'))
  })

  it('opens at the step the address names, saves the about text there, and Finish goes to the dashboard', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    const { puts } = serve(['subjects', 'classes', 'boards', 'modes', 'area', 'fee', 'availability', 'photo'])
    const { user } = renderApp('/onboarding?step=about')
    expect(await screen.findByText('Your profile is 88% complete')).toBeInTheDocument()
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument()
    const about = await screen.findByRole('textbox', { name: 'About you' })
    await user.type(about, 'Maths for ten years.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts).toEqual([{ about: 'Maths for ten years.' }]))
    expect(await screen.findByText('Your profile is 100% complete')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'))
  })

  it('keeps the unsaved about text as a draft across a remount', async () => {
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
    serve()
    const first = renderApp('/onboarding?step=about')
    await first.user.type(await screen.findByRole('textbox', { name: 'About you' }), 'Half a sentence')
    first.unmount()
    renderApp('/onboarding?step=about')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'About you' })).toHaveValue('Half a sentence'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
  })

  it('speaks Hindi', async () => {
    await setLanguage('hi')
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com', language: 'hi' })
    serve(['subjects'])
    renderApp('/onboarding?step=fee')
    expect(await screen.findByRole('heading', { level: 1, name: 'अपनी ट्यूटर प्रोफ़ाइल तैयार करें' })).toBeInTheDocument()
    expect(await screen.findByText('आपकी प्रोफ़ाइल 11% पूरी है')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'फ़ीस' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'आगे' })).toBeInTheDocument()
  })
})
