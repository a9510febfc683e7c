import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,app,scripts}/**/*.test.{ts,tsx}', 'tests/{api,architecture}/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time: each file's apps name their Redis keys and channels with a prefix of their own
    // (tests/helpers/redis.ts), and each builds its own database, so files running at once never meet
    // (docs/testing.md). More would only queue on the 2-core machines.
    maxWorkers: 2,
    // The browser's own zone is what public pages write times in: tests pin it, so they read the same anywhere.
    env: { TZ: 'UTC' },
  },
});
