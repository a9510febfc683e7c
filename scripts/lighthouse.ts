import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm run lighthouse [path...]`: builds the site if needed, starts the real server on a fresh embedded database with
 * demo data, runs Lighthouse (mobile preset: the default config) in headless Chromium (CHROME_PATH, default
 * /usr/bin/chromium) on the home page (or the given paths), prints the four scores against the targets, and writes
 * bench/results/lighthouse.json. Exits 1 when a score misses its target and LIGHTHOUSE_STRICT=1.
 */

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof targets;
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (!paths.length) paths.push('/');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in 120 s`);
}

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
ensureBuild(buildDir);
const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
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
let chrome: chromeLauncher.LaunchedChrome | undefined;
const results: { path: string; scores: Record<Category, number>; metrics: Record<string, string> }[] = [];
let failed = false;
try {
  await waitFor(`${base}/readyz`, server);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
    userDataDir: mkdtempSync(path.join(tmpdir(), 'obmen-chrome-')),
  });
  for (const p of paths) {
    // Warm the server (first render, caches) so Lighthouse measures a running site, not a cold start.
    for (let i = 0; i < 3; i++) await fetch(`${base}${p}`).then((r) => r.arrayBuffer());
    const run = await lighthouse(`${base}${p}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(targets),
    });
    if (!run) throw new Error(`lighthouse returned nothing for ${p}`);
    const lhr = run.lhr;
    if (lhr.runtimeError)
      console.log(`\nLighthouse could not measure ${p}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
    const scores = Object.fromEntries(
      (Object.keys(targets) as Category[]).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    const metrics = {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      SI: metric('speed-index'),
    };
    results.push({ path: p, scores, metrics });
    console.log(`\nLighthouse ${lhr.lighthouseVersion}, mobile preset, ${base}${p}`);
    for (const c of Object.keys(targets) as Category[]) {
      const ok = scores[c] >= targets[c];
      if (!ok) failed = true;
      console.log(`  ${c.padEnd(16)} ${String(scores[c]).padStart(3)}  (target ${targets[c]}${ok ? '' : ', MISSED'})`);
    }
    console.log(
      `  ${Object.entries(metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    // What cost points: every failing audit of a category under its target.
    for (const c of Object.keys(targets) as Category[]) {
      if (scores[c] >= targets[c]) continue;
      const refs = lhr.categories[c]?.auditRefs ?? [];
      for (const ref of refs) {
        const a = lhr.audits[ref.id];
        if (a && ref.weight > 0 && a.score !== null && a.score < 0.9)
          console.log(
            `    ${c}: ${a.id} (${Math.round((a.score ?? 0) * 100)}) ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''}`,
          );
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench', 'results', 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), targets, results }, null, 2)}\n`,
);
console.log('\nwritten to bench/results/lighthouse.json');
if (failed && ['1', 'true'].includes(process.env.LIGHTHOUSE_STRICT ?? '')) process.exit(1);
