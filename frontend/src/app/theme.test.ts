import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { system, UNUSED_PALETTES } from './theme'

/** Every source file of the app but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the theme (less work before the first paint)', () => {
  it('has the palettes the screens draw with, and none of the four it leaves out', () => {
    for (const palette of ['gray', 'red', 'orange', 'green', 'blue', 'purple']) {
      expect(system.token(`colors.${palette}.600`), palette).toMatch(/^#|var\(/)
      expect(system.token(`colors.${palette}.solid`), palette).toBeTruthy()
    }
    for (const palette of UNUSED_PALETTES) {
      expect(system.token(`colors.${palette}.600`, 'missing'), palette).toBe('missing')
    }
  })

  it('is not asked by any screen for a palette it leaves out', () => {
    const named = new RegExp(`\\b(${[...UNUSED_PALETTES].join('|')})(\\.\\w+|['"])`)
    const offenders = sources(join(import.meta.dirname, '..'))
      .filter((file) => !file.endsWith('palettes.ts'))
      .filter((file) => named.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
