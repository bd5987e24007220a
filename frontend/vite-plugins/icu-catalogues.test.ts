import { describe, expect, it } from 'vitest'
import { catalogueSource, compileCatalogue, messageSource } from './icu-catalogues'

describe('catalogues compiled at build time', () => {
  it('keeps plain text a string and turns a message with placeholders into a plain function', () => {
    expect(messageSource('Find Your Perfect Tutor')).toBe('"Find Your Perfect Tutor"')
    // An apostrophe is text; before a brace it quotes it.
    expect(messageSource("We'll be back soon")).toBe(`"We'll be back soon"`)
    expect(messageSource("'{'braces'}' stay")).toBe('"{braces} stay"')
    expect(messageSource('Hello, {name}')).toBe('(a, f) => "Hello, " + f.s(a["name"])')
    // No syntax tree and no parser reach the browser: the source names only the helpers.
    expect(messageSource('{count, plural, one {# request} other {# requests}}')).not.toMatch(/location|type/)
  })

  it('flattens the groups of a catalogue into dotted keys', () => {
    const compiled = compileCatalogue({ hero: { title: 'Find', search: { button: 'Search {n, number}' } } })
    expect(Object.keys(compiled)).toEqual(['hero.title', 'hero.search.button'])
    expect(compiled['hero.title']).toBe('Find')
    expect(typeof compiled['hero.search.button']).toBe('function')
  })

  it('names the key of a message that is not valid ICU, or uses a format the app lacks', () => {
    expect(() => catalogueSource({ hero: { title: 'Find {count, plural, one {#}' } })).toThrow(
      /^hero\.title: not a valid ICU/,
    )
    expect(() => catalogueSource({ money: '{n, number, money}' })).toThrow(/^money: not a valid ICU .*'money'/)
    expect(() => catalogueSource({ list: ['a'] })).toThrow(/^list: a catalogue holds messages/)
  })
})
