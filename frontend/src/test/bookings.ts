import type { Booking } from '@/features/bookings/api/types'

/** A booking as the server answers it: a parent's request for Monday 11 Jan 2027, 17:00–18:00 IST, awaiting the tutor. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 5,
    status: 'requested',
    awaiting: 'tutor',
    startsAt: '2027-01-11T11:30:00Z',
    endsAt: '2027-01-11T12:30:00Z',
    proposals: [],
    tutor: { id: 42, name: 'Ravi Kumar', photoUrl: null },
    parent: { id: 7, name: 'Asha V.' },
    requestId: null,
    subject: null,
    place: null,
    note: null,
    declineReason: null,
    cancelledBy: null,
    cancelNote: null,
    lateCancellation: false,
    noShowReportedBy: null,
    outcome: { parent: null, tutor: null, tookPlace: false, assignedRequestId: null },
    tutorLateCancellations: 0,
    parentLateCancellations: 0,
    createdAt: '2027-01-01T00:00:00Z',
    ...overrides,
  }
}
