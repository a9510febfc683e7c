import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = ['app', 'shared', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((n) => newest(path.join(p, n))));
}

/** Builds the site into `buildDir` when it is missing or older than its sources. */
export function ensureBuild(buildDir: string) {
  const built = path.join(buildDir, 'server', 'index.js');
  if (existsSync(built) && Math.max(...sources.map(newest)) <= statSync(built).mtimeMs) return;
  console.log(`Building the site into ${path.relative(process.cwd(), buildDir) || '.'}...`);
  execFileSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // A test run's NODE_ENV=test would otherwise build development React (twice the size, half the speed).
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
  });
}
