import type { RecommendedTutor, TutorCard } from '@/api/discovery-types'

/** Discovery fixtures: tutor cards and recommendations as the server sends them (places and the vocabulary: test/places.ts, test/vocabulary.ts). */
export function makeCard(overrides: Partial<TutorCard> = {}): TutorCard {
  return {
    id: 42,
    fullname: 'Priya Sharma',
    photoUrl: null,
    about: 'Maths teacher for ten years.',
    subjects: [{ id: 'maths', label: 'Mathematics' }],
    classes: [{ id: 'class-8', label: 'Class 8' }],
    boards: [{ id: 'cbse', label: 'CBSE' }],
    modes: [{ id: 'home', label: 'At home' }],
    feePerHour: 600,
    feeNotes: 'First class free',
    rating: 4.6,
    reviewCount: 12,
    distanceKm: 2.1,
    placeName: 'Lajpat Nagar, South Delhi',
    placeLocation: [77.2373, 28.5708],
    verified: true,
    featured: false,
    verification: { checks: { id: true, qualification: true, police: false }, checkedAt: '2026-12-02T10:00:00Z' },
    ...overrides,
  }
}

export function makeRecommended(overrides: Partial<RecommendedTutor> = {}): RecommendedTutor {
  return {
    ...makeCard(),
    score: 87,
    reasons: ['2.1 km away', 'Teaches Mathematics for Class 8', 'CBSE', '★ 4.6 from 12 reviews', 'Verified'],
    invited: false,
    ...overrides,
  }
}
