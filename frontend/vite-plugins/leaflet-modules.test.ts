import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { leafletModules, withoutUnusedImages } from './leaflet-modules'

const FRONTEND = join(import.meta.dirname, '..')
const STYLESHEET = join(FRONTEND, 'node_modules', 'leaflet', 'dist', 'leaflet.css')
const work = mkdtempSync(join(tmpdir(), 'leaflet-modules-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Bundles `source` (a module importing from 'leaflet') with the plugin, minified as the app is. */
async function bundle(source: string): Promise<string> {
  const entry = join(work, `entry-${Math.random().toString(36).slice(2)}.js`)
  writeFileSync(entry, source)
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: FRONTEND,
    plugins: [leafletModules()],
    build: { write: false, lib: { entry, formats: ['es'], fileName: 'map' } },
  })) as Rolldown.RolldownOutput[]
  return output[0].output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n')
}

describe('Leaflet from its ES modules', () => {
  it('keeps every handler and control a map has by default, and drops what no map here uses', async () => {
    const code = await bundle(
      "import { Map, TileLayer, Marker, Popup, Circle, divIcon } from 'leaflet'\n" +
        'export function show(element) {\n' +
        "  const map = new Map(element).setView([28.6, 77.2], 12)\n  new TileLayer('/{z}/{x}/{y}.png').addTo(map)\n" +
        '  new Marker([28.6, 77.2], { icon: divIcon() }).bindPopup(new Popup()).addTo(map)\n  new Circle([28.6, 77.2], { radius: 1000 }).addTo(map)\n}\n',
    )
    // Each registers itself as its module loads; a build that dropped one would leave a map that
    // cannot be dragged, panned by the keyboard, pinched or zoomed by its buttons.
    for (const registered of [
      'dragging',
      'keyboardPanDelta',
      'touchZoom',
      'doubleClickZoom',
      'scrollWheelZoom',
      'boxZoom',
      'zoomControl',
      'attributionControl',
      'getRenderer',
    ]) {
      expect(code, registered).toContain(registered)
    }
    // GeoJSON, tooltips, overlays, the other projections, the Canvas renderer and iOS's long press
    // are not in it.
    for (const dropped of [
      'toGeoJSON',
      'bindTooltip',
      'ImageOverlay',
      'EPSG4326',
      'EPSG3395',
      '_redrawBounds',
      'tapHold',
    ]) {
      expect(code, dropped).not.toContain(dropped)
    }
  }, 60_000)

  it("drops the stylesheet's unused images and nothing else, and refuses a stylesheet that moved them", () => {
    const css = readFileSync(STYLESHEET, 'utf8')
    const trimmed = withoutUnusedImages(css)
    expect(trimmed).not.toMatch(/url\(images\//)
    expect(css.length - trimmed.length).toBe(
      'background-image: url(images/layers.png);background-image: url(images/layers-2x.png);background-image: url(images/marker-icon.png);'
        .length,
    )
    expect(trimmed).toContain('.leaflet-control-zoom-in')
    expect(() => withoutUnusedImages(css.replace('url(images/layers.png)', 'url(images/layers.svg)'))).toThrow(
      /layers\.png/,
    )
  })
})
