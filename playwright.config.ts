import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). Each spec file starts its
 * own server on a temporary data dir and a free port (tests/e2e/server.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  // On CI, a test that fails is run once more and, if it then passes, reported as flaky (the list
  // shows it): the CI machines are shared, and a journey that waits 10 s for a page under another
  // job's load must not block a landing. A test that fails twice fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
});
