// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { initialWeek, isDirty, isOn, slotsOf, weekReducer, type WeekState } from './week-state'

const saved = [
  { weekday: 'mon' as const, start: '17:00', end: '19:00' },
  { weekday: 'wed' as const, start: '06:00', end: '07:00' },
]

function apply(state: WeekState, ...actions: Parameters<typeof weekReducer>[1][]): WeekState {
  return actions.reduce(weekReducer, state)
}

describe('the week grid state', () => {
  it('reads a saved week as half-hour cells and gives it back as the same slots', () => {
    const week = initialWeek(saved)
    expect(isOn(week, 'mon', 17 * 60 + 30)).toBe(true)
    expect(isOn(week, 'mon', 19 * 60)).toBe(false)
    expect(slotsOf(week)).toEqual(saved)
    expect(isDirty(week)).toBe(false)
  })

  it('joins neighbouring cells into one slot and splits a slot when a cell inside is cleared', () => {
    let week = apply(initialWeek(saved), { type: 'toggle', day: 'mon', minute: 19 * 60 })
    expect(slotsOf(week)[0]).toEqual({ weekday: 'mon', start: '17:00', end: '19:30' })
    week = apply(week, { type: 'toggle', day: 'mon', minute: 18 * 60 })
    expect(slotsOf(week).filter((s) => s.weekday === 'mon')).toEqual([
      { weekday: 'mon', start: '17:00', end: '18:00' },
      { weekday: 'mon', start: '18:30', end: '19:30' },
    ])
    expect(isDirty(week)).toBe(true)
  })

  it('ends a slot at 22:00 and ignores cells outside 06:00–22:00 or off the half hour', () => {
    const week = apply(
      initialWeek(),
      { type: 'toggle', day: 'sun', minute: 21 * 60 + 30 },
      { type: 'toggle', day: 'sun', minute: 22 * 60 },
      { type: 'toggle', day: 'sun', minute: 5 * 60 + 30 },
      { type: 'toggle', day: 'sun', minute: 10 * 60 + 15 },
    )
    expect(slotsOf(week)).toEqual([{ weekday: 'sun', start: '21:30', end: '22:00' }])
  })

  it('clears a day, undoes to the saved week, and keeps the day a phone shows', () => {
    let week = apply(initialWeek(saved), { type: 'clearDay', day: 'mon' }, { type: 'showDay', day: 'wed' })
    expect(slotsOf(week)).toEqual([saved[1]])
    expect(week.day).toBe('wed')
    week = apply(week, { type: 'undo' })
    expect(slotsOf(week)).toEqual(saved)
    expect(isDirty(week)).toBe(false)
    week = apply(week, { type: 'load', slots: [] })
    expect(isDirty(week)).toBe(false)
    expect(slotsOf(week)).toEqual([])
  })
})
