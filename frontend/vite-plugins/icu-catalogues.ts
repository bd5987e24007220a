import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

// The catalogues (src/locales/<language>/<namespace>.json) are ICU MessageFormat. Parsing ICU in the
// browser needs intl-messageformat's parser (~7 KB compressed on every page), so the build parses
// each message instead: plain text stays a string, a message with placeholders or plurals becomes
// its syntax tree, which intl-messageformat formats as it is (lib/i18n.ts), and the bundle takes the
// parser-less build of the parser package. A message that is not valid ICU fails the build.

const CATALOGUE = /[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/
const PARSER = '@formatjs/icu-messageformat-parser'
const FORMATTER = /[\\/]node_modules[\\/]intl-messageformat[\\/]/

export type CompiledMessage = string | MessageFormatElement[]
export interface CompiledCatalogue {
  [key: string]: CompiledMessage | CompiledCatalogue
}

/** One message: its text when it is text alone, else its ICU syntax tree. */
export function compileMessage(message: string): CompiledMessage {
  // ignoreTag: `<b>` is text, as i18next-icu formats it (react-i18next's <Trans> handles tags).
  const tree = parse(message, { ignoreTag: true })
  if (tree.every((element) => element.type === TYPE.literal)) return tree.map((element) => element.value).join('')
  return tree
}

/** A catalogue (nested groups of messages) with every message compiled; `path` names where a bad one is. */
export function compileCatalogue(catalogue: unknown, path = ''): CompiledCatalogue {
  if (!catalogue || typeof catalogue !== 'object' || Array.isArray(catalogue)) {
    throw new Error(`${path || 'the catalogue'}: a catalogue holds messages (strings) and groups of them`)
  }
  const compiled: CompiledCatalogue = {}
  for (const [key, value] of Object.entries(catalogue)) {
    const where = path ? `${path}.${key}` : key
    if (typeof value === 'string') {
      try {
        compiled[key] = compileMessage(value)
      } catch (error) {
        throw new Error(`${where}: not a valid ICU message (${(error as Error).message}): ${value}`)
      }
    } else {
      compiled[key] = compileCatalogue(value, where)
    }
  }
  return compiled
}

export function icuCatalogues(): Plugin {
  return {
    name: 'icu-catalogues',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== PARSER || !importer || !FORMATTER.test(importer)) return null
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true })
    },
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null
      try {
        return { code: JSON.stringify(compileCatalogue(JSON.parse(code))), map: null }
      } catch (error) {
        return this.error(`${id}: ${(error as Error).message}`)
      }
    },
  }
}
