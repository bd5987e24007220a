import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

// What every page's first file carried that no page runs (the page-weight budget, docs/web.md):
//
// - Vite's preload helper (~1 KB compressed): it preloads a lazy chunk's CSS and declared imports
//   before importing it. This build has no CSS files and no preload lists (`modulePreload: false`),
//   so every call is `__vitePreload(() => import(…), [])`; a failed import rejects as it is.
// - hoist-non-react-statics with react-is: CommonJS, so a bundler keeps them once imported, and
//   only Emotion's `withTheme` (which nothing here calls) uses them. Declared free of side effects,
//   they are dropped unless something calls it.
// - lucide-react's general icon builder (~1.5 KB compressed: a context for defaults, alias classes,
//   non-scaling strokes, attribute renaming): every icon here is drawn with its props alone, so
//   each icon module gets lean-lucide-icon.ts instead, which draws the same <svg> for the props the
//   app passes (size, color, strokeWidth, absoluteStrokeWidth, className, aria-*, any other
//   attribute). first-load-trims.test.ts renders both and compares.

const PRELOAD_HELPER = '\0vite/preload-helper.js'
const LUCIDE_ICON_FACTORY = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/

const LEAN_ICON = fileURLToPath(new URL('./lean-lucide-icon.ts', import.meta.url))
const UNUSED_COMMONJS = /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/

export function firstLoadTrims(): Plugin {
  return {
    name: 'first-load-trims',
    enforce: 'pre',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          treeshake: { moduleSideEffects: (id: string) => (UNUSED_COMMONJS.test(id) ? false : undefined) },
        },
      },
    }),
    resolveId(source, importer) {
      if (source === '../createLucideIcon.mjs' && importer && LUCIDE_ICON_FACTORY.test(importer)) return LEAN_ICON
      return null
    },
    load(id) {
      if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load()'
      return null
    },
  }
}
