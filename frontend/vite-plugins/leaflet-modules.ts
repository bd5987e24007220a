import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

// Bytes on the wire: Leaflet's published bundle (dist/leaflet-src.js) is one UMD file, so
// every map carries all of Leaflet: GeoJSON, image and video overlays, the layers and scale
// controls, three more projections, tooltips. Leaflet also publishes its ES modules (src/); built
// from those, the bundler keeps only what the app's maps reach (~15 KB less compressed).
//
// Leaflet's modules are pure declarations, except those that register behaviour as they load
// (`Map.addInitHook` for the map's handlers and controls, `Map.include` for the vector renderer):
// `leaflet` is a module that loads those first, then re-exports Leaflet's API; every other module
// of Leaflet may be dropped when nothing uses what it exports.
//
// Leaflet's stylesheet names three images that the bundler would inline into it (~4 KB): the layers
// control's icon, which no map here has, and the default marker icon, which only Leaflet's
// `Icon.Default` path guess reads (every marker here has its own icon, ../src/components/map/pins.ts).
// Their declarations are dropped.

const LEAFLET = join(import.meta.dirname, '..', 'node_modules', 'leaflet')
const SOURCE = join(LEAFLET, 'src') + '/'
const STYLESHEET = join(LEAFLET, 'dist', 'leaflet.css')

/** The stylesheet's image declarations that no map here uses. */
const UNUSED_IMAGES = [
  'background-image: url(images/layers.png);',
  'background-image: url(images/layers-2x.png);',
  'background-image: url(images/marker-icon.png);',
]

/** Leaflet's stylesheet without `UNUSED_IMAGES`; an upgrade that moved them fails the build, to be looked at. */
export function withoutUnusedImages(css: string): string {
  return UNUSED_IMAGES.reduce((rest, declaration) => {
    if (!rest.includes(declaration))
      throw new Error(`leaflet.css no longer has \`${declaration}\`: see vite-plugins/leaflet-modules.ts`)
    return rest.replace(declaration, '')
  }, css)
}

/** The id of the module that stands for `leaflet`. */
const ENTRY = '\0hometutor:leaflet'

/**
 * What the vector renderer's chooser gets for Leaflet's Canvas renderer (~2 KB): no map here sets
 * `preferCanvas`, so circles are drawn in SVG, Leaflet's default, and Canvas is never made.
 */
const NO_CANVAS = '\0hometutor:leaflet-no-canvas'

/**
 * Leaflet's modules that add to other classes as they load and that nothing imports a name from
 * (relative to src/): every handler a map has by default (dragging, keyboard, zoom by touch, wheel,
 * double click, box), the zoom and attribution controls, and `Map#getRenderer` for circles. Not
 * tap-hold, which only turns a long press into a `contextmenu` event on iOS: no map here has a
 * context menu.
 */
const REGISTERS_BEHAVIOUR = [
  ...readdirSync(`${SOURCE}map/handler`)
    .filter((name) => name.endsWith('.js') && name !== 'Map.TapHold.js')
    .map((name) => `map/handler/${name}`),
  'control/Control.Zoom.js',
  'control/Control.Attribution.js',
  'layer/vector/Renderer.getRenderer.js',
]

export function leafletModules(): Plugin {
  return {
    name: 'hometutor:leaflet-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './Canvas' && importer === `${SOURCE}layer/vector/Renderer.getRenderer.js`) return NO_CANVAS
      // The bare import only: `leaflet/dist/leaflet.css` stays as it is.
      return source === 'leaflet' ? ENTRY : null
    },
    load(id) {
      if (id === NO_CANVAS) return 'export function canvas() {\n  return null\n}'
      if (id !== ENTRY) return null
      const registrations = REGISTERS_BEHAVIOUR.map((module) => `import ${JSON.stringify(SOURCE + module)}`)
      return [...registrations, `export * from ${JSON.stringify(`${SOURCE}Leaflet.js`)}`].join('\n')
    },
    transform(code, id) {
      if (id.split('?')[0] === STYLESHEET) return { code: withoutUnusedImages(code), map: null }
      if (!id.startsWith(SOURCE) || REGISTERS_BEHAVIOUR.includes(id.slice(SOURCE.length))) return null
      return { moduleSideEffects: false }
    },
  }
}
