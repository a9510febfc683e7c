import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createElement as h, type ReactElement } from 'react';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { load, startChild, stop } from './children.ts';

/**
 * `node bench/render.ts` (docs/performance.md "Server renders", docs/decisions/0027): what a server render of the site
 * costs against a bare React `renderToString` of a comparable page, measured in the same run. Each server is a child
 * process (one core for it, the other for autocannon):
 *   render baseline  bare Fastify, one route answering `renderToString` of a synthetic page of ~350 elements
 *                    (`renderBaselinePage`: headings, links, lists and class names like the site's pages);
 *   app              the real server (startServer, production build, fresh embedded database, demo data), guests.
 * 10 connections, BENCH_SECONDS (default 5) each, BENCH_ROUNDS (default 2) interleaved rounds, the best kept. Target: `/` and `/en/rules` at >= 0.3 of the baseline, p99 <= 20 ms.
 * `BENCH_CPU_PROF=<dir>` writes a V8 CPU profile of the app child there (open it in Chrome's DevTools).
 * `--only <text>`: the baseline and the app targets whose path contains the text.
 */

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = 10;

const classes = [
  'mx-auto max-w-6xl px-4 sm:px-6',
  'text-sm font-semibold text-slate-700',
  'flex items-center justify-between gap-2 rounded-lg px-2 py-1.5',
  'mt-3 leading-relaxed text-slate-600',
];

/**
 * A page of ~350 elements shaped like the site's: a header with a menu, sections of headings, paragraphs and lists of
 * links, a footer. Built with createElement (this file runs on Node without a JSX step). The render baseline of this
 * bench; bench/run.ts may reuse it.
 */
export function renderBaselinePage(): ReactElement {
  const link = (i: number, text: string) =>
    h(
      'li',
      { key: i, className: classes[i % 4] },
      h('a', { href: `/page/${i}`, className: classes[(i + 1) % 4] }, text),
    );
  const section = (n: number) =>
    h(
      'section',
      { key: n, 'aria-labelledby': `s${n}`, className: classes[0] },
      h('h2', { id: `s${n}`, className: classes[1] }, `Section ${n}: how the exchange works`),
      h('p', { className: classes[3] }, 'Choose the currencies, enter the amount and your details, then pay.'),
      h(
        'ul',
        { className: 'mt-4 grid gap-2' },
        Array.from({ length: 8 }, (_, i) =>
          h(
            'li',
            { key: i, className: classes[2] },
            h('span', { className: classes[1] }, `Item ${n}.${i}`),
            h('a', { href: `/item/${n}/${i}`, className: 'link' }, 'Details'),
          ),
        ),
      ),
    );
  return h(
    'div',
    { className: 'flex min-h-screen flex-col' },
    h(
      'header',
      { className: classes[0] },
      h('a', { href: '/', className: 'font-bold' }, 'Obmen'),
      h(
        'nav',
        { 'aria-label': 'Menu' },
        h(
          'ul',
          { className: 'flex gap-4' },
          Array.from({ length: 8 }, (_, i) => link(i, `Menu ${i}`)),
        ),
      ),
    ),
    h(
      'main',
      { id: 'main', className: 'flex-1' },
      Array.from({ length: 10 }, (_, n) => section(n)),
    ),
    h(
      'footer',
      { className: 'bg-ink text-slate-300' },
      h(
        'ul',
        { className: 'grid gap-2' },
        Array.from({ length: 20 }, (_, i) => link(i, `Footer link ${i}`)),
      ),
      h('p', { className: 'text-xs' }, '© Obmen'),
    ),
  );
}

/** The render baseline's server: bare Fastify, `GET /` answers `renderToString(renderBaselinePage())` as HTML. */
export async function serveRenderBaseline(): Promise<string> {
  const { default: Fastify } = await import('fastify');
  const { renderToString } = await import('react-dom/server');
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!DOCTYPE html>${renderToString(renderBaselinePage())}`),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

// ---- child mode: serve and print the address ------------------------------------------------------------------
async function serve(kind: string) {
  let url: string;
  if (kind === 'baseline') {
    url = await serveRenderBaseline();
  } else {
    const { parseConfig } = await import('../server/config.ts');
    const { startServer } = await import('../server/main.ts');
    const config = parseConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: '1' });
    const app = await startServer(config);
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  console.log(JSON.stringify({ url }));
  // process.exit lets --cpu-prof write its profile (a signal's default death would not).
  process.on('SIGTERM', () => process.exit(0));
}

// ---- parent mode ------------------------------------------------------------------------------------------------
async function measure(url: string) {
  const headers = { 'accept-encoding': 'identity' };
  const r = await load(url, { seconds, connections, headers });
  const first = await fetch(url, { headers });
  const html = await first.text();
  const bytes = Buffer.byteLength(html);
  return {
    reqPerSec: r.reqPerSec,
    p50: r.p50,
    p99: r.p99,
    bad: r.errors + r.non2xx,
    kib: +(bytes / 1024).toFixed(1),
    elements: html.match(/<[a-zA-Z]/g)?.length ?? 0,
  };
}

async function main() {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt === -1 ? null : (process.argv[onlyAt + 1] ?? '');
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  ensureBuild(buildDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-bench-render-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const paths = ['/', '/en/rules', '/en', '/rules'].filter((p) => only === null || p.includes(only));
  const best = new Map<string, { name: string } & Awaited<ReturnType<typeof measure>>>();
  const keep = (name: string, r: Awaited<ReturnType<typeof measure>>) => {
    const before = best.get(name);
    if (!before || r.reqPerSec > before.reqPerSec) best.set(name, { name, ...r, bad: r.bad + (before?.bad ?? 0) });
    else before.bad += r.bad;
  };
  const children: ChildProcess[] = [];
  try {
    // Both servers run side by side, idle but for the one measured; rounds interleave them, so a burst of load from
    // other work on the machine hits both sides, and the best of the rounds is kept for each.
    const baseline = await startChild(import.meta.filename, 'baseline', env);
    children.push(baseline.child);
    const app = await startChild(import.meta.filename, 'app', env);
    children.push(app.child);
    for (let round = 0; round < rounds; round++) {
      keep('baseline renderToString', await measure(`${baseline.url}/`));
      for (const p of paths) keep(`app ${p}`, await measure(`${app.url}${p}`));
    }
  } finally {
    for (const c of children) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = [...best.values()];
  const base = rows[0]!.reqPerSec;
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\nrender bench, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${connections} connections, best of ${rounds} rounds of ${seconds} s\n`,
  );
  console.log(
    `${'target'.padEnd(26)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('KiB', 8)}${pad('elems', 7)}${pad('x base', 8)}${pad('bad', 6)}`,
  );
  for (const r of rows) {
    const ratio = (r.reqPerSec / base).toFixed(3);
    console.log(
      `${r.name.padEnd(26)}${pad(r.reqPerSec, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.kib, 8)}${pad(r.elements, 7)}${pad(ratio, 8)}${pad(r.bad, 6)}`,
    );
  }
  if (rows.some((r) => r.bad > 0)) process.exitCode = 1;
}

if (import.meta.main) {
  const mode = process.argv.indexOf('--serve');
  if (mode !== -1) await serve(process.argv[mode + 1] ?? 'baseline');
  else await main();
}
