import { describe, expect, it } from 'vitest'
import type { TutorArea } from '../api/area'
import { initialNearbyState, nearbyReducer } from './nearby-state'
import { nearbySearchParams, nearbyStateFromUrl } from './nearby-url'

const AREA = { location: [77.2433, 28.5677], radiusKm: 15, placeName: 'Lajpat Nagar, South Delhi' } as TutorArea

const url = (query: string) => new URLSearchParams(query)

describe('a nearby search in the address', () => {
  it('writes nothing for the search as it starts: a plain /nearby starts from the saved area', () => {
    expect(nearbySearchParams(initialNearbyState(AREA), AREA, url('')).toString()).toBe('')
    expect(nearbyStateFromUrl(url(''), AREA)).toEqual(initialNearbyState(AREA))
  })

  it('writes the filters, the distance and a place centre with its name, and reads the same search back', () => {
    let state = initialNearbyState(AREA)
    state = nearbyReducer(state, { type: 'filterChosen', facet: 'subjects', id: 'mathematics' })
    state = nearbyReducer(state, { type: 'filterChosen', facet: 'classes', id: 'class-10' })
    state = nearbyReducer(state, { type: 'filterChosen', facet: 'boards', id: 'cbse' })
    state = nearbyReducer(state, { type: 'filterChosen', facet: 'modes', id: 'home' })
    state = nearbyReducer(state, { type: 'radiusChosen', radiusKm: 5 })
    state = nearbyReducer(state, {
      type: 'placeChosen',
      place: { name: 'Dwarka', district: 'South West Delhi', location: [77.04623, 28.58217] } as never,
    })
    const params = nearbySearchParams(state, AREA, url(''))
    expect(Object.fromEntries(params)).toEqual({
      subject: 'mathematics',
      class: 'class-10',
      board: 'cbse',
      mode: 'home',
      km: '5',
      from: 'place',
      lat: '28.5822',
      lng: '77.0462',
      near: 'Dwarka, South West Delhi',
    })

    const back = nearbyStateFromUrl(params, AREA)
    expect(back.filters).toEqual(state.filters)
    expect(back.radiusKm).toBe(5)
    expect(back.centreSource).toBe('place')
    expect(back.placeName).toBe('Dwarka, South West Delhi')
    expect(back.center).toEqual({ lat: 28.5822, lng: 77.0462 })
    // Read back and written again, the address does not move (no loop of rewrites).
    expect(nearbySearchParams(back, AREA, url('')).toString()).toBe(params.toString())
  })

  it("rounds the device's own location to about 100 m, a map point to about 10 m", () => {
    const located = nearbyReducer(initialNearbyState(null), {
      type: 'located',
      point: { lat: 28.612345, lng: 77.219876 },
    })
    expect(Object.fromEntries(nearbySearchParams(located, null, url('')))).toEqual({
      from: 'location',
      lat: '28.612',
      lng: '77.220',
    })
    const picked = nearbyReducer(initialNearbyState(null), {
      type: 'mapPicked',
      point: { lat: 28.612345, lng: 77.219876 },
    })
    expect(nearbySearchParams(picked, null, url('')).get('lat')).toBe('28.6123')
  })

  it("keeps the address's other keys and drops the search's old ones", () => {
    const state = nearbyReducer(initialNearbyState(null), { type: 'filterChosen', facet: 'subjects', id: 'physics' })
    expect(nearbySearchParams(state, null, url('request=42&km=5&subject=chemistry')).toString()).toBe(
      'request=42&subject=physics',
    )
  })

  it('ignores what is not a valid choice in a hand-edited address, and starts from the saved area for it', () => {
    const state = nearbyStateFromUrl(
      url('km=7&subject=<script>&class=Class%2010&from=map&lat=95&lng=77.2&near=Somewhere'),
      AREA,
    )
    expect(state).toEqual(initialNearbyState(AREA))
    // A centre needs both coordinates and a known source.
    expect(nearbyStateFromUrl(url('from=area&lat=28.6&lng=77.2'), AREA).centreSource).toBe('area')
    expect(nearbyStateFromUrl(url('from=map&lat=28.6'), AREA).centreSource).toBe('area')
    expect(nearbyStateFromUrl(url('from=map&lat=&lng=77'), null).centreSource).toBe('default')
    // A name goes with a place only.
    expect(nearbyStateFromUrl(url('from=map&lat=28.6&lng=77.2&near=Fake'), AREA).placeName).toBeNull()
  })
})
