import { describe, expect, it } from 'vitest'
import { VOCABULARY } from '@/test/vocabulary'
import { isTermId } from './lib/term-id'

describe('isTermId', () => {
  it("accepts the list's own ids only", () => {
    expect(isTermId(VOCABULARY, 'subjects', 'maths')).toBe(true)
    expect(isTermId(VOCABULARY, 'boards', 'cbse')).toBe(true)
    // Another list's id, 'other', none, an unknown id, no vocabulary.
    expect(isTermId(VOCABULARY, 'subjects', 'cbse')).toBe(false)
    expect(isTermId(VOCABULARY, 'subjects', 'other')).toBe(false)
    expect(isTermId(VOCABULARY, 'subjects', '')).toBe(false)
    expect(isTermId(VOCABULARY, 'classes', 'class-99')).toBe(false)
    expect(isTermId(undefined, 'modes', 'home')).toBe(false)
  })
})
