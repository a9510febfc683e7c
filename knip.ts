import type { KnipConfig } from 'knip';

/**
 * `npm run knip`: no unused file, export or dependency. The plugins find most entries on their own (React Router's
 * routes, root and entry files; the vitest configs' include, setup and global setup files; tests count as users of
 * an export). What they cannot see is listed here.
 */
export default {
  entry: [
    // Started by scripts/start.ts through a dynamic import, and the dev server's entry named in vite.config.ts's
    // fastifyReactRouterDev option, which the vite plugin does not read.
    'server/main.ts',
    'server/dev-entry.ts',
    // Run as `node scripts/….ts` / `node bench/….ts` by package.json scripts and .ci/run.
    'scripts/*.ts',
    'bench/*.ts',
  ],
  // CSS too: app/app.css's `@import 'tailwindcss'` is the only use of that package.
  project: ['**/*.{ts,tsx,css}'],
  // Looked up at run time, only when the log goes to a terminal (server/logger.ts): absent from production installs.
  ignoreDependencies: ['pino-pretty'],
  // The system tool the bench uses when the machine has it (bench/children.ts): a Debian package, not an npm one.
  ignoreBinaries: ['taskset'],
  vitest: {
    // The end-to-end config has a name the plugin does not look for by default.
    config: ['vitest.config.ts', 'vitest.e2e.config.ts'],
  },
} satisfies KnipConfig;
