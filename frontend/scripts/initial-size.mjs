// Prints the gzipped size of the JavaScript the landing route (/) needs before it can render:
// the entry chunk, its static imports, and the landing screen's lazy chunk with its static imports.
// Run after `vite build --manifest` (`npm run size` does both). Exits 1 over the budget.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const dist = new URL('../dist/', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

const files = new Set()
function visit(key) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
visit('index.html')
visit('src/features/landing/routes/Landing.tsx')

let total = 0
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`)
}
const kb = total / 1024
console.log(`${kb.toFixed(1).padStart(8)} KB  total gzipped JS for / (budget ${BUDGET_KB} KB)`)
process.exit(kb <= BUDGET_KB ? 0 : 1)
