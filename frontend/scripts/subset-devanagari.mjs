// Writes src/assets/fonts/noto-sans-devanagari-{400,700}.woff2: Fontsource's Noto Sans Devanagari
// (Devanagari subset) cut down to what the app's Hindi needs, so that a Hindi page on a device
// without the font downloads ~⅓ of it (docs/i18n.md, 'Devanagari').
//
// - Every character Hindi writes keeps its glyph (a name or a place typed in Hindi still shows), and
//   every glyph that shaping the Hindi catalogues reaches, at every step of shaping (half forms on
//   the way to a conjunct too), with the GSUB/GPOS lookups between them: conjuncts ('क्षेत्र'),
//   reph, matras and their positions as the full font draws them. Conjuncts no catalogue uses are
//   dropped; in other text they show as half forms or with a visible virama, still readable.
// - No hinting (browsers on phones and Macs ignore it; on Windows, DirectWrite draws well without).
//
// Run again after the Hindi catalogues change: `node scripts/subset-devanagari.mjs` (npm's
// harfbuzzjs shapes and subsets, wawoff2 reads and writes WOFF2; nothing is downloaded).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import * as hb from 'harfbuzzjs'
import wawoff2 from 'wawoff2'

const require = createRequire(import.meta.url)
const root = new URL('..', import.meta.url).pathname
const fontsource = join(root, 'node_modules/@fontsource/noto-sans-devanagari/files')
const out = join(root, 'src/assets/fonts')
const WEIGHTS = [400, 700]

// Text a Hindi page shows that is not in the catalogues (the language's own name in the switch),
// and the conjuncts Hindi writes with its own letters (क्ष, त्र, ज्ञ, श्र) for names and places people
// type ('क्षेत्र', 'श्रीमती').
const EXTRA_TEXT = ['हिन्दी', 'क्षेत्र क्ष त्र ज्ञ श्र श्री श्रीमती द्व द्ध द्य ह्म ह्य ट्र ड्र प्र क्र', 'ट्यूटर सदस्यता']

// The Devanagari that Hindi writes: signs, letters (with the nukta forms), matras, virama, om,
// danda and digits. The block's Vedic accents and the letters of other languages (Sindhi, Marwari)
// are left out: a browser draws a character the font lacks in the next font of the stack.
const HINDI_RANGES = [
  [0x0901, 0x0903],
  [0x0905, 0x0939],
  [0x093c, 0x094d],
  [0x0950, 0x0950],
  [0x0958, 0x0971],
]
const ZWNJ = 0x200c
const ZWJ = 0x200d
const DOTTED_CIRCLE = 0x25cc

// hb-subset.h
const NO_HINTING = 0x1
const NO_LAYOUT_CLOSURE = 0x200

function hindiTexts() {
  const dir = join(root, 'src/locales/hi')
  const texts = [...EXTRA_TEXT]
  const collect = (value) => {
    if (typeof value === 'string') texts.push(value)
    else for (const inner of Object.values(value)) collect(inner)
  }
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    collect(JSON.parse(readFileSync(join(dir, file), 'utf8')))
  }
  return texts
}

/** Every glyph shaping `texts` passes through, from the characters to the positioned result. */
function glyphsShapingReaches(sfnt, texts) {
  const face = new hb.Face(new hb.Blob(sfnt))
  const font = new hb.Font(face)
  const glyphs = new Set([0])
  for (const text of texts) {
    for (const run of text.match(/[\u0900-\u097f\u200c\u200d]+/g) ?? []) {
      const buffer = new hb.Buffer()
      buffer.addText(run)
      buffer.setScript('Deva')
      buffer.setLanguage('hi')
      buffer.setDirection(hb.Direction.LTR)
      for (const step of hb.shapeWithTrace(font, buffer, [], 0, hb.TracePhase.DONT_STOP)) {
        if (step.glyphs) for (const glyph of step.t) glyphs.add(glyph.g)
      }
    }
  }
  return glyphs
}

async function subset(sfnt, unicodes, glyphs) {
  const wasm = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'))
  const { instance } = await WebAssembly.instantiate(wasm)
  const hbs = instance.exports
  const pointer = hbs.malloc(sfnt.length)
  new Uint8Array(hbs.memory.buffer).set(sfnt, pointer)
  const blob = hbs.hb_blob_create(pointer, sfnt.length, 2, 0, 0)
  const face = hbs.hb_face_create(blob, 0)
  hbs.hb_blob_destroy(blob)
  const input = hbs.hb_subset_input_create_or_fail()
  const unicodeSet = hbs.hb_subset_input_unicode_set(input)
  for (const unicode of unicodes) hbs.hb_set_add(unicodeSet, unicode)
  const glyphSet = hbs.hb_subset_input_glyph_set(input)
  for (const glyph of glyphs) hbs.hb_set_add(glyphSet, glyph)
  hbs.hb_subset_input_set_flags(input, NO_HINTING | NO_LAYOUT_CLOSURE)
  const result = hbs.hb_subset_or_fail(face, input)
  hbs.hb_subset_input_destroy(input)
  hbs.hb_face_destroy(face)
  if (!result) throw new Error('harfbuzz could not subset the font')
  const resultBlob = hbs.hb_face_reference_blob(result)
  const data = hbs.hb_blob_get_data(resultBlob, 0)
  const bytes = new Uint8Array(hbs.memory.buffer).slice(data, data + hbs.hb_blob_get_length(resultBlob))
  hbs.hb_blob_destroy(resultBlob)
  hbs.hb_face_destroy(result)
  hbs.free(pointer)
  return bytes
}

const texts = hindiTexts()
const unicodes = [ZWNJ, ZWJ, DOTTED_CIRCLE]
for (const [first, last] of HINDI_RANGES)
  for (let unicode = first; unicode <= last; unicode += 1) unicodes.push(unicode)

for (const weight of WEIGHTS) {
  const source = join(fontsource, `noto-sans-devanagari-devanagari-${weight}-normal.woff2`)
  const sfnt = await wawoff2.decompress(readFileSync(source))
  const glyphs = glyphsShapingReaches(sfnt, texts)
  const woff2 = await wawoff2.compress(await subset(sfnt, unicodes, glyphs))
  const target = join(out, `noto-sans-devanagari-${weight}.woff2`)
  writeFileSync(target, woff2)
  console.log(
    `${weight}: ${glyphs.size} glyphs shaped, ${(readFileSync(source).length / 1024).toFixed(1)} KB → ${(woff2.length / 1024).toFixed(1)} KB`,
  )
}
