import { defineConfig, devices } from '@playwright/test'

// The system Chromium, never a downloaded one: ensure-chromium.sh (npm's pretest hook) installs it if missing, as
// does .ci/run.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: './specs',
  // Each worker runs its spec files one after another against a server of its own
  // (support/fixtures.ts). One by default: on this 2-core machine the suite is bound by Chromium's CPU,
  // and two workers took 14.3 min against 16.0 for one (2026-11-30) while each test ran twice as long,
  // closer to its timeout. E2E_WORKERS=N on a machine with more cores.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results/artifacts',
  use: {
    // baseURL is the worker's own server (support/fixtures.ts).
    headless: true,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, viewport: { width: 1280, height: 800 } },
    },
  ],
})
