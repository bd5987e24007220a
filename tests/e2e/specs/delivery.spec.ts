import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request as http, type Response } from 'node:http'
import { expect, test } from '@playwright/test'

/**
 * Issue 21: the web app's files reach the browser compressed. The build precompresses them
 * (frontend/scripts/precompress.mjs); the server sends the copy the request's Accept-Encoding
 * allows, with Vary, and the very bytes of the original once decoded. Raw HTTP (node:http), not a
 * client that decodes for us: what is checked is what crosses the wire.
 */

interface Raw {
  status: number
  headers: Response['headers']
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

/** The main script and stylesheet the landing page links, as the build named them. */
async function mainAssets(): Promise<{ script: string; style: string }> {
  const html = (await get('/')).body.toString('utf8')
  const script = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1]
  const style = html.match(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/)?.[1]
  expect(script, 'index.html links its main script').toBeTruthy()
  expect(style, 'index.html links its stylesheet').toBeTruthy()
  return { script: script!, style: style! }
}

test('the main script and stylesheet come as brotli, gzip or identity as asked', async () => {
  const { script, style } = await mainAssets()
  for (const [path, type] of [
    [script, 'text/javascript'],
    [style, 'text/css'],
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

test('a HEAD request is answered like the GET, without the body', async () => {
  const { script } = await mainAssets()
  const head = await get(script, 'br', 'HEAD')
  const full = await get(script, 'br')
  expect(head.status).toBe(200)
  expect(head.headers['content-encoding']).toBe('br')
  expect(head.headers['content-length']).toBe(String(full.body.length))
  expect(head.body.length).toBe(0)
})

test('the compressed copies are not pages of their own', async () => {
  const { script } = await mainAssets()
  const copy = await get(`${script}.br`)
  expect(copy.headers['content-type'], 'answered like any unknown path: the app').toContain('text/html')
  expect(copy.headers['content-encoding']).toBeUndefined()
})

test('the browser receives the app in brotli', async ({ page }) => {
  const encodings = new Map<string, string | undefined>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname === '/' || url.pathname.startsWith('/assets/')) {
      encodings.set(url.pathname, response.headers()['content-encoding'])
    }
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Find Your Perfect Tutor' })).toBeVisible()
  const { script, style } = await mainAssets()
  expect(encodings.get('/')).toBe('br')
  expect(encodings.get(script)).toBe('br')
  expect(encodings.get(style)).toBe('br')
})
