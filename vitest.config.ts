import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,app,scripts}/**/*.test.{ts,tsx}', 'tests/{api,architecture}/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
