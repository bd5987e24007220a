import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { Profile } from '@/api/types'
import { apiError, unauthenticated, type Body } from './http'
import { placesHandlers } from './places'

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    fullname: 'Asha Verma',
    email: 'asha@example.com',
    phone: '9876543210',
    role: 'parent',
    active: true,
    approved: false,
    featured: false,
    badges: [],
    subscriptionActive: false,
    subscriptionExpires: null,
    paymentStatus: 'unpaid',
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00Z',
    language: 'en',
    ...overrides,
  }
}

/**
 * The logged-in user as stored by signInAs (test/render), as the server answers for them: like the
 * server (`Subscription::at(now)`), it reports a subscription whose expiry has passed as inactive.
 */
function storedUser(): Profile {
  const stored = localStorage.getItem('user')
  const user = stored ? (JSON.parse(stored) as Profile) : makeProfile()
  const expires = Date.parse(user.subscriptionExpires ?? '')
  const active = user.subscriptionActive && Number.isFinite(expires) && expires > Date.now()
  return { ...user, subscriptionActive: active, subscriptionExpires: active ? user.subscriptionExpires : null }
}

/** Answers every call the shell makes on its own; tests add what they exercise. */
export const defaultHandlers = [
  // The chat connector (logged in): unread counts and a socket ticket.
  http.get('*/api/messages/unread', () => HttpResponse.json<Body<'UnreadCounts'>>({ total: 0, perUser: {} })),
  http.post('*/api/chat/ticket', () =>
    HttpResponse.json<Body<'TicketResponse'>>({ ticket: 'test-ticket', expiresIn: 60 }),
  ),
  // A chat dialog asks whether its partner is blocked: nobody is unless a test says so.
  http.get('*/api/chat/block/:partnerId', () => HttpResponse.json<Body<'BlockStatus'>>({ blocked: false })),
  http.get('*/api/auth/profile', ({ request }) => {
    if (!request.headers.get('Authorization')) return unauthenticated()
    return HttpResponse.json<Body<'ProfileResponse'>>({ user: storedUser() })
  }),
  // A change to the account (the language the person picks while signed in) is kept, as the server keeps it.
  http.put('*/api/auth/profile', async ({ request }) => {
    if (!request.headers.get('Authorization')) return unauthenticated()
    const changes = (await request.json()) as Partial<Profile>
    const user = {
      ...storedUser(),
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value != null)),
    }
    localStorage.setItem('user', JSON.stringify(user))
    return HttpResponse.json<Body<'ProfileResponse'>>({ user })
  }),
  // A tutor's app checks the subscription with the server when the stored one is not current.
  http.get('*/api/payment/subscription-status', ({ request }) => {
    if (!request.headers.get('Authorization')) return unauthenticated()
    const user = storedUser()
    return HttpResponse.json<Body<'SubscriptionStatus'>>({
      subscriptionActive: user.subscriptionActive,
      subscriptionExpires: user.subscriptionExpires ?? null,
    })
  }),
  // Public tutor profiles (/tutor/:id): none unless a test serves one.
  http.get('*/api/tutors/:idOrEmail', () => apiError(404, { message: 'Tutor not found.', code: 'not_found' })),
  // The dashboards list requests: empty unless a test says otherwise.
  http.get('*/api/tuition/mine', () => HttpResponse.json<Body<'TuitionRequestDto'>[]>([])),
  http.get('*/api/tuition/nearby', () => HttpResponse.json<Body<'NearbyRequestDto'>[]>([])),
  // The bell's count and list, the e-mail settings, a tutor's teaching area (none saved)
  // and the count an unsubscribed tutor sees.
  http.get('*/api/notifications/unread-count', () => HttpResponse.json<Body<'UnreadCount'>>({ unread: 0 })),
  http.get('*/api/notifications', () => HttpResponse.json<Body<'NotificationPage'>>({ items: [], nextCursor: null })),
  http.get('*/api/notifications/preferences', () => HttpResponse.json<Body<'Preferences'>>({ preferences: [] })),
  http.get('*/api/tutors/me/area', () => HttpResponse.json(null)),
  // A tutor's profile completeness: complete unless a test says otherwise (the dashboard's card stays away).
  http.get('*/api/tutors/me/completeness', () =>
    HttpResponse.json<Body<'Completeness'>>({ done: [], missing: [], percent: 100, searchable: true }),
  ),
  http.get('*/api/tuition/nearby/count', () => HttpResponse.json<Body<'NearbyCountDto'>>({ count: 0, radiusKm: 10 })),
  // The counts behind a subscribed tutor's filter choices: none unless a test serves some.
  http.get('*/api/tuition/nearby/facets', () =>
    HttpResponse.json<Body<'NearbyFacetsDto'>>({ radiusKm: 10, all: 0, mine: null, subjects: {}, classes: {} }),
  ),
  // The parent dashboard's recommended tutors (none unless a test serves some).
  http.get('*/api/tuition/:id/recommendations', () => HttpResponse.json({ tutors: [] })),
  // The navigation's count of upcoming classes (a parent's and a tutor's): none unless a test serves some.
  http.get('*/api/bookings/count', () => HttpResponse.json({ upcoming: 0, awaitingMe: 0 })),
  // My classes' lesson plans: none unless a test serves some.
  http.get('*/api/lesson-plans', () => HttpResponse.json({ plans: [] })),
  // The gazetteer and the vocabulary (test/places.ts, test/vocabulary.ts).
  ...placesHandlers,
]

export const server = setupServer(...defaultHandlers)
