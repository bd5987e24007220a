/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkGroups } from './vite-plugins/chunk-groups'
import { firstLoadTrims } from './vite-plugins/first-load-trims'
import { icuCatalogues } from './vite-plugins/icu-catalogues'
import { leafletModules } from './vite-plugins/leaflet-modules'
import { serviceWorker } from './vite-plugins/service-worker'

// `just dev` runs this dev server; the API (and later the chat WebSocket) is
// the Rust server, reached through the proxy so the browser sees one origin.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    // The catalogues' ICU messages compiled to plain functions at build time (docs/i18n.md).
    icuCatalogues({
      preludes: { 'hi/common': fileURLToPath(new URL('./src/lib/devanagari-faces.ts', import.meta.url)) },
    }),
    // No preload helper and no unused CommonJS in the first file (vite-plugins/first-load-trims.ts).
    firstLoadTrims(),
    react(),
    leafletModules(),
    serviceWorker({
      source: fileURLToPath(new URL('./service-worker/sw.js', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router's package exports name only its development build (warnings and checks a
      // visitor never needs); the production build it ships beside it is ~6 KB smaller on the wire.
      'react-router': fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
      // Chakra's theme one module at a time (see src/app/theme.ts): the package's `theme`
      // entry builds the full default config and so drags every recipe into the first load.
      '@chakra-ui-theme': fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url)),
    },
  },
  build: {
    // No preload lists of every lazy screen's files in the first file (~2 KB compressed, the
    // page-weight budget): with the few shared files below, a screen's file names its imports itself and the
    // browser fetches them one round trip later.
    modulePreload: false,
    rolldownOptions: {
      // Chakra makes each component with factory calls at the top of its module (a slot recipe's
      // context, then `withProvider` / `withContext` per part). They only make components, but a
      // bundler cannot know that of a call, so a screen that draws an alert's root would carry every
      // part of it: marked pure, the parts no screen uses are dropped.
      treeshake: {
        manualPureFunctions: [
          'createSlotRecipeContext',
          'createRecipeContext',
          'withProvider',
          'withContext',
          'withRootProvider',
          'createIcon',
          'createAnatomy',
          'chakra',
        ],
      },
      output: {
        // Bytes on the wire: few files, each what its screens need (vite-plugins/chunk-groups.ts).
        codeSplitting: { groups: chunkGroups() },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A guard against a hung test, not a speed check: on a busy 2-core CI box a
    // form test with user-event typing can take several seconds.
    testTimeout: 30_000,
  },
})
