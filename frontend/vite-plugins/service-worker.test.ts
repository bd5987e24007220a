import { describe, expect, it } from 'vitest'
import { precacheManifest } from './service-worker'

const build = (extra: [string, string][] = []) =>
  new Map<string, string>([
    ['index.html', '<!doctype html>'],
    ['assets/index-abc123.js', 'console.log(1)'],
    ['assets/index-abc123.js.map', '{}'],
    ['.vite/manifest.json', '{}'],
    ['sw.js', 'old worker'],
    ['manifest.webmanifest', '{}'],
    ...extra,
  ])

describe('the service worker precache list', () => {
  it('lists the shell and the hashed files, not source maps, Vite manifests or the worker itself', () => {
    expect(precacheManifest(build()).urls).toEqual(['/assets/index-abc123.js', '/index.html', '/manifest.webmanifest'])
  })

  it('gets a new version whenever a listed file changes, so a new build gets a new cache', () => {
    const first = precacheManifest(build()).version
    expect(precacheManifest(build()).version).toBe(first)
    expect(precacheManifest(build([['index.html', '<!doctype html><title>new</title>']])).version).not.toBe(first)
    expect(precacheManifest(build([['assets/About-def456.js', 'x']])).version).not.toBe(first)
    // Files that are not precached do not make a new version.
    expect(precacheManifest(build([['assets/index-abc123.js.map', '{"v":2}']])).version).toBe(first)
  })
})
