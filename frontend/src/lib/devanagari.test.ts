// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEVANAGARI_CSS } from './devanagari'

describe('the Devanagari font', () => {
  const faces = DEVANAGARI_CSS.split('\n').filter((rule) => rule.startsWith('@font-face'))
  const others = DEVANAGARI_CSS.split('\n').filter((rule) => !rule.startsWith('@font-face'))

  it('is two weights of the Devanagari subset, swapped in, the device’s own copy first', () => {
    expect(faces).toHaveLength(2)
    expect(faces.map((face) => /font-weight:(\d+)/.exec(face)?.[1])).toEqual(['400', '700'])
    for (const face of faces) {
      expect(face).toContain('font-display:swap')
      expect(face).toMatch(/unicode-range:U\+0900-097F,/)
      expect(face).toMatch(
        /src:local\("Noto Sans Devanagari[^"]*"\), local\("NotoSansDevanagari-\w+"\), url\([^)]+\.woff2\) format\("woff2"\)/,
      )
    }
  })

  it('is named only by the font stacks of Hindi pages, so English pages never fetch it', () => {
    const naming = others.filter((rule) => rule.includes('Noto Sans Devanagari'))
    expect(naming).toHaveLength(1)
    expect(naming[0]).toMatch(/^:root:lang\(hi\), :root:lang\(hi\) \.chakra-theme\{/)
    expect(others.join('\n')).toContain(':root:lang(hi) :is(h1, h2, h3, h4, h5, h6){line-height:1.35}')
  })
})
