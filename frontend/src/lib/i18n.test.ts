import { describe, expect, it } from 'vitest'
import { compileCatalogue } from '../../vite-plugins/icu-catalogues'
import { i18n } from './i18n'

// The catalogues reach i18n compiled by the build (vite-plugins/icu-catalogues.ts): plurals and numbers
// formatted from their ICU trees, in each language's locale.
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
})
