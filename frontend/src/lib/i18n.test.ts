import { describe, expect, it } from 'vitest'
import { compileCatalogue } from '../../vite-plugins/icu-catalogues'
import { i18n } from './i18n'

// The catalogues reach i18n compiled by the build (vite-plugins/icu-catalogues.ts) into functions:
// plurals, selects and numbers formatted in each language's locale.
describe('i18n with compiled catalogues', () => {
  it('formats compiled plurals and numbers in each language, with Indian grouping', async () => {
    const messages = {
      requests: '{count, plural, one {# request} other {# requests}}',
      distance: '{km, number} km from you',
    }
    const hindi = { requests: '{count, plural, one {# अनुरोध} other {# अनुरोध}}', distance: 'आपसे {km, number} किमी दूर' }
    i18n.addResourceBundle('en', 'compiled-test', compileCatalogue(messages))
    i18n.addResourceBundle('hi', 'compiled-test', compileCatalogue(hindi))
    expect(i18n.t('compiled-test:requests', { count: 1 })).toBe('1 request')
    expect(i18n.t('compiled-test:requests', { count: 100000 })).toBe('1,00,000 requests')
    expect(i18n.t('compiled-test:distance', { km: 2.4 })).toBe('2.4 km from you')
    await i18n.changeLanguage('hi')
    expect(i18n.t('compiled-test:requests', { count: 1 })).toBe('1 अनुरोध')
    expect(i18n.t('compiled-test:requests', { count: 5 })).toBe('5 अनुरोध')
    expect(i18n.t('compiled-test:distance', { km: 12345.5 })).toBe('आपसे 12,345.5 किमी दूर')
  })

  it('formats exact plural cases, offsets, ordinals, selects and nested placeholders', () => {
    i18n.addResourceBundle(
      'en',
      'compiled-forms',
      compileCatalogue({
        seats: '{n, plural, =0 {No seats} one {One seat} other {# seats}} left',
        others: '{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
        place: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
        role: '{role, select, tutor {Tutor {name}} other {Parent}}',
        share: '{ratio, number, percent}',
      }),
    )
    const t = i18n.t
    expect(t('compiled-forms:seats', { n: 0 })).toBe('No seats left')
    expect(t('compiled-forms:seats', { n: 1 })).toBe('One seat left')
    expect(t('compiled-forms:seats', { n: 1500 })).toBe('1,500 seats left')
    expect(t('compiled-forms:others', { n: 1, name: 'Asha' })).toBe('Asha')
    expect(t('compiled-forms:others', { n: 2, name: 'Asha' })).toBe('Asha and 1 other')
    expect(t('compiled-forms:others', { n: 4, name: 'Asha' })).toBe('Asha and 3 others')
    expect([1, 2, 3, 11].map((n) => t('compiled-forms:place', { n }))).toEqual(['1st', '2nd', '3rd', '11th'])
    expect(t('compiled-forms:role', { role: 'tutor', name: 'Ravi' })).toBe('Tutor Ravi')
    expect(t('compiled-forms:role', { role: 'parent' })).toBe('Parent')
    expect(t('compiled-forms:share', { ratio: 0.25 })).toBe('25%')
    expect(t('compiled-forms:missing')).toBe('compiled-forms:missing')
  })
})
