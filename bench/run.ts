import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { load, loadTool, startChild, stop, warmUp, type Load } from './children.ts';
import { benchClaims } from './claims.ts';
import { measureColdStart } from './cold-start.ts';
import { createDemoClaim } from './demo-claim.ts';
import { measureMarkdown } from './markdown.ts';
import { serveRenderBaseline } from './render.ts';

/**
 * `npm run bench` (docs/performance.md): every figure of the performance budget, each against a bare baseline measured
 * in the same run, on a quiet machine. Never a timed test: CI runs `--smoke` only (every target once, briefly, to
 * prove each still answers and measures; no figure is judged).
 *
 * Servers are child processes on core 0, the load generator (wrk when installed, else autocannon) on core 1:
 *   bare Fastify       one small JSON route: what the site's cached pages and the calculator's answers are held to;
 *   bare render        bare Fastify answering React's renderToString of a ~350-element page (bench/render.ts): what a
 *                      page rendered per request is held to;
 *   app                the real server (`npm start` as it runs: production build, the embedded database from its
 *                      snapshot with demo data, request log on), the page cache on; a customer signed up in it, whose
 *                      session cookie the logged-in rows send;
 *   app, cache off     the same with PAGE_CACHE=off: every page rendered per request, as the account area is;
 *   claims             bench/claims.ts: POST /api/v1/claim/ against a bare transaction of two INSERTs on the same
 *                      engine (PGlite; PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL);
 *   Markdown           bench/markdown.ts: the renderer on the bodies of brackets that once made it quadratic, in this
 *                      process, against the same renderer on ordinary prose of the same length;
 *   cold start         bench/cold-start.ts: a fresh data folder to the first page, against a bare Fastify start;
 *   first-load JS      what Chromium fetches for `/` and a claim page before any interaction (gzip);
 *   Lighthouse         scripts/lighthouse.ts, mobile preset, median of LIGHTHOUSE_RUNS (3) on public pages.
 * 10 connections, BENCH_SECONDS (5) per target, each server's targets all warmed for 3 s before the first is measured
 * (a fresh process is slower for its first seconds; unwarmed, the first target measured carried it). `--only <text>`: the rows whose name contains it. `--js`: first-load
 * JS only. Results: the table on stdout, bench/results/latest.json.
 */

const root = path.resolve(import.meta.dirname, '..');
const smoke = process.argv.includes('--smoke');
const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
/** Load put on every target of a server before the first is measured (`warmUp`, bench/children.ts); none in smoke. */
const warmSeconds = smoke ? 0 : 3;
const connections = 10;
const onlyAt = process.argv.indexOf('--only');
const only = process.argv.includes('--js') ? 'first-load JS' : onlyAt === -1 ? null : (process.argv[onlyAt + 1] ?? '');
const JS_BUDGET_KIB = 130;
const chosen = (name: string) => only === null || name.includes(only);
/** The account the app child signs up, for the pages of a logged-in customer. */
const benchCustomer = { email: 'bench-customer@obmen.test', password: 'bench customer password' };

// ---- child mode: serve and print the address ------------------------------------------------------------------
async function serve(kind: string) {
  let url: string;
  if (kind === 'baseline') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/json', async () => ({ status: 'ok', service: 'baseline', n: 1 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  } else if (kind === 'render-baseline') {
    url = await serveRenderBaseline();
  } else {
    const { parseConfig } = await import('../server/config.ts');
    const { startServer } = await import('../server/main.ts');
    // As `npm start` runs it: one JSON log line per request at info, its cost part of every answer.
    const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '1', LOG_FORMAT: 'json' });
    const app = await startServer(config);
    // A customer's account for the rows of a logged-in visitor (signed up as the site does it; the parent logs in).
    await app.services.users.signup({ ...benchCustomer, refferal: null }, 'ru');
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  console.log(JSON.stringify({ url }));
  process.on('SIGTERM', () => process.exit(0));
}

const mode = process.argv.indexOf('--serve');
if (mode !== -1) await serve(process.argv[mode + 1] ?? 'baseline');
else await main();

// ---- parent mode ------------------------------------------------------------------------------------------------

/** One line of the budget: what was measured, against what, and the target it is held to. */
interface Row {
  name: string;
  /** The measured figure and its unit. */
  value: number;
  unit: string;
  /** The baseline's figure in the same unit, when the target is a ratio. */
  baseline: number | null;
  baselineName: string | null;
  ratio: number | null;
  p99: number | null;
  target: string;
  ok: boolean | null;
  errors: number;
}

/**
 * JS a page loads on its own, counted by a real browser: every script Chromium fetches from the site while the page
 * loads and settles (network idle plus a second), without any interaction. A static reading of the HTML gets it wrong
 * both ways: the route manifest named in the inline data is never fetched (lazy route discovery), while the locale
 * catalogue is imported by a script, not named in the HTML. Sizes are the precompressed gzip files the server sends.
 */
async function firstLoadJs(url: string, buildDir: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const fetched = new Set<string>();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === new URL(url).origin && /\.m?js$/.test(u.pathname)) fetched.add(u.pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
  } finally {
    await browser.close();
  }
  const files = [...fetched].map((f) => {
    const file = path.join(buildDir, 'client', f);
    const gz = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file)).length;
    return { file: f, gzip: gz };
  });
  return {
    files: files.sort((a, b) => b.gzip - a.gzip),
    kib: +(files.reduce((n, f) => n + f.gzip, 0) / 1024).toFixed(1),
  };
}

/** Lighthouse on public pages through scripts/lighthouse.ts (its own server), the median run's scores per page. */
async function lighthouse(paths: string[]) {
  const env = { ...process.env, LIGHTHOUSE_RUNS: smoke ? '1' : (process.env.LIGHTHOUSE_RUNS ?? '3') };
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'lighthouse.ts'), ...paths], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`scripts/lighthouse.ts exited ${code}`);
  return JSON.parse(readFileSync(path.join(root, 'bench', 'results', 'lighthouse.json'), 'utf8')) as {
    results: { path: string; scores: Record<string, number> }[];
  };
}

async function main() {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  ensureBuild(buildDir);
  const dirs: string[] = [];
  const freshEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-bench-'));
    dirs.push(dataDir);
    // Production React (the development build is several times slower at SSR), as `npm start` runs it.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.PAGE_CACHE;
    return { ...env, ...extra };
  };
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const br = { 'accept-encoding': 'gzip, br' };

  /** Measures `targets` on one server against a baseline server measured just before them. */
  const httpRows = async (
    baselineKind: 'baseline' | 'render-baseline',
    baselinePath: string,
    appEnv: Record<string, string>,
    targets: {
      name: string;
      path: (ids: Map<string, number>) => string;
      ratio: number;
      p99: number;
      /** Asked for as the logged-in customer (their session cookie). */
      customer?: boolean;
    }[],
  ) => {
    const wanted = targets.filter((t) => chosen(t.name));
    if (!wanted.length) return;
    const baselineName = baselineKind === 'baseline' ? 'bare Fastify JSON' : 'bare React renderToString';
    const base = await startChild(import.meta.filename, baselineKind, freshEnv());
    let b: Load;
    try {
      await warmUp(`${base.url}${baselinePath}`, { seconds: warmSeconds, connections, headers: br });
      b = await load(`${base.url}${baselinePath}`, { seconds, connections, headers: br });
    } finally {
      await stop(base.child);
    }
    const app = await startChild(import.meta.filename, 'app', freshEnv(appEnv));
    try {
      const list = (await (await fetch(`${app.url}/api/v1/calculator/`)).json()) as {
        results: { id: number; code: string }[];
      };
      const ids = new Map(list.results.map((c) => [c.code, c.id]));
      const customer = wanted.some((t) => t.customer) ? await logIn(app.url) : {};
      const headersOf = (t: (typeof wanted)[number]) => (t.customer ? { ...br, ...customer } : br);
      // Every target warmed before any is measured: otherwise the first one carries the fresh process's slow seconds.
      for (const t of wanted)
        await warmUp(`${app.url}${t.path(ids)}`, { seconds: warmSeconds, connections, headers: headersOf(t) });
      for (const t of wanted) {
        const headers = headersOf(t);
        const r = await load(`${app.url}${t.path(ids)}`, { seconds, connections, headers });
        const ratio = +(r.reqPerSec / b.reqPerSec).toFixed(3);
        rows.push({
          name: t.name,
          value: r.reqPerSec,
          unit: 'req/s',
          baseline: b.reqPerSec,
          baselineName,
          ratio,
          p99: r.p99,
          target: `>= ${t.ratio} x, p99 <= ${t.p99} ms`,
          ok: ratio >= t.ratio && r.p99 <= t.p99,
          errors: r.errors + r.non2xx + b.errors + b.non2xx,
        });
      }
    } finally {
      await stop(app.child);
    }
  };

  /** The bench customer's session cookie on the app at `url`, as a request header. */
  const logIn = async (url: string) => {
    const res = await fetch(`${url}/front-api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...benchCustomer, remember: false }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='));
    if (!res.ok || !cookie) throw new Error(`the bench customer's login answered ${res.status}`);
    return { cookie: cookie.split(';')[0]! };
  };
  const pair = (ids: Map<string, number>) => `${ids.get('BTC')}/${ids.get('SBERRUB')}`;
  // Pages and the calculator's answers from ready bytes, against the bare JSON route.
  await httpRows('baseline', '/json', {}, [
    { name: 'home page /, anonymous, from the page cache', path: () => '/', ratio: 0.2, p99: 5 },
    { name: '/en/rules, anonymous, from the page cache', path: () => '/en/rules', ratio: 0.2, p99: 5 },
    { name: 'directions GET /api/v1/calculator/', path: () => '/api/v1/calculator/', ratio: 0.6, p99: 5 },
    {
      name: 'pair GET /api/v1/calculator/pair/',
      path: (ids) => `/api/v1/calculator/pair/${pair(ids)}/`,
      ratio: 0.6,
      p99: 5,
    },
    {
      name: 'course GET /api/v1/calculator/course/',
      path: (ids) => `/api/v1/calculator/course/${pair(ids)}/`,
      ratio: 0.6,
      p99: 5,
    },
  ]);
  // Pages rendered per request (the cache off: as the account area, the console and the first view of a page after a
  // change are), against the bare render.
  await httpRows('render-baseline', '/', { PAGE_CACHE: 'off' }, [
    { name: 'home page /, rendered (PAGE_CACHE=off)', path: () => '/', ratio: 0.3, p99: 20 },
    { name: '/en/rules, rendered (PAGE_CACHE=off)', path: () => '/en/rules', ratio: 0.3, p99: 20 },
  ]);
  // A logged-in customer's public pages (the cache on): from the page cache with their e-mail put in (decision 0036),
  // held to the same budget as a rendered page, against the same bare render. Not rows of the table.
  await httpRows('render-baseline', '/', {}, [
    { name: 'home page /, logged-in customer', path: () => '/', ratio: 0.3, p99: 20, customer: true },
    { name: '/en/rules, logged-in customer', path: () => '/en/rules', ratio: 0.3, p99: 20, customer: true },
  ]);

  // Claim creation against a bare two-INSERT transaction on the same engine.
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  for (const engine of ['pglite', 'postgres'] as const) {
    const name = `claim creation, ${engine === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL'}`;
    if (!chosen(name)) continue;
    if (engine === 'postgres' && !adminUrl) {
      details.postgres = 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
      continue;
    }
    const { baseline, claims } = await benchClaims({ engine, seconds, ...(adminUrl ? { adminUrl } : {}) });
    const ratio = +(claims.reqPerSec / baseline.reqPerSec).toFixed(3);
    rows.push({
      name,
      value: claims.reqPerSec,
      unit: 'claims/s',
      baseline: baseline.reqPerSec,
      baselineName: 'bare transaction of two INSERTs',
      ratio,
      p99: claims.p99,
      target: '>= 0.5 x',
      ok: ratio >= 0.5,
      errors: claims.errors + claims.non2xx + baseline.errors + baseline.non2xx,
    });
  }

  const markdownRow = 'Markdown, a body of brackets (100,000 characters)';
  if (chosen(markdownRow)) {
    const md = measureMarkdown({ runs: smoke ? 3 : 51 });
    const ratio = +(md.renderMs / md.baselineMs).toFixed(2);
    rows.push({
      name: markdownRow,
      value: +md.renderMs.toFixed(3),
      unit: 'ms',
      baseline: +md.baselineMs.toFixed(3),
      baselineName: 'ordinary prose of that length',
      ratio,
      p99: null,
      target: '<= 10 x',
      ok: ratio <= 10,
      errors: 0,
    });
    details.markdown = md.bodies;
  }

  if (chosen('cold start')) {
    const start = await measureColdStart({ buildDir, runs: smoke ? 1 : 5 });
    rows.push({
      name: 'cold start, fresh data folder, to the first page',
      value: Math.round(start.medianMs),
      unit: 'ms',
      baseline: Math.round(start.baselineMs),
      baselineName: 'bare Fastify process start',
      ratio: +(start.medianMs / start.baselineMs).toFixed(2),
      p99: null,
      target: '< 2000 ms',
      ok: start.medianMs < 2000,
      errors: 0,
    });
    details.coldStart = start;
  }

  if (chosen('first-load JS')) {
    const app = await startChild(import.meta.filename, 'app', freshEnv());
    try {
      // A crypto pay-in claim: its page is the heaviest (the payment address, the QR code).
      const uuid = await createDemoClaim(app.url);
      for (const [label, p] of [
        ['/', '/'],
        ['/en/claim/{uuid}', `/en/claim/${uuid}`],
      ] as const) {
        const js = await firstLoadJs(`${app.url}${p}`, buildDir);
        details[`firstLoadJs ${label}`] = js.files;
        rows.push({
          name: `first-load JS ${label} (gzip)`,
          value: js.kib,
          unit: 'KiB',
          baseline: null,
          baselineName: null,
          ratio: null,
          p99: null,
          target: `<= ${JS_BUDGET_KIB} KiB`,
          ok: js.kib <= JS_BUDGET_KIB,
          errors: 0,
        });
      }
    } finally {
      await stop(app.child);
    }
  }

  if (chosen('Lighthouse')) {
    const pages = smoke ? ['/'] : ['/', '/en', '/rules', '/en/faq'];
    const lh = await lighthouse(pages);
    for (const r of lh.results) {
      const scores = Object.values(r.scores);
      rows.push({
        name: `Lighthouse mobile ${r.path}`,
        value: Math.min(...scores),
        unit: 'lowest score',
        baseline: null,
        baselineName: null,
        ratio: null,
        p99: null,
        target: '100 in every category',
        ok: scores.every((s) => s === 100),
        errors: 0,
      });
      details[`lighthouse ${r.path}`] = r.scores;
    }
  }

  for (const d of dirs) rmSync(d, { recursive: true, force: true });

  const result = {
    date: new Date().toISOString(),
    mode: smoke ? 'smoke' : 'full',
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg().map((n) => +n.toFixed(2)),
    loadTool,
    connections,
    secondsPerTarget: seconds,
    rows,
    details,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', smoke ? 'smoke.json' : 'latest.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );

  console.log(
    `\nObmen bench${smoke ? ' (smoke: figures not judged)' : ''}, ${result.date}, Node ${result.node}, ${result.cpus} cores, ` +
      `load average ${result.loadAverage.join(' ')}, ${loadTool}, ${connections} connections, ${seconds} s per target\n`,
  );
  console.log('| what | measured | baseline | ratio | p99 ms | target | |');
  console.log('|---|--:|--:|--:|--:|---|---|');
  for (const r of rows) {
    const base = r.baseline === null ? '' : `${r.baseline.toLocaleString('en')} ${r.unit} (${r.baselineName})`;
    const verdict = smoke ? '' : r.ok ? 'meets' : 'MISSES';
    console.log(
      `| ${r.name} | ${r.value.toLocaleString('en')} ${r.unit} | ${base} | ${r.ratio ?? ''} | ${r.p99 ?? ''} | ${r.target} | ${verdict} |`,
    );
  }
  if (details.postgres) console.log(`\nclaim creation on PostgreSQL ${String(details.postgres)}`);
  console.log(`\nwritten to bench/results/${smoke ? 'smoke' : 'latest'}.json`);
  const bad = rows.filter((r) => r.errors > 0);
  if (bad.length) {
    console.log(`\nERROR: failed requests in: ${bad.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
  if (!rows.length) {
    console.log('\nERROR: nothing measured');
    process.exitCode = 1;
  }
}
