import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). Each spec file starts its
 * own server on a temporary data dir and a free port (tests/e2e/server.ts), so files share nothing
 * and two run at once. The suite is mostly browser CPU, so the second worker gains only the time a
 * journey spends waiting (27.7 against 24.9 minutes on one 2-core machine), and each test runs
 * slower beside the other: hence the longer expect timeout below.
 *
 * The delivery spec runs alone after the others: it rewrites the build's service worker on disk
 * for a moment (a deploy), which a browser of another spec loading the app then could pick up.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  projects: [
    { name: 'journeys', testIgnore: /delivery\.spec\.ts$/ },
    { name: 'delivery', testMatch: /delivery\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  // On CI, a test that fails is run once more and, if it then passes, reported as flaky (the list
  // shows it): the CI machines are shared, and a journey that waits 10 s for a page under another
  // job's (or the other worker's) load must not block a landing. A test that fails twice fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  // two workers share two cores: a page takes longer to settle than with one at a time
  expect: { timeout: 15_000 },
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
