import regular from '@/assets/fonts/noto-sans-devanagari-400.woff2?url'
import bold from '@/assets/fonts/noto-sans-devanagari-700.woff2?url'

/**
 * Devanagari for Hindi pages: Noto Sans Devanagari, self-hosted: Fontsource's Devanagari subset cut
 * down to the Devanagari letters and the glyphs the Hindi catalogues shape to, without hinting
 * (~16 KB a weight instead of ~50; scripts/subset-devanagari.mjs writes them).
 *
 * - Only on Hindi pages: the family is in the font stacks of `<html lang="hi">` alone, so an English
 *   page downloads no font, even for the language switch's 'हिन्दी' (drawn in the system's fonts).
 *   The unicode-range keeps Latin text (names, e-mails, 'HomeTutor') in the system font there too.
 * - Two weights: 400 for text and 700 for everything bolder (CSS font matching draws medium text in
 *   400, semibold and extrabold in 700, without faking bold). The phone's own copy first: Android
 *   and ChromeOS ship the font, so most Hindi readers download nothing.
 * - `font-display: swap`: text shows at once in a system font while the file loads.
 * - Devanagari's vowel signs reach above and below the letters: Hindi text and headings get more
 *   line height than Latin's.
 *
 * Unlayered CSS: it wins over Chakra's layered tokens and recipes (and, by specificity, over a
 * heading's own line height), without a stylesheet request of its own.
 */
// What the subset covers: the Devanagari block, the joiners and the dotted circle (a lone vowel sign's base).
const DEVANAGARI_RANGE = 'U+0900-097F, U+200C-200D, U+25CC'

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

function face(weight: number, url: string, localNames: string[]): string {
  const sources = [...localNames.map((name) => `local("${name}")`), `url(${url}) format("woff2")`].join(', ')
  return `@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-weight:${weight};font-display:swap;src:${sources};unicode-range:${DEVANAGARI_RANGE}}`
}

export const DEVANAGARI_CSS = [
  face(400, regular, ['Noto Sans Devanagari', 'NotoSansDevanagari-Regular']),
  face(700, bold, ['Noto Sans Devanagari Bold', 'NotoSansDevanagari-Bold']),
  // Chakra declares its tokens on `.chakra-theme` elements too: they take the Hindi stacks as well.
  `:root:lang(hi), :root:lang(hi) .chakra-theme{--chakra-fonts-body:"Noto Sans Devanagari", ${SYSTEM_SANS};--chakra-fonts-heading:"Noto Sans Devanagari", ${SYSTEM_SANS};line-height:1.6}`,
  ':root:lang(hi) :is(h1, h2, h3, h4, h5, h6){line-height:1.35}',
].join('\n')

/** Adds the font faces and Hindi's font stacks and line heights to the page (once, before the first render). */
export function installDevanagari() {
  // Nothing to add to outside a browser (the catalogue checks read the catalogues in Node).
  if (typeof document === 'undefined') return
  const style = document.createElement('style')
  style.dataset.devanagari = ''
  style.textContent = DEVANAGARI_CSS
  document.head.append(style)
}
