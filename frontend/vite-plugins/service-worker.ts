import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** The placeholder in service-worker/sw.js that the build replaces with the precache list. */
const PLACEHOLDER = 'self.__HOMETUTOR_PRECACHE__'

/** Files of `public/` that belong to the app's shell (not robots.txt and the like). */
const SHELL_PUBLIC_FILE = /\.(svg|png|ico|webmanifest)$/

/** What a build puts in dist/ but no page loads: source maps, Vite's manifest, the worker itself. */
function isShellFile(fileName: string): boolean {
  return !fileName.startsWith('.vite/') && !fileName.endsWith('.map') && fileName !== 'sw.js'
}

/**
 * The URLs the service worker precaches for a build, and the build's version: a hash of every
 * listed file's content, so any change to the app makes a new sw.js and with it a new cache.
 */
export function precacheManifest(files: Map<string, string | Uint8Array>): { version: string; urls: string[] } {
  const names = [...files.keys()].filter(isShellFile).sort()
  const hash = createHash('sha256')
  for (const name of names) hash.update(name).update('\0').update(files.get(name)!).update('\0')
  return { version: hash.digest('hex').slice(0, 16), urls: names.map((name) => `/${name}`) }
}

/**
 * Emits dist/sw.js (installable, opens offline) from the hand-written
 * service-worker/sw.js with this build's precache list. Build only: the dev server has no worker,
 * and main.tsx registers it only in production builds.
 */
export function serviceWorker({ source, publicDir }: { source: string; publicDir: string }): Plugin {
  return {
    name: 'hometutor-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = new Map<string, string | Uint8Array>()
      for (const output of Object.values(bundle)) {
        files.set(output.fileName, output.type === 'chunk' ? output.code : output.source)
      }
      for (const name of readdirSync(publicDir)) {
        if (SHELL_PUBLIC_FILE.test(name)) files.set(name, readFileSync(join(publicDir, name)))
      }
      const template = readFileSync(source, 'utf8')
      if (!template.includes(PLACEHOLDER)) throw new Error(`${source} lacks ${PLACEHOLDER}`)
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template.replace(PLACEHOLDER, () => JSON.stringify(precacheManifest(files))),
      })
    },
  }
}
