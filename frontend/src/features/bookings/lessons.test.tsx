import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { booking } from '@/test/bookings'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import type { Lesson, LessonPlan, Statement } from './api/lessons'

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 31,
    planId: 9,
    startsAt: '2027-01-11T11:30:00Z',
    endsAt: '2027-01-11T12:30:00Z',
    date: '2027-01-11',
    status: 'held',
    autoConfirmed: false,
    confirmsAt: '2027-01-13T12:30:00Z',
    cancelNote: null,
    disputeNote: null,
    topic: 'Fractions',
    homework: 'Exercise 2.3',
    ...overrides,
  }
}

const PLAN: LessonPlan = {
  id: 9,
  tutor: { id: 42, name: 'Ravi Kumar' },
  parent: { id: 7, name: 'Asha V.' },
  requestId: 3,
  bookingId: 5,
  subject: 'Mathematics',
  timeZone: 'Asia/Kolkata',
  weekdays: ['mon', 'wed'],
  start: '17:00',
  minutes: 60,
  startDate: '2027-01-11',
  endDate: '2027-03-31',
  feePerLesson: 500,
  lessons: [],
}

const STATEMENT: Statement = {
  planId: 9,
  tutor: PLAN.tutor,
  parent: PLAN.parent,
  subject: 'Mathematics',
  month: '2027-01',
  held: 3,
  confirmed: 2,
  awaiting: 1,
  disputed: 0,
  cancelled: 1,
  scheduled: 4,
  feePerLesson: 500,
  total: 1000,
  lessons: [],
}

/** The classes list, one plan with two lessons and its statement; returns what was posted. */
function serveLessons() {
  const posted: { path: string; body: unknown }[] = []
  const lessons = [
    lesson(),
    lesson({
      id: 32,
      startsAt: '2027-01-13T11:30:00Z',
      endsAt: '2027-01-13T12:30:00Z',
      status: 'scheduled',
      topic: null,
      homework: null,
      confirmsAt: null,
    }),
  ]
  server.use(
    http.get('*/api/bookings', () =>
      HttpResponse.json({
        bookings: [
          booking({
            id: 5,
            status: 'confirmed',
            outcome: {
              parent: {
                happened: true,
                continue: true,
                note: null,
                answeredAt: '2027-01-05T00:00:00Z',
                correctableUntil: '2027-01-07T00:00:00Z',
              },
              tutor: null,
              tookPlace: true,
              assignedRequestId: 3,
            },
          }),
        ],
      }),
    ),
    http.get('*/api/lesson-plans', () => HttpResponse.json({ plans: [PLAN] })),
    http.get('*/api/lesson-plans/9', () => HttpResponse.json({ ...PLAN, lessons })),
    http.get('*/api/lesson-plans/9/statement', () => HttpResponse.json(STATEMENT)),
    http.post('*/api/lessons/:id/confirm', ({ params }) => {
      posted.push({ path: `confirm ${String(params.id)}`, body: null })
      return HttpResponse.json(lesson({ status: 'confirmed', confirmsAt: null }))
    }),
    http.put('*/api/lessons/:id/diary', async ({ params, request }) => {
      posted.push({ path: `diary ${String(params.id)}`, body: await request.json() })
      return HttpResponse.json(lesson())
    }),
    http.post('*/api/lesson-plans', async ({ request }) => {
      posted.push({ path: 'plan', body: await request.json() })
      return HttpResponse.json(
        {
          message: 'The end date is before the start date.',
          code: 'validation',
          fields: { endDate: 'The end date is before the start date.' },
        },
        { status: 400 },
      )
    }),
  )
  return posted
}

describe('My classes: lessons', { timeout: 30_000 }, () => {
  it('a parent confirms a held lesson, reads the diary and the month in numbers', async () => {
    const posted = serveLessons()
    signInAs({ id: 7, role: 'parent' })
    const { user } = renderApp('/classes')
    const section = within(await screen.findByRole('region', { name: 'Lessons' }))
    await user.click(
      await section.findByRole('button', { name: /Ravi Kumar · Mathematics · Mon, Wed at 17:00 IST · ₹500 a lesson/ }),
    )
    expect(await section.findByText('Topic: Fractions · Homework: Exercise 2.3')).toBeInTheDocument()
    expect(section.getByText('Held: waiting for the parent')).toBeInTheDocument()
    // Only the held lesson can be confirmed; the parent writes no diary.
    expect(section.getAllByRole('button', { name: 'Confirm' })).toHaveLength(1)
    expect(section.queryByRole('button', { name: 'Save diary' })).not.toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(posted).toEqual([{ path: 'confirm 31', body: null }]))
    const statement = within(section.getByRole('region', { name: 'Monthly statement' }))
    expect(await statement.findByText('Total (confirmed × fee)')).toBeInTheDocument()
    expect(statement.getByText('₹1000')).toBeInTheDocument()
    expect(statement.getByRole('button', { name: 'Print' })).toBeInTheDocument()
  })

  it('a tutor writes the diary and is shown the server’s sentence for a bad plan', async () => {
    const posted = serveLessons()
    signInAs({ id: 42, role: 'tutor' })
    const { user } = renderApp('/classes')
    const section = within(await screen.findByRole('region', { name: 'Lessons' }))
    await user.click(await section.findByRole('button', { name: /Asha V\. · Mathematics/ }))
    const homework = (await section.findAllByRole('textbox', { name: 'Homework' }))[0]
    await user.clear(homework)
    await user.type(homework, 'Exercise 2.4')
    await user.click(section.getAllByRole('button', { name: 'Save diary' })[0])
    await waitFor(() =>
      expect(posted).toEqual([{ path: 'diary 31', body: { topic: 'Fractions', homework: 'Exercise 2.4' } }]),
    )
    expect(section.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument()

    await user.click(section.getByRole('button', { name: 'Plan lessons' }))
    const form = within(section.getByRole('form', { name: 'Plan lessons' }))
    await user.type(form.getByLabelText('Fee per lesson (₹)'), '500')
    await user.click(form.getByRole('button', { name: 'Save the plan' }))
    expect(await form.findByText('The end date is before the start date.')).toBeInTheDocument()
    expect(posted[1]).toMatchObject({
      path: 'plan',
      body: { bookingId: 5, weekdays: ['mon', 'wed', 'fri'], start: '17:00', feePerLesson: 500 },
    })
  })

  it('reads in Hindi', async () => {
    serveLessons()
    signInAs({ id: 7, role: 'parent', language: 'hi' })
    await setLanguage('hi')
    renderApp('/classes')
    const section = within(await screen.findByRole('region', { name: 'क्लासें' }))
    expect(
      await section.findByRole('button', { name: /Ravi Kumar · Mathematics · सोम, बुध, 17:00 IST · ₹500 प्रति क्लास/ }),
    ).toBeInTheDocument()
    await setLanguage('en')
  })
})
