/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tile URL template (Leaflet), e.g. `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  readonly VITE_TILE_URL?: string
  /** HTML attribution shown for the tiles. */
  readonly VITE_TILE_ATTRIBUTION?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
