/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `just dev` runs this dev server; the API (and later the chat WebSocket) is
// the Rust server, reached through the proxy so the browser sees one origin.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Chakra's theme one module at a time (see src/app/theme.ts): the package's `theme`
      // entry builds the full default config and so drags every recipe into the first load.
      '@chakra-ui-theme': fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url)),
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
