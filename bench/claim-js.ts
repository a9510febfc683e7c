import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { createDemoClaim } from './demo-claim.ts';

/**
 * `node bench/claim-js.ts`: the first-load JavaScript (docs/decisions/0028) of the home page and of a claim page, ru
 * and en, counted as `npm run bench -- --js` counts the home page: every script Chromium fetches from the site while
 * the page loads and settles (network idle plus a second), no interaction, at the precompressed gzip sizes the
 * server sends. The claim is created through the API on a fresh server with demo data (bench/demo-claim.ts).
 * Exits 1 when a page is over the budget.
 */

const root = path.resolve(import.meta.dirname, '..');
const budgetKiB = 130;
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
ensureBuild(buildDir);

const port = await new Promise<number>((resolve, reject) => {
  const s = createServer();
  s.once('error', reject);
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-claim-js-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  BUILD_DIR: buildDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DEMO_DATA: '1',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
const server = spawn(process.execPath, ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });

function weigh(files: Set<string>) {
  const rows = [...files].map((f) => {
    const file = path.join(buildDir, 'client', f);
    const gz = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file)).length;
    return { file: f, gzip: gz };
  });
  return { rows: rows.sort((a, b) => b.gzip - a.gzip), gzip: rows.reduce((n, r) => n + r.gzip, 0) };
}

let over = false;
try {
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const uuid = await createDemoClaim(base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    for (const p of ['/', '/en', `/claim/${uuid}`, `/en/claim/${uuid}`]) {
      const fetched = new Set<string>();
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.origin === base && /\.m?js$/.test(u.pathname)) fetched.add(u.pathname);
      });
      await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      await page.close();
      const { rows, gzip } = weigh(fetched);
      const kib = gzip / 1024;
      if (kib > budgetKiB) over = true;
      console.log(
        `\n${p.replace(uuid, '{uuid}')} first-load JS: ${kib.toFixed(1)} KiB gzip in ${rows.length} files (budget ${budgetKiB} KiB: ${kib > budgetKiB ? 'OVER' : 'within'})`,
      );
      for (const r of rows) console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(7)} KiB  ${r.file}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (over) process.exitCode = 1;
