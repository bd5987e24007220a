// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { addMinutes, istDay, istTime, utcFromIst } from './ist'
import { startsByDay } from './slots'

describe('IST times', () => {
  it('reads an instant as its IST day and wall-clock time, across midnight UTC', () => {
    expect(istDay('2027-01-10T19:00:00Z')).toBe('2027-01-11')
    expect(istTime('2027-01-10T19:00:00Z')).toBe('00:30')
    expect(istTime('2027-01-11T11:30:00Z')).toBe('17:00')
  })

  it('turns an IST date and time into the UTC instant the server takes, or nothing when either is missing', () => {
    expect(utcFromIst('2027-01-11', '17:00')).toBe('2027-01-11T11:30:00Z')
    expect(utcFromIst('2027-01-11', '')).toBeNull()
    expect(utcFromIst('', '17:00')).toBeNull()
    expect(addMinutes('2027-01-11T11:30:00Z', 90)).toBe('2027-01-11T13:00:00Z')
  })
})

describe('the starts a class fits at', () => {
  const free = [
    // 17:00–18:30 IST on Monday, and 06:10–07:00 IST on Tuesday (a start rounds up to the quarter hour).
    { start: '2027-01-11T11:30:00Z', end: '2027-01-11T13:00:00Z' },
    { start: '2027-01-12T00:40:00Z', end: '2027-01-12T01:30:00Z' },
  ]

  it('offers every quarter hour at which the whole class lies inside a free interval, by IST day', () => {
    const days = startsByDay(free, 60)
    // Tuesday's 50 minutes hold no hour: the day is not offered.
    expect(days.map((d) => [d.day, d.starts.map(istTime)])).toEqual([['2027-01-11', ['17:00', '17:15', '17:30']]])
  })

  it('offers fewer starts for a longer class and drops a day where it fits nowhere', () => {
    const days = startsByDay(free, 90)
    expect(days.map((d) => [d.day, d.starts.map(istTime)])).toEqual([['2027-01-11', ['17:00']]])
    expect(
      startsByDay(free, 30)
        .find((d) => d.day === '2027-01-12')!
        .starts.map(istTime),
    ).toEqual(['06:15', '06:30'])
  })

  it('offers nothing without free times', () => {
    expect(startsByDay([], 60)).toEqual([])
  })
})
