// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEFAULT_RADIUS_KM, DISTANCE_OPTIONS_KM } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { LAJPAT_NAGAR } from '@/test/places'
import { ASHA_CONTACT, makeNearby } from '@/test/tuition'
import type { TutorArea } from '../api/area'
import {
  centreLabel,
  DEFAULT_CENTER,
  initialNearbyState,
  knownCentreName,
  nearbyQuery,
  nearbyReducer,
  needsNearestPlace,
  radiusOptions,
  resultSummary,
  searchSummary,
  withRevealed,
  type NearbyAction,
  type NearbyState,
} from './nearby-state'

const AREA = { location: [77.2432, 28.5677], radiusKm: 7, placeName: 'Lajpat Nagar, South Delhi' } as TutorArea
const DWARKA = { lat: 28.5921, lng: 77.046 }

function run(area: TutorArea | null, ...actions: NearbyAction[]): NearbyState {
  return actions.reduce(nearbyReducer, initialNearbyState(area))
}

describe("a tutor's nearby search state", () => {
  describe('where it starts', () => {
    it("from the saved teaching area and its radius, named by the area's place", () => {
      const state = run(AREA)
      expect(state).toMatchObject({ center: { lat: 28.5677, lng: 77.2432 }, centreSource: 'area', radiusKm: 7 })
      expect(knownCentreName(state, AREA)).toBe('Lajpat Nagar, South Delhi')
      expect(needsNearestPlace(state, knownCentreName(state, AREA))).toBe(false)
      expect(centreLabel(state.centreSource, 'Lajpat Nagar, South Delhi')).toBe(
        'your teaching area (Lajpat Nagar, South Delhi)',
      )
    })

    it('without an area: from New Delhi at the default radius, with no place to look up', () => {
      const state = run(null)
      expect(state).toMatchObject({ center: DEFAULT_CENTER, centreSource: 'default', radiusKm: DEFAULT_RADIUS_KM })
      expect(needsNearestPlace(state, knownCentreName(state, null))).toBe(false)
      expect(centreLabel(state.centreSource, null)).toBe('the map centre (New Delhi)')
    })

    it('with no filters, nothing locating, no error, no contact revealed', () => {
      const state = run(null)
      expect(state.filters).toEqual({ subjectId: '', classId: '', board: '', mode: '' })
      expect(state).toMatchObject({ locating: false, geoError: null, place: null })
      expect(state.revealed.size).toBe(0)
    })
  })

  describe('radius and filters', () => {
    it('the radius and every filter go into the query; "any" is empty', () => {
      const state = run(
        null,
        { type: 'radiusChosen', radiusKm: 20 },
        { type: 'filterChosen', facet: 'subjects', id: 'mathematics' },
        { type: 'filterChosen', facet: 'classes', id: 'class-10' },
        { type: 'filterChosen', facet: 'boards', id: 'cbse' },
        { type: 'filterChosen', facet: 'modes', id: 'home' },
      )
      expect(nearbyQuery(state)).toEqual({
        lat: DEFAULT_CENTER.lat,
        lng: DEFAULT_CENTER.lng,
        radiusKm: 20,
        subjectId: 'mathematics',
        classId: 'class-10',
        board: 'cbse',
        mode: 'home',
        mine: true,
        sort: 'distance',
      })
      const cleared = nearbyReducer(state, { type: 'filterChosen', facet: 'subjects', id: '' })
      expect(nearbyQuery(cleared).subjectId).toBe('')
      expect(nearbyQuery(cleared).classId).toBe('class-10')
      // "Only my subjects and classes" is on until turned off; the order is nearest first until changed.
      const all = nearbyReducer(state, { type: 'mineChosen', mine: false })
      expect(nearbyQuery(nearbyReducer(all, { type: 'sortChosen', sort: 'newest' }))).toMatchObject({
        mine: false,
        sort: 'newest',
      })
    })

    it('the distance choices include a saved radius that is not one of them, in order', () => {
      expect(radiusOptions(10)).toEqual([...DISTANCE_OPTIONS_KM])
      expect(radiusOptions(7)).toEqual([2, 5, 7, 10, 15, 20, 25])
    })

    it('the summary counts the results within the radius', () => {
      expect(resultSummary(0, 5)).toBe('No requests within 5 km.')
      expect(resultSummary(1, 5)).toBe('1 request within 5 km, nearest first.')
      expect(resultSummary(3, 10)).toBe('3 requests within 10 km, nearest first.')
    })
  })

  describe('moving the centre', () => {
    it('a place searched for becomes the centre, named by itself', () => {
      const state = run(AREA, { type: 'placeChosen', place: LAJPAT_NAGAR })
      expect(state).toMatchObject({ center: { lat: 28.5677, lng: 77.2432 }, centreSource: 'place' })
      const name = knownCentreName(state, AREA)
      expect(name).toBe('Lajpat Nagar, South Delhi')
      expect(centreLabel(state.centreSource, name)).toBe('Lajpat Nagar, South Delhi')
    })

    it('clearing the search box keeps the centre where it was', () => {
      const state = run(null, { type: 'placeChosen', place: LAJPAT_NAGAR }, { type: 'placeChosen', place: null })
      expect(state).toMatchObject({ centreSource: 'place', place: null, center: { lat: 28.5677 } })
      expect(knownCentreName(state, null)).toBeNull()
      expect(centreLabel(state.centreSource, null)).toBe('the place you searched for')
    })

    it('a click on the map moves the centre there, forgets the place, and asks which place it lies in', () => {
      const state = run(AREA, { type: 'placeChosen', place: LAJPAT_NAGAR }, { type: 'mapPicked', point: DWARKA })
      expect(state).toMatchObject({ center: DWARKA, centreSource: 'map', place: null })
      expect(needsNearestPlace(state, knownCentreName(state, AREA))).toBe(true)
      expect(centreLabel(state.centreSource, 'Dwarka, South West Delhi')).toBe(
        'the point you chose on the map (Dwarka, South West Delhi)',
      )
    })

    it('"Use my location": locating, then the device position becomes the centre', () => {
      const locating = run(AREA, { type: 'locateFailed', message: 'old' }, { type: 'locating' })
      expect(locating).toMatchObject({ locating: true, geoError: null })
      const located = nearbyReducer(locating, { type: 'located', point: DWARKA })
      expect(located).toMatchObject({ locating: false, center: DWARKA, centreSource: 'location', place: null })
      expect(centreLabel(located.centreSource, null)).toBe('your current location')
    })

    it('a refused or unsupported location says so and keeps the centre', () => {
      const state = run(AREA, { type: 'locating' }, { type: 'locateFailed', message: MESSAGES.geolocationFailed })
      expect(state).toMatchObject({ locating: false, geoError: MESSAGES.geolocationFailed, centreSource: 'area' })
    })
  })

  describe("'I'm interested'", () => {
    it("a revealed contact marks its request interested until the results carry it; others don't change", () => {
      const results = [makeNearby({ id: 1 }), makeNearby({ id: 2 })]
      const state = run(null, { type: 'contactRevealed', requestId: 1, contact: ASHA_CONTACT })
      const shown = withRevealed(results, state.revealed)
      expect(shown[0]).toMatchObject({ id: 1, interested: true, contact: ASHA_CONTACT })
      expect(shown[1]).toBe(results[1])
      const fromServer = makeNearby({ id: 1, interested: true, contact: { ...ASHA_CONTACT, phone: '9000000000' } })
      expect(withRevealed([fromServer], state.revealed)[0].contact?.phone).toBe('9000000000')
    })
  })

  describe("the phone's one-line summary", () => {
    const label = (facet: string, id: string) => `${facet}:${id}`

    it('says the centre and the distance, then each chosen filter by its label', () => {
      const saved = run(AREA)
      expect(searchSummary(saved, 'Lajpat Nagar', label)).toBe('Around your teaching area (Lajpat Nagar) · 7 km')
      const narrowed = run(
        AREA,
        { type: 'filterChosen', facet: 'subjects', id: 'maths' },
        { type: 'filterChosen', facet: 'modes', id: 'online' },
      )
      expect(searchSummary(narrowed, 'Lajpat Nagar', label)).toBe(
        'Around your teaching area (Lajpat Nagar) · 7 km · subjects:maths · modes:online',
      )
    })
  })
})
