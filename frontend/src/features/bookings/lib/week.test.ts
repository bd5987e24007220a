import { describe, expect, it } from 'vitest'
import { addDays, byDay, istToday, mondayOf, weekDays, weekFromParam } from './week'

describe('a week of classes in IST', () => {
  it('starts on Monday, whatever day it is named by', () => {
    expect(mondayOf('2026-12-07')).toBe('2026-12-07')
    expect(mondayOf('2026-12-10')).toBe('2026-12-07')
    expect(mondayOf('2026-12-13')).toBe('2026-12-07')
    expect(mondayOf('2026-12-14')).toBe('2026-12-14')
    // Across a month and a year.
    expect(mondayOf('2027-01-01')).toBe('2026-12-28')
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
  })

  it("today is India's day, not the reader's clock's", () => {
    // Sunday 13 Dec 2026 18:29 UTC is 23:59 in India; a minute later it is Monday there.
    expect(istToday(Date.parse('2026-12-13T18:29:00Z'))).toBe('2026-12-13')
    expect(istToday(Date.parse('2026-12-13T18:30:00Z'))).toBe('2026-12-14')
    expect(mondayOf(istToday(Date.parse('2026-12-13T18:29:59Z')))).toBe('2026-12-07')
    expect(mondayOf(istToday(Date.parse('2026-12-13T18:30:00Z')))).toBe('2026-12-14')
  })

  it('puts a class on its IST day: Sunday night in India ends the week, Monday 00:00 IST begins the next', () => {
    const classes = [
      { id: 1, startsAt: '2026-12-13T18:00:00Z' }, // Sun 13 Dec, 23:30 IST
      { id: 2, startsAt: '2026-12-13T18:30:00Z' }, // Mon 14 Dec, 00:00 IST: next week
      { id: 3, startsAt: '2026-12-06T18:30:00Z' }, // Mon 7 Dec, 00:00 IST
      { id: 4, startsAt: '2026-12-06T18:29:00Z' }, // Sun 6 Dec, 23:59 IST: the week before
      { id: 5, startsAt: '2026-12-07T11:30:00Z' }, // Mon 7 Dec, 17:00 IST
      { id: 6, startsAt: null }, // proposals only: in no week
    ]
    const days = byDay(classes, '2026-12-07', (c) => c.startsAt)
    expect([...days.keys()]).toEqual(weekDays('2026-12-07'))
    expect(days.get('2026-12-07')!.map((c) => c.id)).toEqual([3, 5])
    expect(days.get('2026-12-13')!.map((c) => c.id)).toEqual([1])
    expect(
      [...days.values()]
        .flat()
        .map((c) => c.id)
        .sort(),
    ).toEqual([1, 3, 5])
  })

  it("takes the address's week, any day of it, and this week for anything else", () => {
    expect(weekFromParam('2026-12-07', '2027-01-05')).toBe('2026-12-07')
    expect(weekFromParam('2026-12-09', '2027-01-05')).toBe('2026-12-07')
    for (const bad of [null, '', 'next', '2026-13-01', '2026-02-31', '2026-12-7']) {
      expect(weekFromParam(bad, '2027-01-05')).toBe('2027-01-04')
    }
  })
})
