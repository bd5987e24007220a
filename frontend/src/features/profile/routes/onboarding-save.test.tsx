import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

type Step = 'subjects' | 'classes' | 'boards' | 'modes' | 'area' | 'fee' | 'availability' | 'photo' | 'about'
const ALL: Step[] = ['subjects', 'classes', 'boards', 'modes', 'area', 'fee', 'availability', 'photo', 'about']

interface Area {
  location: number[]
  radiusKm: number
  subjects: string[]
  classes: string[]
  boards: string[]
  modes: string[]
}

/**
 * The server over one tutor: the teaching area (none unless `area`), the fee, and the completeness
 * the saved facts make; every PUT is recorded.
 */
function serve(area: Area | null = null) {
  const state = { area, fee: null as number | null, slots: [] as unknown[] }
  const puts: { path: string; body: unknown }[] = []
  const terms = (ids: string[]) => ids.map((id) => ({ id, label: id }))
  const areaDto = () =>
    state.area && {
      ...state.area,
      subjects: terms(state.area.subjects),
      classes: terms(state.area.classes),
      boards: terms(state.area.boards),
      modes: terms(state.area.modes),
      placeName: 'Connaught Place, New Delhi',
      updatedAt: '2026-12-01T10:00:00Z',
      profileMissing: [],
    }
  const done = (): Step[] => {
    const a = state.area
    return ALL.filter(
      (s) =>
        (a && s === 'area') ||
        (a && (s === 'subjects' || s === 'classes' || s === 'boards' || s === 'modes') && a[s].length > 0) ||
        (s === 'fee' && state.fee !== null) ||
        (s === 'availability' && state.slots.length > 0),
    )
  }
  server.use(
    http.get('*/api/tutors/me/area', () => HttpResponse.json(areaDto())),
    http.put('*/api/tutors/me/area', async ({ request }) => {
      const body = (await request.json()) as Area
      puts.push({ path: 'area', body })
      state.area = body
      return HttpResponse.json(areaDto())
    }),
    http.get('*/api/tutors/me/availability', () =>
      HttpResponse.json({ slots: state.slots, exceptions: [], timeZone: 'Asia/Kolkata' }),
    ),
    http.put('*/api/tutors/me/availability/slots', async ({ request }) => {
      const body = (await request.json()) as { slots: unknown[] }
      puts.push({ path: 'week', body })
      state.slots = body.slots
      return HttpResponse.json({ slots: state.slots, exceptions: [], timeZone: 'Asia/Kolkata' })
    }),
    http.get('*/api/tutors/me/completeness', () => {
      const d = done()
      return HttpResponse.json({
        done: d,
        missing: ALL.filter((s) => !d.includes(s)),
        percent: Math.floor((d.length * 100) / ALL.length),
        searchable: false,
      })
    }),
    http.get('*/api/tutors/:id', () =>
      HttpResponse.json({ id: 5, fullname: 'Meera Nair', about: '', feePerHour: state.fee, photoUrl: null }),
    ),
    http.put('*/api/tutors/:id', async ({ request }) => {
      const body = (await request.json()) as { feePerHour: number }
      puts.push({ path: 'tutor', body })
      state.fee = body.feePerHour
      return HttpResponse.json({ id: 5, feePerHour: body.feePerHour })
    }),
  )
  return { puts }
}

const search = () => screen.getByTestId('location').dataset.search
const tutor = () => signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com' })
const stepPanel = () => screen.getByRole('region', { name: /^(Subjects|Classes|Boards|Modes|Teaching area|Fee)$/ })

describe('/onboarding: each step saves', { timeout: 30_000 }, () => {
  it('shows only its own fields; a list chosen before any area waits as a draft, said so, and is saved with the place', async () => {
    tutor()
    const { puts } = serve()
    const first = renderApp('/onboarding?step=subjects')
    const subjects = await screen.findByRole('combobox', { name: 'Add to subjects' })
    // Only this step's field: no map, no other list.
    expect(screen.queryByRole('combobox', { name: 'Search for where you teach' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Add to classes' })).not.toBeInTheDocument()
    expect(screen.getByTestId('area-waiting')).toHaveTextContent('Not saved yet: kept on this device')
    await within(stepPanel()).findByRole('option', { name: 'Mathematics' })
    await first.user.selectOptions(subjects, 'Mathematics')
    await first.user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=classes'))
    expect(await screen.findByRole('combobox', { name: 'Add to classes' })).toBeInTheDocument()
    expect(puts).toEqual([])

    // A reload on the area step: the subject is still there, waiting for the place.
    first.unmount()
    const second = renderApp('/onboarding?step=area')
    await second.user.click(await screen.findByRole('button', { name: 'Click on the map' }))
    expect(screen.queryByRole('combobox', { name: 'Add to subjects' })).not.toBeInTheDocument()
    expect(await screen.findByText('Your profile is 0% complete')).toBeInTheDocument()
    await second.user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=fee'))
    expect(puts).toEqual([
      {
        path: 'area',
        body: { location: [77.215, 28.62], radiusKm: 10, subjects: ['maths'], classes: [], boards: [], modes: [] },
      },
    ])
    // The meter follows the save: subjects and area of nine steps.
    expect(await screen.findByText('Your profile is 22% complete')).toBeInTheDocument()
  })

  it('with an area saved, Next saves the step’s change; a fee that cannot be saved keeps the tutor on the step', async () => {
    tutor()
    const { puts } = serve({
      location: [77.2, 28.6],
      radiusKm: 8,
      subjects: ['maths'],
      classes: [],
      boards: [],
      modes: [],
    })
    const { user } = renderApp('/onboarding?step=boards')
    await user.click(await screen.findByRole('checkbox', { name: 'CBSE' }))
    expect(screen.queryByTestId('area-waiting')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=modes'))
    expect(puts).toEqual([
      {
        path: 'area',
        body: { location: [77.2, 28.6], radiusKm: 8, subjects: ['maths'], classes: [], boards: ['cbse'], modes: [] },
      },
    ])
    expect(await screen.findByText('Your profile is 33% complete')).toBeInTheDocument()
    // Nothing changed on a step: Next only moves on.
    await user.click(await screen.findByRole('checkbox', { name: 'Online' }))
    await user.click(screen.getByRole('checkbox', { name: 'Online' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=area'))
    expect(puts).toHaveLength(1)

    await user.click(screen.getByRole('link', { name: 'Fee' }))
    const fee = await screen.findByRole('textbox', { name: /Fee per hour/ })
    await user.type(fee, 'lots')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText(/whole number of rupees/)).toBeInTheDocument()
    expect(search()).toBe('?step=fee')
    await user.clear(fee)
    await user.type(fee, '600')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=availability'))
    expect(puts.at(-1)).toEqual({ path: 'tutor', body: { feePerHour: 600 } })
    expect(await screen.findByText('Your profile is 44% complete')).toBeInTheDocument()

    // The week: a half hour ticked, saved by Next.
    await user.click(await screen.findByRole('button', { name: 'Monday 17:00–17:30' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=photo'))
    expect(puts.at(-1)).toEqual({ path: 'week', body: { slots: [{ weekday: 'mon', start: '17:00', end: '17:30' }] } })
    expect(await screen.findByText('Your profile is 55% complete')).toBeInTheDocument()
  })

  it('asks before leaving the flow with unsaved changes, and keeps them as a draft', async () => {
    tutor()
    serve()
    const first = renderApp('/onboarding?step=fee')
    const user = first.user
    await user.type(await screen.findByRole('textbox', { name: /Fee per hour/ }), '700')
    await user.click(screen.getAllByRole('link', { name: 'Support' })[0]!)
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' })
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/support'))
    // Back in the flow: the fee typed is still there.
    first.unmount()
    renderApp('/onboarding?step=fee')
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Fee per hour/ })).toHaveValue('700'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
  })

  it('keeps the week’s unsaved half hours across a remount, until they are saved', async () => {
    tutor()
    const { puts } = serve()
    const first = renderApp('/onboarding?step=availability')
    await first.user.click(await screen.findByRole('button', { name: 'Monday 18:00–18:30' }))
    first.unmount()
    const second = renderApp('/onboarding?step=availability')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Monday 18:00–18:30' })).toHaveAttribute('aria-pressed', 'true'),
    )
    await second.user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(search()).toBe('?step=photo'))
    expect(puts).toEqual([{ path: 'week', body: { slots: [{ weekday: 'mon', start: '18:00', end: '18:30' }] } }])
    second.unmount()
    renderApp('/onboarding?step=availability')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Monday 18:00–18:30' })).toHaveAttribute('aria-pressed', 'true'),
    )
    expect(sessionStorage.getItem('draft:5:tutor-week')).toBeNull()
  })

  it('says in Hindi that a list waits for the place', async () => {
    await setLanguage('hi')
    signInAs({ id: 5, role: 'tutor', fullname: 'Meera Nair', email: 'meera@example.com', language: 'hi' })
    serve()
    renderApp('/onboarding?step=classes')
    expect(await screen.findByTestId('area-waiting')).toHaveTextContent('अभी सहेजा नहीं गया')
  })
})
