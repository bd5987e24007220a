/**
 * Chakra's default theme has ten colour palettes; the app draws with six (gray, red, orange, green,
 * blue, purple). Each palette is ~20 tokens that the theme system turns into CSS variables before
 * the first paint, so the four no screen uses are left out: out of the build's copy of Chakra's
 * colour modules (vite-plugins/first-load-trims.ts) and out of the theme (theme.ts). `theme.test.ts`
 * fails when a screen names one of them. No imports: the build configuration reads it too.
 */
export const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'pink'])
