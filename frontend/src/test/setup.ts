// Pure tests (reducers, formatting) run in Node with no DOM at all: they say so with
// `// @vitest-environment node` and skip the browser shims, MSW and the fake socket below.
if (typeof window !== 'undefined') await import('./dom-setup')
