import { defineConfig } from 'vitest/config';

/**
 * End-to-end journeys in real Chromium (docs/testing.md): each file boots the built app in-process on a fresh seeded
 * database and drives it through playwright-core. `npm test` runs this after the unit/API suite; alone:
 * `npm run test:e2e`. CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The UI animates (modals, menus) and CI shares two cores with the browser: poll for up to 5 s.
    expect: { poll: { timeout: 5_000, interval: 100 } },
    // Two cores: one browser plus one server per worker; two workers keep both cores busy without starving either.
    maxWorkers: 2,
    // A journey that fails once is run again, and `npm test` names it as flaky at the end of its output (a pass after
    // a failure keeps the failure's message in the report): a browser sharing two cores with the servers misses a
    // deadline now and then (CI's load average reaches 7-8), and one miss in ~250 journeys failed whole CI runs. A
    // journey that fails twice fails the run.
    retry: 1,
  },
});
