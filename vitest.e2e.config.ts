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
  },
});
