import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,app,scripts}/**/*.test.{ts,tsx}', 'tests/{api,architecture}/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time, whatever the cores: the files that share the test Redis (TEST_REDIS_URL) would hear each
    // other's events, its channels carrying no per-test name (docs/testing.md).
    maxWorkers: 1,
    // The browser's own zone is what public pages write times in: tests pin it, so they read the same anywhere.
    env: { TZ: 'UTC' },
  },
});
