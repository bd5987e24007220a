import { describe, expect, it } from 'vitest'
import { compileCatalogue, compileMessage } from './icu-catalogues'

describe('catalogues compiled at build time', () => {
  it('keeps plain text a string and turns a message with placeholders into its ICU tree', () => {
    expect(compileMessage('Find Your Perfect Tutor')).toBe('Find Your Perfect Tutor')
    // An apostrophe is text; before a brace it quotes it.
    expect(compileMessage("We'll be back soon")).toBe("We'll be back soon")
    expect(compileMessage("'{'braces'}' stay")).toBe('{braces} stay')
    expect(Array.isArray(compileMessage('Hello, {name}'))).toBe(true)
    expect(JSON.stringify(compileMessage('Hello, {name}'))).not.toContain('location')
  })

  it('names the key of a message that is not valid ICU', () => {
    expect(() => compileCatalogue({ hero: { title: 'Find {count, plural, one {#}' } })).toThrow(
      /^hero\.title: not a valid ICU/,
    )
    expect(() => compileCatalogue({ list: ['a'] })).toThrow(/^list: a catalogue holds messages/)
  })
})
