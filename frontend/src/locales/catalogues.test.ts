// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from '@/lib/i18n-languages'

// The catalogues' guard rails (docs/i18n.md): every language has every key with the same
// placeholders, every message is valid ICU, every key the code names exists, and every key in a
// catalogue is named by the code. `npm run i18n:check` runs this file alone.

const LOCALES = new URL('.', import.meta.url).pathname
const SRC = new URL('..', import.meta.url).pathname

type Catalogue = { [key: string]: string | Catalogue }

function readCatalogue(language: string, namespace: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Catalogue
}

/** 'hero.title' → its message, for every message of a catalogue. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const messages = new Map<string, string>()
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') messages.set(path, value)
    else for (const [inner, message] of flatten(value, path)) messages.set(inner, message)
  }
  return messages
}

/** Every placeholder of a message with its kind ('count: plural', 'name: argument'), sorted. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    found.add(`${element.value}: ${TYPE[element.type]}`)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found)
    }
    if (element.type === TYPE.tag) placeholders(element.children, found)
  }
  return found
}

function signature(message: string): string[] {
  return [...placeholders(parse(message, { ignoreTag: true }))].sort()
}

const catalogues = new Map(
  LANGUAGES.map(({ code }) => [
    code,
    new Map(NAMESPACES.map((namespace) => [namespace, flatten(readCatalogue(code, namespace))])),
  ]),
)
const reference = catalogues.get(DEFAULT_LANGUAGE)!

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'locales' && entry.name !== 'test') yield* sourceFiles(path)
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield path
    }
  }
}

/** Every 'namespace:key' literal in the app's code (tests aside), with the files that name it. */
function keysInCode(): { named: Map<string, string[]>; problems: string[] } {
  const keyLiteral = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.-]+)\\1`, 'g')
  // t('hero.title') without its namespace, or a key built at run time: neither can be checked.
  const unqualified = /\bt\(\s*(['"])(?![a-z]+:)[^'"]*\1/g
  const built = /\bt\(\s*`[^`]*\$\{/g
  // SPEC §8's defaults are read as MESSAGES.<name> (lib/messages.ts, the one place that builds their keys).
  const defaultMessage = /\bMESSAGES\.([A-Za-z0-9_]+)/g
  const named = new Map<string, string[]>()
  const problems: string[] = []
  const name = (key: string, where: string) => named.set(key, [...(named.get(key) ?? []), where])
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, 'utf8')
    const where = relative(SRC, file)
    for (const match of code.matchAll(keyLiteral)) name(match[2], where)
    for (const match of code.matchAll(defaultMessage)) name(`shared:messages.${match[1]}`, where)
    for (const match of code.matchAll(unqualified))
      problems.push(`${where}: ${match[0]}…: name the key with its namespace`)
    if (where === join('lib', 'messages.ts')) continue
    for (const match of code.matchAll(built)) problems.push(`${where}: ${match[0]}…: write the key whole, as a literal`)
  }
  return { named, problems }
}

describe('the catalogues', () => {
  it('are one file per namespace in every language, and nothing else', () => {
    for (const { code } of LANGUAGES) {
      const files = readdirSync(join(LOCALES, code)).sort()
      expect(files, code).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort())
    }
    const folders = readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    expect(folders.map((entry) => entry.name).sort()).toEqual(LANGUAGES.map(({ code }) => code).sort())
  })

  it('have the same keys in every language, with the same placeholders, all valid ICU', () => {
    const problems: string[] = []
    for (const [language, namespaces] of catalogues) {
      for (const [namespace, messages] of namespaces) {
        const expected = reference.get(namespace)!
        for (const key of expected.keys()) {
          if (!messages.has(key)) problems.push(`${language}/${namespace}.json lacks ${key}`)
        }
        for (const [key, message] of messages) {
          if (!expected.has(key))
            problems.push(`${language}/${namespace}.json has ${key}, which ${DEFAULT_LANGUAGE} lacks`)
          if (!message.trim()) problems.push(`${language}/${namespace}.json: ${key} is empty`)
          try {
            const english = expected.get(key)
            if (english !== undefined && signature(message).join() !== signature(english).join()) {
              problems.push(
                `${language}/${namespace}.json: ${key} has {${signature(message).join(', ')}}, ${DEFAULT_LANGUAGE} has {${signature(english).join(', ')}}`,
              )
            }
          } catch (error) {
            problems.push(`${language}/${namespace}.json: ${key} is not valid ICU (${(error as Error).message})`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('hold every key the code names, and the code names keys whole', () => {
    const { named, problems } = keysInCode()
    for (const [qualified, files] of named) {
      const [namespace, key] = qualified.split(':') as [string, string]
      if (!reference.get(namespace as (typeof NAMESPACES)[number])?.has(key)) {
        problems.push(`${qualified} (named in ${files.join(', ')}) is in no catalogue`)
      }
    }
    expect(problems).toEqual([])
  })

  it('hold no key that the code does not name', () => {
    const { named } = keysInCode()
    const unused: string[] = []
    for (const [namespace, messages] of reference) {
      for (const key of messages.keys()) if (!named.has(`${namespace}:${key}`)) unused.push(`${namespace}:${key}`)
    }
    expect(unused).toEqual([])
  })
})
