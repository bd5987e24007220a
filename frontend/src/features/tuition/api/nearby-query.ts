import type { ApiPaths } from '@/api/types'
import type { TermIds } from '@/features/vocabulary'

type NearbyQuery = NonNullable<ApiPaths['/tuition/nearby']['get']['parameters']['query']>

export interface NearbyParams {
  lat: number
  lng: number
  radiusKm: number
  /** Vocabulary ids; '' for any. */
  subjectId: TermIds['subjects'] | ''
  classId: TermIds['classes'] | ''
  board: TermIds['boards'] | ''
  mode: TermIds['modes'] | ''
  /** Only the tutor's own subjects and classes. */
  mine: boolean
  sort: 'distance' | 'newest'
}

/** The query of a search: also what its filters' counts are asked with (nearby-facets.ts). */
export function nearbyApiQuery({ lat, lng, radiusKm, subjectId, classId, board, mode, mine, sort }: NearbyParams) {
  const query: NearbyQuery = {
    coordinates: JSON.stringify([lng, lat]),
    radiusKm,
    subjectId: subjectId || undefined,
    classId: classId || undefined,
    board: board || undefined,
    mode: mode || undefined,
    mine: mine || undefined,
    sort: sort === 'newest' ? sort : undefined,
  }
  return query
}
