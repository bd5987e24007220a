import type { Place, RecommendedTutor, TutorCard, Vocabulary } from '@/api/discovery-types'

/** Issue 20 fixtures: a slice of the vocabulary, places and tutor cards as the server sends them. */
export const VOCABULARY: Vocabulary = {
  subjects: [
    { id: 'maths', label: 'Mathematics', synonyms: ['Maths'] },
    { id: 'physics', label: 'Physics' },
    { id: 'english', label: 'English' },
  ],
  classes: [
    { id: 'class-1', label: 'Class 1' },
    { id: 'class-8', label: 'Class 8' },
    { id: 'class-10', label: 'Class 10' },
  ],
  boards: [
    { id: 'cbse', label: 'CBSE' },
    { id: 'icse', label: 'ICSE / ISC' },
  ],
  modes: [
    { id: 'home', label: 'At home' },
    { id: 'online', label: 'Online' },
  ],
}

export const LAJPAT_NAGAR: Place = {
  name: 'Lajpat Nagar',
  district: 'South Delhi',
  state: 'Delhi',
  pincode: '110024',
  location: [77.2432, 28.5677],
  label: 'Lajpat Nagar, South Delhi, Delhi 110024',
}

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
    placeName: 'near Lajpat Nagar, South Delhi',
    verified: true,
    featured: false,
    badges: [],
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
