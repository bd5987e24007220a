import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request as http, type IncomingHttpHeaders } from 'node:http'
import { expect, test } from '../support/fixtures'

/**
 * The web app's files reach the browser compressed. The build precompresses them
 * (frontend/scripts/precompress.mjs); the server sends the copy the request's Accept-Encoding
 * allows, with Vary, and the very bytes of the original once decoded. Raw HTTP (node:http), not a
 * client that decodes for us: what is checked is what crosses the wire.
 */

interface Raw {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Raw> {
  const url = new URL(path, process.env.E2E_BASE_URL)
  return new Promise((resolve, reject) => {
    const req = http(url, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

function decoded(response: Raw): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body)
    case 'gzip':
      return gunzipSync(response.body)
    default:
      return response.body
  }
}

/**
 * The landing page's main script, and the stylesheets the app's scripts can load: found by
 * following the file names the built files mention, from index.html on. There may be none: the
 * app's styles are made by its scripts, and the map's travel inside the map's script (one
 * request less). The server's types and compression for stylesheets are unit-tested
 * (crates/server/src/web/mod.rs, compression.rs).
 */
async function appFiles(): Promise<{ script: string; styles: string[] }> {
  const html = (await get('/')).body.toString('utf8')
  const script = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1]
  expect(script, 'index.html links its main script').toBeTruthy()
  const seen = new Set<string>([script!])
  const queue = [script!]
  while (queue.length > 0) {
    const text = (await get(queue.pop()!)).body.toString('utf8')
    for (const [, name] of text.matchAll(/(?:assets\/|\.\/)([\w.-]+\.(?:js|css))\b/g)) {
      const path = `/assets/${name}`
      if (seen.has(path)) continue
      seen.add(path)
      if (path.endsWith('.js')) queue.push(path)
    }
  }
  const styles = [...seen].filter((path) => path.endsWith('.css'))
  return { script: script!, styles }
}

test('the main script, any stylesheet and the page come as brotli, gzip or identity as asked', async () => {
  const { script, styles } = await appFiles()
  for (const [path, type] of [
    [script, 'javascript'],
    ...styles.slice(0, 1).map((style) => [style, 'text/css']),
    ['/', 'text/html'],
  ]) {
    const identity = await get(path)
    expect(identity.status).toBe(200)
    expect(identity.headers['content-encoding'], `${path} asked for nothing`).toBeUndefined()
    expect(identity.headers['content-type']).toContain(type)

    for (const [asked, sent] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get(path, asked)
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding'], `${path} asked ${asked}`).toBe(sent)
      expect(response.headers['content-type'], 'the type of the original, not of the copy').toContain(type)
      expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding')
      if (sent) expect(response.body.length, `${path} in ${sent} is smaller`).toBeLessThan(identity.body.length)
      expect(decoded(response).equals(identity.body), `${path} in ${sent ?? 'identity'} decodes to the original`).toBe(
        true,
      )
    }
  }
})

test('the page, the service worker and the SVG carry the policy; the hashed scripts and styles do not', async () => {
  // A policy governs what a response becomes as a document or a worker; a hashed file runs under
  // its page's policy, and ~420 bytes each on a dozen files is a phone's bytes for nothing. The
  // same holds for the framing and referrer lines; and with one allowed origin no answer varies by it.
  const { script, styles } = await appFiles()
  for (const path of [script, ...styles]) {
    const response = await get(path, 'br')
    expect(response.status).toBe(200)
    expect(response.headers['content-security-policy'], path).toBeUndefined()
    expect(response.headers['x-frame-options'], path).toBeUndefined()
    expect(response.headers['referrer-policy'], path).toBeUndefined()
    expect(response.headers['x-content-type-options'], `${path}: the build's own file, its exact type`).toBeUndefined()
    expect(response.headers.vary?.toLowerCase(), path).not.toContain('origin')
    expect(response.headers['x-request-id'], `${path}: the id stays in the log`).toBeUndefined()
  }
  for (const path of ['/', '/sw.js', '/favicon.svg']) {
    const response = await get(path, 'br')
    expect(response.status).toBe(200)
    expect(response.headers['content-security-policy'], path).toContain("script-src 'self'")
    expect(response.headers['x-frame-options'], path).toBe('DENY')
    expect(response.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(response.headers['x-request-id'], path).toMatch(/^[0-9a-f]{32}$/)
    expect(response.headers['x-content-type-options'], path).toBe('nosniff')
  }
  const answer = await get('/api/site', 'br')
  // JSON with nosniff is never rendered as a page: nothing to frame, no link to leak a referrer from.
  expect(answer.headers['x-frame-options'], 'JSON needs no framing line').toBeUndefined()
  expect(answer.headers['referrer-policy'], 'JSON needs no referrer line').toBeUndefined()
  expect(answer.headers['x-request-id'], 'an API answer names its id').toMatch(/^[0-9a-f]{32}$/)
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
})

test('a HEAD request is answered like the GET, without the body', async () => {
  const { script } = await appFiles()
  const head = await get(script, 'br', 'HEAD')
  const full = await get(script, 'br')
  expect(head.status).toBe(200)
  expect(head.headers['content-encoding']).toBe('br')
  expect(head.headers['content-length']).toBe(String(full.body.length))
  expect(head.body.length).toBe(0)
})

test('the compressed copies are not pages of their own', async () => {
  const { script } = await appFiles()
  const copy = await get(`${script}.br`)
  expect(copy.headers['content-type'], 'answered like any unknown path: the app').toContain('text/html')
  expect(copy.headers['content-encoding']).toBeUndefined()
})

test('the browser receives the app in brotli', async ({ page }) => {
  const files = new Map<string, { encoding?: string; bytes: number }>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname === '/' || url.pathname.startsWith('/assets/')) {
      const headers = response.headers()
      files.set(url.pathname, { encoding: headers['content-encoding'], bytes: Number(headers['content-length']) })
    }
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Find Your Perfect Tutor' })).toBeVisible()
  const { script } = await appFiles()
  expect(files.get('/')?.encoding).toBe('br')
  expect(files.get(script)?.encoding).toBe('br')
  // Every file over 1 KB came compressed; the build keeps no copy of smaller ones (not worth it).
  for (const [path, { encoding, bytes }] of files) {
    if (encoding !== 'br') expect(bytes, `${path} came as ${encoding ?? 'identity'}`).toBeLessThan(1024)
  }
})
