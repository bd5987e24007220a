import { installDevanagari } from './devanagari'

// Imported by Hindi's shell catalogue (vite.config.ts, icuCatalogues' preludes): the faces are on the
// page before the first Hindi render, and an English page never loads them.
installDevanagari()
