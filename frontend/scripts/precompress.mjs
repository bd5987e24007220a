// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, at each
// coding's maximum quality, so that the server sends a phone the smallest bytes without spending
// CPU per request (crates/server/src/web picks the copy the browser's Accept-Encoding allows).
// Run after `vite build` (`npm run build` does); `node scripts/precompress.mjs [dir]`.
// Files under MIN_BYTES, and copies that would save less than a tenth, are not written: the
// server sends those as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The same threshold as the server's on-the-fly compression (crates/server/src/compression.rs). */
const MIN_BYTES = 1024
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map'])

const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (TEXT.has(extname(entry.name))) yield path
  }
}

const codings = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
}

let before = 0
let after = 0
let written = 0
for (const path of files(dist)) {
  if (statSync(path).size < MIN_BYTES) continue
  const bytes = readFileSync(path)
  before += bytes.length
  let smallest = bytes.length
  for (const [suffix, compress] of Object.entries(codings)) {
    const copy = compress(bytes)
    if (copy.length > bytes.length * 0.9) continue
    writeFileSync(`${path}.${suffix}`, copy)
    smallest = Math.min(smallest, copy.length)
    written += 1
  }
  after += smallest
  if (process.env.PRECOMPRESS_VERBOSE) console.log(`${relative(dist, path)}: ${bytes.length} → ${smallest}`)
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log(`precompressed: ${written} copies; ${kb(before)} of text sent as ${kb(after)} to a brotli browser`)
