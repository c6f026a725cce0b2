import { defineConfig } from '@playwright/test';

// Browser tests run Debian's Chromium against the real built server that global-setup starts
// (one server for the whole run, temporary DATA_DIR, free port). Never downloads a browser.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Generous limits: on a loaded 2-core machine a page build or a publish can take many times its idle
  // duration. Tests wait for conditions; these limits only bound a hang.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Lome',
    // A trace only when a failed test is tried again. Recording one for every test (screencast frames
    // included) cost a quarter to a third of the suite's time: one spec file took 112-118 s with traces
    // kept on failure, 86 s without their screenshots and 74 s without any (docs/performance.md).
    trace: 'on-first-retry',
    // The site's service worker (offline support) would answer pages and scripts from its caches and hide
    // them from page.route: the tests that need it (offline.spec.ts) allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
