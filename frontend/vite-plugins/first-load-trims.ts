import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { UNUSED_PALETTES } from '../src/app/palettes'

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
// - react-router's form, fetcher, scroll-restoration and server-component parts (~2 KB compressed):
//   its production build names each component for React's developer tools (`Form.displayName = …`)
//   and makes its contexts and components with calls at the top of the module, so a bundler keeps
//   them all. Without the names (tools only) and with those calls marked pure, what no screen uses
//   is dropped (reactRouterTrims, tested in first-load-trims.test.ts).
// - the colour palettes no screen uses (src/app/palettes.ts), out of Chakra's colour tokens and
//   semantic tokens: the theme drops them at run time as well, so the build's copy only sheds bytes.
// - index.html's comments, which are notes for the people who edit it.

const PRELOAD_HELPER = '\0vite/preload-helper.js'
const LUCIDE_ICON_FACTORY = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/

const LEAN_ICON = fileURLToPath(new URL('./lean-lucide-icon.ts', import.meta.url))
const REACT_ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/

/** react-router's production modules without their developer-tools names, their top-level React calls pure. */
export function reactRouterTrims(code: string): string {
  return code
    .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";\n/gm, '')
    .replace(/^(var [A-Za-z0-9_$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
}

/** The page without its comments (and the lines they stood on). */
export function withoutComments(html: string): string {
  return html.replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*\n/gm, '')
}

const CHAKRA_COLOURS =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](tokens|semantic-tokens)[\\/]colors\.js$/

/** A Chakra colour module without the top-level entries (two spaces in, up to their closing brace) of `palettes`. */
export function withoutPalettes(code: string, palettes: ReadonlySet<string>): string {
  const names = [...palettes].join('|')
  return code.replace(new RegExp(`^  (?:${names}): \\{\\n[\\s\\S]*?^  \\},?\\n`, 'gm'), '')
}

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
    transform(code, id) {
      if (REACT_ROUTER_BUILD.test(id)) return { code: reactRouterTrims(code), map: null }
      if (CHAKRA_COLOURS.test(id)) return { code: withoutPalettes(code, UNUSED_PALETTES), map: null }
      return null
    },
    load(id) {
      if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load()'
      return null
    },
    transformIndexHtml: (html) => withoutComments(html),
  }
}
