import type { InterestedTutor, NearbyRequest, TuitionRequest } from '@/api/types'

export function makeRequest(overrides: Partial<TuitionRequest> = {}): TuitionRequest {
  return {
    id: 11,
    subject: 'Mathematics',
    classLevel: 'Class 10',
    preferredTime: 'Weekdays 5-7 PM',
    mode: 'home',
    location: { type: 'Point', coordinates: [77.209, 28.6139] },
    approximateLocation: { type: 'Point', coordinates: [77.2121, 28.6161] },
    interestedTutors: [],
    assignedTutor: null,
    flagged: false,
    flagReason: null,
    status: 'open',
    closedAt: null,
    closeOutcome: null,
    closedTutorId: null,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  }
}

export function makeNearby(overrides: Partial<NearbyRequest> = {}): NearbyRequest {
  return {
    id: 21,
    subject: 'Physics',
    classLevel: 'Class 12',
    preferredTime: 'Weekends',
    mode: 'home',
    location: { type: 'Point', coordinates: [77.21, 28.62] },
    distanceKm: 1.26,
    parent: { id: 7, firstName: 'Asha' },
    interested: false,
    contact: null,
    createdAt: '2026-11-01T10:00:00Z',
    ...overrides,
  }
}

export const ASHA_CONTACT = { id: 7, fullname: 'Asha Verma', email: 'asha@example.com', phone: '9876543210' }

/** A tutor interested in a request, as GET /tuition/mine lists them (no reviews unless `overrides` say). */
export function makeInterestedTutor(overrides: Partial<InterestedTutor> = {}): InterestedTutor {
  return {
    tutor: 5,
    fullname: 'Ravi Kumar',
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9123456789',
    sharing: true,
    rating: null,
    reviewCount: 0,
    ...overrides,
  }
}
