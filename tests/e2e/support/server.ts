import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSmtpSink } from './smtp-sink'

const here = dirname(fileURLToPath(import.meta.url))

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.example.com',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Adm1n-e2e-pass!',
}
function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer()
    server.once('error', rej)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => res(port))
    })
  })
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`hometutor exited with code ${server.exitCode} before it was healthy`)
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.status === 200) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = String(error)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`hometutor was not healthy within ${timeoutMs} ms (${last})`)
}


export interface RunningServer {
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  base: string
  /** The SMTP sink's HTTP endpoint (see smtp-sink.ts). */
  mailUrl: string
  stop: () => Promise<void>
}

/**
 * Starts an SMTP sink and the real server binary on a temporary SQLite database. `env` adds to
 * (or overrides) the server's environment; `name` names its log in test-results/.
 */
export async function startServer(name = 'server', env: Record<string, string> = {}): Promise<RunningServer> {
  const sink = await startSmtpSink()
  const binary = resolve(here, '..', process.env.HOMETUTOR_BIN ?? '../../target/release/hometutor')
  if (!existsSync(binary)) {
    await sink.close()
    throw new Error(
      `server binary not found at ${binary}: build it with \`cargo build --release\` or set HOMETUTOR_BIN`,
    )
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hometutor-e2e-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const logDir = join(here, '..', 'test-results')
  mkdirSync(logDir, { recursive: true })
  const log = createWriteStream(join(logDir, `${name}.log`))

  const server = spawn(binary, [], {
    env: {
      ...process.env,
      BIND: `127.0.0.1:${port}`,
      PUBLIC_URL: base,
      DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      BCRYPT_COST: '4',
      // Specs post as many requests as their story needs; the daily limit is tested by the API suite.
      PARENT_REQUESTS_PER_DAY: '1000',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-32',
      // The first admin, created at start-up (DESIGN.md §7), for the admin panel's tests.
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every browser test registers from 127.0.0.1: lift the 10-an-hour limit on code e-mails per client address.
      CODE_EMAIL_LIMIT: '1000',
      RUST_LOG: process.env.RUST_LOG ?? 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.pipe(log)
  server.stderr?.pipe(log)

  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise<void>((r) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL')
          r()
        }, 5000)
        server.once('exit', () => {
          clearTimeout(timer)
          r()
        })
      })
    }
    await sink.close()
    log.end()
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(base, server, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, mailUrl: `http://127.0.0.1:${sink.httpPort}`, stop }
}
