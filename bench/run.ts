import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuild } from '../scripts/ensure-build.ts';

/**
 * `npm run bench` (docs/performance.md, docs/testing.md): never a timed test, a measurement with a baseline from the
 * same run. Each server runs in its own child process (one core for it, the other for autocannon):
 *   baseline  bare Fastify, one small JSON route: the node:http ceiling on this machine;
 *   app       the real server (startServer) on a fresh embedded database with demo data and the built site; the
 *             monitors' rates export is measured against the baseline (target: at least 0.6 of it).
 * 10 connections, BENCH_SECONDS (default 5) per target. Also the home page's first-load JS (gzip) against its budget.
 * `npm run bench -- --js` measures only the first-load JS of `/` and `/en` (seconds, not minutes);
 * `npm run bench -- --only export` the baseline and the targets named so (the rates export), without the JS.
 * Results: a table on stdout and bench/results/latest.json.
 */

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const jsBudgetKiB = 150;
const jsOnly = process.argv.includes('--js');
// `--only <text>`: the baseline and the app targets whose name contains it, no JS weight (a quick check of one route).
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? null : (process.argv[onlyAt + 1] ?? '');

// ---- child mode: serve and print the address ------------------------------------------------------------------
async function serve(kind: string) {
  if (kind === 'baseline') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/json', async () => ({ status: 'ok', service: 'baseline', n: 1 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  } else {
    const { parseConfig } = await import('../server/config.ts');
    const { startServer } = await import('../server/main.ts');
    // Logging as `npm start` does (one JSON line per request, info): its cost is part of every answer.
    const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '1', LOG_FORMAT: 'json' });
    const app = await startServer(config);
    const { port } = app.server.address() as { port: number };
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
  }
  process.on('SIGTERM', () => process.exit(0));
}

const mode = process.argv.indexOf('--serve');
if (mode !== -1) {
  await serve(process.argv[mode + 1] ?? 'baseline');
} else {
  await main();
}

// ---- parent mode ------------------------------------------------------------------------------------------------
async function startChild(kind: string, env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', kind], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start in 120 s`)), 120_000);
    child.once('exit', (code) => reject(new Error(`${kind} server exited ${code}`)));
    // The app's log lines come through the same pipe (read and dropped, as a log collector would take them).
    lines.on('line', (line) => {
      if (!line.startsWith('{"url":')) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { url, child };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

interface Row {
  name: string;
  url: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number | null;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // Warm-up: JIT, caches, the first render.
  await autocannon({ url, connections, amount: 200, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
  return {
    name,
    url: new URL(url).pathname,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ratio: null,
  };
}

/**
 * JS the home page loads on its own, counted by a real browser: every script Chromium fetches from the site while the
 * page loads and settles (network idle plus a second), without any interaction. A static reading of the HTML gets it
 * wrong both ways: the route manifest named in the inline data is never fetched (lazy route discovery), while the
 * locale catalogue is imported by a script, not named in the HTML.
 * Then the visitor focuses the calculator's send amount: what that fetches (the island, docs/decisions/0012) is
 * reported apart, as the first interaction's JS. Sizes are the precompressed gzip files the server sends.
 */
async function firstLoadJs(url: string, buildDir: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  let fetched = new Set<string>();
  const firstLoad = fetched;
  const interaction = new Set<string>();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === new URL(url).origin && /\.m?js$/.test(u.pathname)) fetched.add(u.pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    fetched = interaction;
    await page.focus('input[name="fromSumma"]');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
  } finally {
    await browser.close();
  }
  const weigh = (files: Set<string>) => {
    const rows = [...files].map((f) => {
      const file = path.join(buildDir, 'client', f);
      const raw = readFileSync(file);
      const gz = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(raw, { level: 9 }).length;
      return { file: f, bytes: raw.length, gzip: gz };
    });
    return { rows: rows.sort((a, b) => b.gzip - a.gzip), gzip: rows.reduce((n, r) => n + r.gzip, 0) };
  };
  const { rows, gzip } = weigh(firstLoad);
  const then = weigh(interaction);
  return {
    files: rows,
    gzipKiB: +(gzip / 1024).toFixed(1),
    budgetKiB: jsBudgetKiB,
    withinBudget: gzip <= jsBudgetKiB * 1024,
    firstInteraction: { files: then.rows, gzipKiB: +(then.gzip / 1024).toFixed(1) },
  };
}

async function main() {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  ensureBuild(buildDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-bench-'));
  // Production React (the development build is several times slower at SSR), as `npm start` runs it.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const children: ChildProcess[] = [];
  const rows: Row[] = [];
  const js: Record<string, Awaited<ReturnType<typeof firstLoadJs>>> = {};
  try {
    let baseRate = 0;
    if (!jsOnly) {
      const baseline = await startChild('baseline', env);
      children.push(baseline.child);
      const base = await measure('baseline: bare Fastify JSON', `${baseline.url}/json`);
      baseRate = base.reqPerSec;
      rows.push({ ...base, ratio: 1 });
      await stop(baseline.child);
    }

    const app = await startChild('app', env);
    children.push(app.child);
    const ids = new Map(
      (
        (await (await fetch(`${app.url}/api/v1/calculator/`)).json()) as { results: { id: number; code: string }[] }
      ).results.map((c) => [c.code, c.id]),
    );
    const pair = `${ids.get('BTC')}/${ids.get('SBERRUB')}`;
    const targets: [string, string, Record<string, string>?][] = [
      // The calculator's hot answers (target >= 0.6 x baseline, p99 <= 5 ms).
      ['app: directions /calculator/', '/api/v1/calculator/'],
      ['app: pair BTC/SBERRUB', `/api/v1/calculator/pair/${pair}/`],
      ['app: course BTC/SBERRUB', `/api/v1/calculator/course/${pair}/`],
      ['app: GET /healthz', '/healthz'],
      // What a monitor polls every few seconds: ready bytes, compressed once per version (target >= 0.6 x baseline).
      ['app: export /export.xml (br)', '/export.xml', { 'accept-encoding': 'gzip, br' }],
      ['app: SSR home /', '/', { 'accept-encoding': 'gzip, br' }],
      ['app: SSR content /rules', '/rules', { 'accept-encoding': 'gzip, br' }],
      // The same page uncompressed: the difference is what per-request brotli costs (docs/decisions/0010).
      ['app: SSR /rules, identity', '/rules', { 'accept-encoding': 'identity' }],
      ['app: SSR content /en/faq', '/en/faq', { 'accept-encoding': 'gzip, br' }],
    ];
    const chosen = jsOnly ? [] : targets.filter(([name]) => only === null || name.includes(only));
    for (const [name, p, headers] of chosen) {
      const row = await measure(name, `${app.url}${p}`, headers);
      row.ratio = +(row.reqPerSec / baseRate).toFixed(3);
      rows.push(row);
    }
    if (only === null) for (const p of ['/', '/en']) js[p] = await firstLoadJs(`${app.url}${p}`, buildDir);
    // The same pages rendered for every request (PAGE_CACHE=off, docs/decisions/0026): what the page cache saves.
    const uncached: [string, string, Record<string, string>][] = [
      ['app: SSR home /, PAGE_CACHE=off', '/', { 'accept-encoding': 'gzip, br' }],
      ['app: SSR /rules, PAGE_CACHE=off', '/rules', { 'accept-encoding': 'gzip, br' }],
    ];
    const chosenUncached = jsOnly ? [] : uncached.filter(([name]) => only === null || name.includes(only));
    if (chosenUncached.length) {
      await stop(app.child);
      const off = await startChild('app', { ...env, PAGE_CACHE: 'off' });
      children.push(off.child);
      for (const [name, p, headers] of chosenUncached) {
        const row = await measure(name, `${off.url}${p}`, headers);
        row.ratio = +(row.reqPerSec / baseRate).toFixed(3);
        rows.push(row);
      }
    }
  } finally {
    for (const c of children) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    loadAverage: (await import('node:os')).loadavg().map((n) => +n.toFixed(2)),
    connections,
    secondsPerTarget: seconds,
    rows,
    firstLoadJs: js,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);

  const pad = (s: string | number, n: number, left = false) => (left ? String(s).padEnd(n) : String(s).padStart(n));
  console.log(
    `\nObmen bench, ${result.date}, Node ${result.node}, ${result.cpus} cores, load average ${result.loadAverage.join(' ')}\n`,
  );
  if (rows.length) {
    console.log(`${connections} connections, ${seconds} s each\n`);
    console.log(
      `${pad('target', 30, true)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('x base', 9)}${pad('errors', 8)}${pad('non2xx', 8)}`,
    );
  }
  for (const r of rows)
    console.log(
      `${pad(r.name, 30, true)}${pad(r.reqPerSec, 9)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(r.ratio ?? '', 9)}${pad(r.errors, 8)}${pad(r.non2xx, 8)}`,
    );
  for (const [page, weight] of Object.entries(js)) {
    console.log(
      `\n${page} first-load JS: ${weight.gzipKiB} KiB gzip in ${weight.files.length} files (budget ${weight.budgetKiB} KiB: ${weight.withinBudget ? 'within' : 'OVER'})`,
    );
    for (const f of weight.files) console.log(`  ${pad((f.gzip / 1024).toFixed(1), 7)} KiB  ${f.file}`);
    const then = weight.firstInteraction;
    console.log(`  then on focusing the calculator: ${then.gzipKiB} KiB gzip in ${then.files.length} files`);
    for (const f of then.files) console.log(`  ${pad((f.gzip / 1024).toFixed(1), 7)} KiB  ${f.file}`);
  }
  console.log('\nwritten to bench/results/latest.json');
  const bad = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (bad.length) {
    console.log(`\nWARNING: errors or non-2xx answers in: ${bad.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}
