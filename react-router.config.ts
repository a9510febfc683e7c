import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // Same variable the server reads (server/config.ts), so a build and the server that serves it agree.

  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
