import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). Each spec file starts its
 * own server on a temporary data dir and a free port (tests/e2e/server.ts), so files share nothing
 * and two run at once. With one at a time the suite kept a 2-core machine about a third busy: most
 * of a journey is waiting for a page to settle, and the other worker fills that time.
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
  // job's load must not block a landing. A test that fails twice fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  // two workers share two cores: a page can take longer to settle than with one at a time
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
