import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'
import type { CompiledCatalogue } from '../src/lib/compiled-message'

// The catalogues (src/locales/<language>/<namespace>.json) are ICU MessageFormat. The build compiles
// each one to a JavaScript module of plain functions, so the browser carries neither an ICU parser
// nor a formatter, only Intl (src/lib/i18n.ts supplies the few helpers the functions call):
//
//   "hero.title": "Find Your Perfect Tutor",                       (text stays a string)
//   "greeting": (a, f) => "Hello, " + f.s(a["name"]),
//   "requests": (a, f) => f.p(a["count"], 0, 0, { one: (n) => f.n(n) + " request", other: … }),
//
// Keys are flattened ('hero.title'). A message that is not valid ICU, or uses what the helpers do
// not format, fails the build with its key.

const CATALOGUE = /[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/

const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
}
const DATE_STYLES = new Set(['short', 'medium', 'long', 'full'])

function optionsSource(element: MessageFormatElement): string {
  if (element.type !== TYPE.number && element.type !== TYPE.date && element.type !== TYPE.time) return ''
  const style = element.style
  if (style == null) return ''
  if (typeof style === 'object') return `, ${JSON.stringify(style.parsedOptions)}`
  if (element.type === TYPE.number && NUMBER_STYLES[style]) return `, ${JSON.stringify(NUMBER_STYLES[style])}`
  if (element.type !== TYPE.number && DATE_STYLES.has(style)) {
    return `, ${JSON.stringify({ [element.type === TYPE.date ? 'dateStyle' : 'timeStyle']: style })}`
  }
  throw new Error(`the style '${style}' of {${element.value}} is not one the app formats`)
}

function optionMap(options: Record<string, { value: MessageFormatElement[] }>, parameter: string): string {
  const entries = Object.entries(options).map(
    ([selector, option]) => `${JSON.stringify(selector)}: (${parameter}) => ${expression(option.value)}`,
  )
  return `{ ${entries.join(', ')} }`
}

/** A JavaScript expression of type string for a list of ICU elements; `n` is the innermost plural's number. */
function expression(elements: MessageFormatElement[]): string {
  const parts = elements.map((element): string => {
    switch (element.type) {
      case TYPE.literal:
        return JSON.stringify(element.value)
      case TYPE.argument:
        return `f.s(a[${JSON.stringify(element.value)}])`
      case TYPE.number:
        return `f.n(a[${JSON.stringify(element.value)}]${optionsSource(element)})`
      case TYPE.date:
      case TYPE.time:
        return `f.d(a[${JSON.stringify(element.value)}]${optionsSource(element)})`
      case TYPE.pound:
        return 'f.n(n)'
      case TYPE.plural:
        return `f.p(a[${JSON.stringify(element.value)}], ${element.offset}, ${element.pluralType === 'ordinal' ? 1 : 0}, ${optionMap(element.options, 'n')})`
      case TYPE.select:
        return `f.e(a[${JSON.stringify(element.value)}], ${optionMap(element.options, '')})`
      default:
        throw new Error(`{${'value' in element ? element.value : '?'}} is not something the app formats`)
    }
  })
  if (parts.length === 0) return '""'
  // Concatenation starts from a string, whatever the first part is.
  return elements[0]?.type === TYPE.literal ? parts.join(' + ') : ['""', ...parts].join(' + ')
}

/** One message as JavaScript source: a string literal when it is text alone, else a function. */
export function messageSource(message: string): string {
  // ignoreTag: `<b>` is text; shouldParseSkeletons: `{n, number, ::percent}` becomes Intl options.
  const tree = parse(message, { ignoreTag: true, shouldParseSkeletons: true })
  if (tree.every((element) => element.type === TYPE.literal)) {
    return JSON.stringify(tree.map((element) => element.value).join(''))
  }
  return `(a, f) => ${expression(tree)}`
}

function flatten(catalogue: unknown, path: string, into: Map<string, string>) {
  if (!catalogue || typeof catalogue !== 'object' || Array.isArray(catalogue)) {
    throw new Error(`${path || 'the catalogue'}: a catalogue holds messages (strings) and groups of them`)
  }
  for (const [key, value] of Object.entries(catalogue)) {
    const where = path ? `${path}.${key}` : key
    if (typeof value !== 'string') {
      flatten(value, where, into)
      continue
    }
    try {
      into.set(where, messageSource(value))
    } catch (error) {
      throw new Error(`${where}: not a valid ICU message (${(error as Error).message}): ${value}`)
    }
  }
}

/** A catalogue (nested groups of messages) as the source of an object literal, keyed 'group.key'. */
export function catalogueSource(catalogue: unknown): string {
  const messages = new Map<string, string>()
  flatten(catalogue, '', messages)
  return `{\n${[...messages].map(([key, source]) => `${JSON.stringify(key)}: ${source}`).join(',\n')}\n}`
}

/** A catalogue compiled as the build compiles it, as live functions (for tests, in Node). */
export function compileCatalogue(catalogue: unknown): CompiledCatalogue {
  return new Function(`return ${catalogueSource(catalogue)}`)() as CompiledCatalogue
}

/**
 * `preludes`: a module a catalogue imports for its side effects, keyed '<language>/<namespace>':
 * Hindi's shell catalogue brings Devanagari's font faces, so a Hindi page installs them before its
 * first render from the same file, and an English page carries none of it.
 */
export function icuCatalogues({ preludes = {} }: { preludes?: Record<string, string> } = {}): Plugin {
  return {
    name: 'icu-catalogues',
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOGUE.exec(id)
      if (!match) return null
      const prelude = preludes[`${match[1]}/${match[2]}`]
      try {
        const catalogue = `export default ${catalogueSource(JSON.parse(code))}`
        return {
          code: prelude ? `import ${JSON.stringify(prelude)}\n${catalogue}` : catalogue,
          map: null,
          moduleType: 'js',
        }
      } catch (error) {
        return this.error(`${id}: ${(error as Error).message}`)
      }
    },
  }
}
