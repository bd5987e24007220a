import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ApiPaths, SuccessBody } from '@/api/types'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Tutor = SuccessBody<ApiPaths['/tutors/{idOrEmail}']['get']>
type Review = SuccessBody<ApiPaths['/tutors/{idOrEmail}/reviews']['get']>[number]

function makeTutor(overrides: Partial<Tutor> = {}): Tutor {
  const tutor: Tutor = {
    id: 42,
    fullname: 'Ravi Kumar',
    email: 'Ravi@Example.com',
    subscriptionActive: false,
    approved: false,
    featured: false,
    verification: null,
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
    verified: false,
    reviewCount: 0,
    ratingCounts: [0, 0, 0, 0, 0],
    canMessage: false,
    // What a signed-in parent may do: reviews open after a real contact (off by default).
    canReview: false,
    reviewOpensAt: null,
    ...overrides,
  }
  // The server's public names for the same figures: verified = approved, rating and reviewCount = the summary.
  return {
    ...tutor,
    verified: overrides.verified ?? tutor.approved,
    rating: overrides.rating ?? tutor.ratingAverage,
    reviewCount: overrides.reviewCount ?? tutor.ratingCount,
  }
}

/** A tutor the handlers serve and update, plus the reviews and what was sent. */
function serveTutor(initial: Tutor, reviews: Review[] = []) {
  let tutor = initial
  const puts: { path: string; body: unknown }[] = []
  const posts: unknown[] = []
  server.use(
    http.get('*/api/tutors/:id', ({ params }) => {
      const id = String(params.id)
      if (id !== String(tutor.id) && id !== tutor.email.toLowerCase())
        return apiError(404, { message: 'Tutor not found', code: 'not_found' })
      return HttpResponse.json(tutor)
    }),
    http.put('*/api/tutors/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<Tutor>
      puts.push({ path: String(params.id), body })
      tutor = { ...tutor, ...body }
      return HttpResponse.json(tutor)
    }),
    http.get('*/api/tutors/:id/reviews', () => HttpResponse.json(reviews)),
    http.post('*/api/tutors/:id/reviews', async ({ request }) => {
      const body = (await request.json()) as { rating: number; comment: string }
      posts.push(body)
      const review: Review = {
        id: 900,
        parentId: 7,
        parentName: 'Asha Verma',
        inTouch: false,
        rating: body.rating,
        comment: body.comment,
        createdAt: '2026-01-02T10:00:00Z',
      }
      reviews = [review, ...reviews.filter((r) => r.parentId !== 7)]
      const sum = reviews.reduce((s, r) => s + r.rating, 0)
      const average = Math.round((sum / reviews.length) * 10) / 10
      tutor = {
        ...tutor,
        ratingCount: reviews.length,
        ratingAverage: average,
        reviewCount: reviews.length,
        rating: average,
      }
      return HttpResponse.json(review, { status: 201 })
    }),
  )
  return { puts, posts }
}

describe('Tutor profile (view)', () => {
  it('shows the fallbacks for an empty profile and the inactive subscription', async () => {
    serveTutor(makeTutor({ fullname: '' }))
    renderApp('/tutor/ravi%40example.com')
    expect(await screen.findByText('Ravi@Example.com')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Tutor Profile' })).toBeInTheDocument()
    expect(screen.getByText('Subscription Inactive')).toBeInTheDocument()
    expect(screen.getByText('No description yet.')).toBeInTheDocument()
    for (const label of [
      'Subjects & Classes Offered',
      'Availability',
      'Teaching Methodology / Style',
      'Student Testimonials',
      'Education Qualification',
      'Fees',
      'Demo Class Offer',
    ]) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent(/^-$/)
    }
    expect(screen.queryByText('Verified')).not.toBeInTheDocument()
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument()
    // Logged out: no review form, a hint to log in as a parent.
    expect(screen.getByRole('link', { name: 'Log in as a parent' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
  })

  it('shows the name, fields, subscription, the checks that passed and the site’s award when present', async () => {
    serveTutor(
      makeTutor({
        subscriptionActive: true,
        approved: true,
        featured: true,
        verified: true,
        verification: { checks: { id: true, qualification: true, police: true }, checkedAt: '2026-12-02T10:00:00Z' },
        about: 'Physics teacher for ten years.',
        fees: '₹800 per hour',
      }),
    )
    renderApp('/tutor/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeInTheDocument()
    expect(screen.getByText('Subscription Active')).toBeInTheDocument()
    expect(screen.getByTestId('verification-badge')).toHaveTextContent(
      'Verified · ID ✓ · Qualification ✓ · Police ✓ · checked 2 Dec 2026',
    )
    expect(screen.getByText('Featured by HomeTutor')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument()
    expect(screen.getByText('Physics teacher for ten years.')).toBeInTheDocument()
    expect(screen.getByText('₹800 per hour')).toBeInTheDocument()
  })

  it("names the browser tab and the page's description after the tutor once the profile has loaded", async () => {
    serveTutor(makeTutor({ subjects: 'Physics, Class 11–12' }))
    renderApp('/tutor/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Ravi Kumar · HomeTutor'))
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Ravi Kumar, home tutor for Physics, Class 11–12: profile, fees, availability and reviews on HomeTutor.',
    )
  })

  it('keeps the route title for a profile without a name', async () => {
    serveTutor(makeTutor({ fullname: '' }))
    renderApp('/tutor/42')
    expect(await screen.findByText('Ravi@Example.com')).toBeInTheDocument()
    expect(document.title).toBe('Tutor Profile · HomeTutor')
  })

  it("shows 'Tutor not found.' with the error and the id in words, no raw JSON", async () => {
    serveTutor(makeTutor())
    renderApp('/tutor/nobody%40example.com')
    expect(await screen.findByText('Tutor not found.')).toBeInTheDocument()
    const debug = screen.getByTestId('tutor-not-found-details')
    expect(debug).toHaveTextContent(
      'We looked for “nobody@example.com”. The server answered: Tutor not found, HTTP 404, code not_found.',
    )
    expect(debug.textContent).not.toMatch(/[{}"]/)
    expect(screen.getByRole('link', { name: 'Find a tutor' })).toHaveAttribute('href', '/tutors')
  })
})

describe('Tutor profile (edit)', () => {
  it('offers Edit Profile to the tutor themself (by e-mail, any case)', async () => {
    serveTutor(makeTutor())
    signInAs({ id: 1, role: 'tutor', email: 'ravi@example.com' })
    renderApp('/tutor/42')
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it('offers Edit Profile to an admin', async () => {
    serveTutor(makeTutor())
    signInAs({ id: 2, role: 'admin', email: 'admin@example.com' })
    renderApp('/tutor/42')
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
  })

  it('does not offer Edit Profile to another tutor or a parent', async () => {
    serveTutor(makeTutor({ canReview: true }))
    signInAs({ id: 3, role: 'tutor', email: 'other@example.com' })
    const first = renderApp('/tutor/42')
    await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
    first.unmount()

    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    renderApp('/tutor/42')
    await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })
    await screen.findByRole('button', { name: 'Submit Review' })
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
  })

  it('saves the eight fields to the lowercased e-mail, re-fetches and returns to view mode', async () => {
    const { puts } = serveTutor(makeTutor({ about: 'Old text' }))
    signInAs({ id: 42, role: 'tutor', email: 'ravi@example.com' })
    const { user } = renderApp('/tutor/ravi%40example.com')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const about = screen.getByRole('textbox', { name: 'Bio / About Me' })
    expect(about).toHaveValue('Old text')
    await user.clear(about)
    await user.paste('New about text')
    await user.click(screen.getByRole('textbox', { name: 'Fees' }))
    await user.paste('₹500')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('New about text')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Bio / About Me' })).not.toBeInTheDocument()
    expect(screen.getByText('₹500')).toBeInTheDocument()
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument()
    expect(puts).toEqual([
      {
        path: 'ravi@example.com',
        body: {
          about: 'New about text',
          subjects: '',
          availability: '',
          methodology: '',
          testimonials: '',
          education: '',
          fees: '₹500',
          demoOffer: '',
        },
      },
    ])
  })

  it('Cancel returns to view mode without saving', async () => {
    const { puts } = serveTutor(makeTutor({ about: 'Old text' }))
    signInAs({ id: 42, role: 'tutor', email: 'ravi@example.com' })
    const { user } = renderApp('/tutor/42')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(screen.getByRole('textbox', { name: 'Bio / About Me' }))
    await user.paste(' changed')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByText('Old text')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Bio / About Me' })).not.toBeInTheDocument()
    expect(puts).toEqual([])
  })

  it('shows the server field errors, and the default message without one', async () => {
    serveTutor(makeTutor())
    signInAs({ id: 42, role: 'tutor', email: 'ravi@example.com' })
    server.use(
      http.put(
        '*/api/tutors/:id',
        () =>
          apiError(400, {
            message: 'Some fields are invalid',
            code: 'validation',
            fields: { fees: 'Fees are too long.' },
          }),
        { once: true },
      ),
      http.put('*/api/tutors/:id', () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderApp('/tutor/42')
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Fees are too long.')).toBeInTheDocument()
    expect(screen.getByText('Some fields are invalid')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Fees' })).toHaveAttribute('aria-invalid', 'true')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument()
    // Still in edit mode.
    expect(screen.getByRole('textbox', { name: 'Fees' })).toBeInTheDocument()
  })
})

describe('Tutor reviews', () => {
  const existing: Review = {
    id: 5,
    parentId: 99,
    parentName: 'Kiran Rao',
    inTouch: false,
    rating: 5,
    comment: 'Excellent teacher',
    createdAt: '2026-01-01T10:00:00Z',
  }

  it('shows the average, the count and the reviews', async () => {
    serveTutor(makeTutor({ ratingAverage: 5, ratingCount: 1 }), [existing])
    renderApp('/tutor/42')
    expect(await screen.findByTestId('rating-average')).toHaveTextContent('5.0')
    expect(screen.getByTestId('rating-count')).toHaveTextContent('1 review')
    const list = await screen.findByRole('list', { name: 'Reviews' })
    expect(within(list).getByText('Excellent teacher')).toBeInTheDocument()
    expect(within(list).getByText(/Kiran Rao/)).toBeInTheDocument()
    expect(within(list).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
  })

  it('a parent must choose a rating before submitting; the review then shows with the new average', async () => {
    const { posts } = serveTutor(makeTutor({ ratingAverage: 5, ratingCount: 1, canReview: true }), [existing])
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    const { user } = renderApp('/tutor/42')
    const submit = await screen.findByRole('button', { name: 'Submit Review' })
    // Nothing is wrong before the parent tries: no message on first render.
    expect(screen.queryByText('Please select a rating')).not.toBeInTheDocument()
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument()

    await user.click(screen.getByRole('textbox', { name: 'Comment' }))
    await user.paste('Clear explanations')
    await user.click(submit)
    expect(await screen.findByText('Please select a rating')).toBeInTheDocument()
    expect(posts).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: '3 stars' }))
    await waitFor(() => expect(screen.queryByText('Please select a rating')).not.toBeInTheDocument())
    await user.click(submit)

    await waitFor(() => expect(screen.getByTestId('rating-average')).toHaveTextContent('4.0'))
    // The refresh remounts the form (now holding this review); the confirmation still shows.
    expect(await screen.findByText('Review submitted successfully!')).toBeInTheDocument()
    expect(screen.getByTestId('rating-count')).toHaveTextContent('2 reviews')
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getByText('Clear explanations')).toBeInTheDocument()
    expect(posts).toEqual([{ rating: 3, comment: 'Clear explanations', parentId: 7 }])
    // Now pre-filled: submitting again updates the review.
    expect(await screen.findByText(/submitting again updates your review/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Clear explanations')
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked()
  })

  it('confirms a review even when the list refreshes (remounting the form) before the answer arrives', async () => {
    const { posts } = serveTutor(makeTutor({ canReview: true }))
    // The server stores the review at once, but its answer is held back until the test lets it go.
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/tutors/:id/reviews', async ({ request }) => {
        const body = (await request.json()) as { rating: number; comment: string }
        posts.push(body)
        const stored = { ...existing, id: 901, parentId: 7, parentName: 'Asha Verma', ...body }
        server.use(http.get('*/api/tutors/:id/reviews', () => HttpResponse.json([stored])))
        await answered
        return HttpResponse.json(stored, { status: 201 })
      }),
    )
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    const { user, queryClient } = renderApp('/tutor/42')
    await user.click(await screen.findByRole('radio', { name: '2 stars' }))
    await user.click(screen.getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    // Another refresh (say, the window regained focus) shows the stored review first.
    await queryClient.invalidateQueries()
    expect(await screen.findByRole('button', { name: 'Update Review' })).toBeInTheDocument()
    release()
    expect(await screen.findByText('Review submitted successfully!')).toBeInTheDocument()
  })

  it('the rating is keyboard operable', async () => {
    serveTutor(makeTutor({ canReview: true }))
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    const { user } = renderApp('/tutor/42')
    await screen.findByRole('button', { name: 'Submit Review' })
    // The focus is an update of its own: the rating acts on arrows only once it knows it has the focus.
    const first = screen.getByRole('radio', { name: '1 star' })
    act(() => first.focus())
    // Each arrow checks the next star and then moves the focus to it (in a frame of its own); the
    // next arrow is pressed once both have happened, as a person would after seeing the star light up.
    for (const name of ['1 star', '2 stars', '3 stars']) {
      await user.keyboard('{ArrowRight}')
      const star = screen.getByRole('radio', { name })
      await waitFor(() => {
        expect(star).toBeChecked()
        expect(star).toHaveFocus()
      })
    }
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled()
  })

  it("shows 'Failed to submit review' when the server gives no message", async () => {
    serveTutor(makeTutor({ canReview: true }))
    server.use(http.post('*/api/tutors/:id/reviews', () => new HttpResponse(null, { status: 500 })))
    signInAs({ id: 7, role: 'parent', email: 'asha@example.com' })
    const { user } = renderApp('/tutor/42')
    await screen.findByRole('button', { name: 'Submit Review' })
    await user.click(screen.getByRole('radio', { name: '4 stars' }))
    await user.click(screen.getByRole('button', { name: 'Submit Review' }))
    expect(await screen.findByText('Failed to submit review')).toBeInTheDocument()
  })

  it('a tutor sees no review form', async () => {
    serveTutor(makeTutor())
    signInAs({ id: 3, role: 'tutor', email: 'other@example.com' })
    renderApp('/tutor/42')
    await screen.findByText('No reviews yet.')
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument()
    expect(screen.queryByText('Log in as a parent')).not.toBeInTheDocument()
  })
})
