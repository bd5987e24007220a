import { i18n, initI18n, type Catalogue, type Resources } from '@/lib/i18n'
import { DEFAULT_LANGUAGE } from '@/lib/i18n-languages'

// Every catalogue of every language, bundled into the test run: i18n starts synchronously (nothing
// to fetch), the tests assert English, and a test that switches to Hindi has its catalogues at once.
const files = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' })

function allCatalogues(): Resources {
  const resources: Resources = {}
  for (const [path, catalogue] of Object.entries(files)) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
    if (!language || !namespace) continue
    resources[language] = { ...resources[language], [namespace]: catalogue }
  }
  return resources
}

export function startTestI18n() {
  return initI18n({ language: DEFAULT_LANGUAGE, resources: allCatalogues() })
}

/** Back to English between tests (a test that switched to Hindi leaves it behind). */
export async function resetLanguage() {
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE)
}
