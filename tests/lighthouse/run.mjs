// Lighthouse (mobile preset) on the real server binary with demo data: the landing page, a tutor's
// profile, and, logged in as the demo tutor, /nearby and /dashboard. Started by run.sh, which
// installs Lighthouse and sets HOMETUTOR_BIN and CHROME_PATH. Prints a table of the four
// categories and writes every report's scores to target/lighthouse/results.json.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

// Lighthouse and its Chrome launcher and Puppeteer live in the cache folder run.sh installs into.
const cache = process.argv[2]
const fromCache = createRequire(join(cache, 'package.json'))
const load = async (name) => import(pathToFileURL(fromCache.resolve(name)).href)
const lighthouse = (await load('lighthouse')).default
const chromeLauncher = await load('chrome-launcher')
const puppeteer = (await load('puppeteer-core')).default
const binary = process.env.HOMETUTOR_BIN
const TUTOR = { email: 'priya.tutor@demo.hometutor.in', password: 'demo-password' }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(base) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${binary} was not healthy within 60 s`)
}

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const data = mkdtempSync(join(tmpdir(), 'hometutor-lighthouse-'))
const env = {
  ...process.env,
  BIND: `127.0.0.1:${port}`,
  PUBLIC_URL: base,
  DATABASE_URL: `sqlite://${join(data, 'lighthouse.db')}`,
  DATA_DIR: data,
  RUST_LOG: 'warn',
}
const seeded = spawnSync(binary, ['seed-demo'], { env, encoding: 'utf8' })
if (seeded.status !== 0) throw new Error(`seed-demo failed:\n${seeded.stderr}`)
const server = spawn(binary, [], { env, stdio: 'ignore' })

try {
  await waitForHealth(base)
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TUTOR),
  })
  if (!login.ok) throw new Error(`demo tutor login: HTTP ${login.status}`)
  const session = await login.json()
  // The browser-stored session, as frontend/src/lib/session.ts writes it at login.
  const storage = {
    token: session.token,
    role: session.role,
    email: session.email.toLowerCase(),
    user: JSON.stringify(session.user),
    userId: String(session.user.id),
    subscriptionActive: String(Boolean(session.user.subscriptionActive)),
    ...(session.user.subscriptionExpires ? { subscriptionExpires: session.user.subscriptionExpires } : {}),
  }

  const pages = [
    { name: '/', path: '/' },
    { name: '/tutor/{id}', path: `/tutor/${session.user.id}` },
    { name: '/nearby (tutor)', path: '/nearby', loggedIn: true },
    { name: '/dashboard (tutor)', path: '/dashboard', loggedIn: true },
  ]
  const results = []
  for (const page of pages) {
    // A fresh browser for each page: an empty cache and no service worker from the page before.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    })
    try {
      if (page.loggedIn) {
        // Lighthouse cannot set localStorage: a pre-step on the same origin (robots.txt loads none
        // of the app's files, so the HTTP cache stays empty) stores the session, and the audit keeps it.
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
        const tab = await browser.newPage()
        await tab.goto(`${base}/robots.txt`)
        await tab.evaluate((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage)
        await tab.close()
        browser.disconnect()
      }
      const run = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: Boolean(page.loggedIn),
      })
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(run.lhr.categories[c].score * 100)]))
      const failing = Object.values(run.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => a.id)
      const ms = (audit) => Math.round(run.lhr.audits[audit].numericValue)
      results.push({
        page: page.name,
        ...scores,
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        siMs: ms('speed-index'),
        cls: run.lhr.audits['cumulative-layout-shift'].numericValue,
        failing,
      })
      // The whole report, for a closer look (`target/lighthouse/<page>.json`).
      writeFileSync(join(cache, `${page.name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'landing'}.json`), JSON.stringify(run.lhr))
    } finally {
      await chrome.kill()
    }
  }

  const date = new Date().toISOString().slice(0, 10)
  console.log(`Lighthouse ${lighthouse.version ?? ''} (mobile preset), ${date}, ${binary}\n`)
  console.log('| page | performance | accessibility | best practices | SEO |')
  console.log('|---|---|---|---|---|')
  for (const r of results) {
    console.log(`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`)
  }
  for (const r of results) {
    if (r.failing.length)
      console.log(
        `\n${r.page}: FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, SI ${r.siMs} ms, CLS ${r.cls.toFixed(3)}; below 90: ${r.failing.join(', ')}`,
      )
  }
  writeFileSync(join(cache, 'results.json'), JSON.stringify({ date, binary, results }, null, 2))
} finally {
  server.kill('SIGTERM')
  rmSync(data, { recursive: true, force: true })
}
