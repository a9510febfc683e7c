import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startChild, stop } from './children.ts';

declare module 'autocannon' {
  interface Options {
    body?: string;
    requests?: { method?: string; setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
  }
}

/**
 * Claim creation against the database's own speed (docs/performance.md, docs/decisions/0029): POST /api/v1/claim/ of
 * the real app against a bare Fastify route whose handler runs one transaction of two INSERTs (a claim-shaped row and
 * its history row) on the SAME engine: PGlite in the server's own thread, on disk like the app's; or PostgreSQL through
 * a pg Pool of the app's size (10), each side in a fresh database created and dropped here. Target: the app at least
 * 0.5 of the baseline on each engine.
 *
 * Every request is a different valid claim (its own amount, e-mail and Idempotency-Key, as the form sends one), so
 * neither the key nor anything else answers it early; any non-2xx answer is counted and fails the run. The app runs
 * with CAPTCHA_PROVIDER=none (the bench cannot solve proofs of work at load) and JOBS on, as a server runs. Claim
 * creation has no throttle of its own, so none needs switching off. Mail is logged (no SMTP_URL), at LOG_LEVEL=silent.
 *
 * Alone: `node bench/claims.ts [--pglite|--postgres]` (both when neither; PostgreSQL needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, a server where a database may be created and dropped). BENCH_SECONDS (default 5) per target,
 * split into two interleaved rounds, best kept. BENCH_CPU_PROF=<dir> writes the servers' CPU profiles there.
 */

export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

type Engine = 'pglite' | 'postgres';

const connections = 10;
/** The app's pool size (server/db/client.ts): the baseline gets as many connections. */
const poolSize = 10;

// ---- child mode ---------------------------------------------------------------------------------------------------

/** Tables shaped like `claims` and `claim_history`: the columns a claim writes, its key's unique index, the FK. */
const baselineSchema = `
  create table bench_claims (
    id uuid primary key default gen_random_uuid(),
    email text not null, locale text not null,
    from_currency_id integer not null, to_currency_id integer not null,
    from_amount numeric(30, 10) not null, to_amount numeric(30, 10) not null, course numeric(30, 10) not null,
    from_requisites jsonb not null, to_requisites jsonb not null,
    status text not null default 'new', idempotency_key text, request_hash text,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    expires_at timestamptz not null
  );
  create unique index bench_claims_key on bench_claims (idempotency_key);
  create table bench_claim_history (
    id serial primary key, claim_id uuid not null references bench_claims(id),
    from_status text, to_status text not null, actor text not null, reason text,
    created_at timestamptz not null default now()
  );
  create index bench_claim_history_claim on bench_claim_history (claim_id, id);`;

const insertClaim = `insert into bench_claims (email, locale, from_currency_id, to_currency_id, from_amount, to_amount,
    course, from_requisites, to_requisites, idempotency_key, request_hash, expires_at)
  values ($1, 'ru', $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + interval '30 minutes') returning id`;
const insertHistory = `insert into bench_claim_history (claim_id, from_status, to_status, actor, reason)
  values ($1, null, 'new', 'customer', 'created')`;

interface ClaimBody {
  email: string;
  fromPs: number;
  toPs: number;
  fromSumma: string;
  toSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: { id: string }[] }>;

async function serveBaseline(engine: Engine) {
  const { default: Fastify } = await import('fastify');
  let transaction: (work: (query: Query) => Promise<void>) => Promise<void>;
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolSize });
    await pool.query(baselineSchema);
    transaction = async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await work((text, params) => client.query(text, params));
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'pglite'));
    await db.exec(baselineSchema);
    transaction = (work) => db.transaction((tx) => work((text, params) => tx.query(text, params)));
  }
  const app = Fastify({ logger: false });
  app.post('/claim', async (request, reply) => {
    const b = request.body as ClaimBody;
    const key = request.headers['idempotency-key'];
    let id = '';
    await transaction(async (query) => {
      const { rows } = await query(insertClaim, [
        b.email,
        b.fromPs,
        b.toPs,
        b.fromSumma,
        b.toSumma,
        '1',
        JSON.stringify(b.fromRequisites),
        JSON.stringify(b.toRequisites),
        key,
        'hash',
      ]);
      id = rows[0]!.id;
      await query(insertHistory, [id]);
    });
    return reply.status(201).send({ uuid: id });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` }));
}

/** The real server, as server/main.ts starts it, without the pages (no build needed to create claims). */
async function serveApp() {
  const { parseConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const { seedDemoData } = await import('../server/db/seed.ts');
  const { buildServices } = await import('../server/services.ts');
  const { buildApp } = await import('../server/app.ts');
  const config = parseConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'none',
    DEMO_DATA: '1',
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  await seedDemoData(database.db);
  const services = buildServices(database, config);
  const app = await buildApp({ config, services, ssr: false, closeDatabase: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` }));
}

// ---- parent mode --------------------------------------------------------------------------------------------------

/** Claims the demo pair SBERRUB -> USDTTRC20 accepts, each different, priced as the server prices them. */
async function claimBodies(appUrl: string, count: number): Promise<string[]> {
  const { receiveFor } = await import('../shared/exchange/calculator.ts');
  const list = (await (await fetch(`${appUrl}/api/v1/calculator/`)).json()) as {
    results: { id: number; code: string }[];
  };
  const id = (code: string) => list.results.find((c) => c.code === code)!.id;
  const [from, to] = [id('SBERRUB'), id('USDTTRC20')];
  const pair = (await (await fetch(`${appUrl}/api/v1/calculator/pair/${from}/${to}/`)).json()) as Parameters<
    typeof receiveFor
  >[0] & {
    structure: Record<'from' | 'to', { inputs: { name: string; example: string; visible: boolean }[] }>;
  };
  const req = (side: 'from' | 'to') =>
    Object.fromEntries(pair.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
  return Array.from({ length: count }, (_, i) => {
    // 10,000 RUB and up: above the pair's receive minimum, far inside its maximum and the reserve.
    const fromSumma = String(10_000 + 17 * i);
    return JSON.stringify({
      email: `bench-${i}@example.com`,
      fromPs: from,
      toPs: to,
      fromSumma,
      toSumma: receiveFor(pair, fromSumma),
      fromRequisites: req('from'),
      toRequisites: req('to'),
      recaptcha: '',
    });
  });
}

/** POSTs the bodies round-robin, each with a fresh Idempotency-Key; warm-up first. */
async function measure(name: string, url: string, bodies: string[], seconds: number): Promise<Row> {
  let n = 0;
  const requests = [
    {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: bodies[n++ % bodies.length],
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      }),
    },
  ];
  await autocannon({ url, connections, amount: 200, requests });
  const r = await autocannon({ url, connections, duration: seconds, timeout: 10, requests });
  return {
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** A fresh PostgreSQL database for one side, and how to drop it. */
async function freshDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function benchClaims(opts: {
  engine: Engine;
  seconds: number;
  adminUrl?: string;
}): Promise<{ baseline: Row; claims: Row }> {
  if (opts.engine === 'postgres' && !opts.adminUrl) throw new Error('claims on PostgreSQL need an admin URL');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BENCH_ENGINE: opts.engine };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const children: ChildProcess[] = [];
  const sideEnv = async (side: string): Promise<NodeJS.ProcessEnv> => {
    const dir = mkdtempSync(path.join(tmpdir(), `obmen-bench-claims-${side}-`));
    dirs.push(dir);
    if (opts.engine === 'pglite') return { ...env, DATA_DIR: dir };
    const db = await freshDatabase(opts.adminUrl!, `obmen_bench_claims_${side}_${process.pid}`);
    drops.push(db.drop);
    return {
      ...env,
      DATA_DIR: dir,
      DATABASE_URL: db.url,
      JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123456789',
      COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-0123',
    };
  };
  try {
    const app = await startChild(import.meta.filename, 'app', await sideEnv('app'));
    children.push(app.child);
    const bare = await startChild(import.meta.filename, 'baseline', await sideEnv('base'));
    children.push(bare.child);
    const bodies = await claimBodies(app.url, 1000);
    // The machine is shared: two interleaved rounds, the best of each side kept (the machine may be busy).
    const best: Record<'baseline' | 'claims', Row | null> = { baseline: null, claims: null };
    const each = Math.max(1, opts.seconds / 2);
    for (let round = 0; round < 2; round++) {
      const b = await measure(`baseline: 2 INSERTs (${opts.engine})`, `${bare.url}/claim`, bodies, each);
      const c = await measure(`app: POST /api/v1/claim/ (${opts.engine})`, `${app.url}/api/v1/claim/`, bodies, each);
      if (!best.baseline || b.reqPerSec > best.baseline.reqPerSec) best.baseline = b;
      if (!best.claims || c.reqPerSec > best.claims.reqPerSec) best.claims = c;
    }
    return { baseline: best.baseline!, claims: best.claims! };
  } finally {
    for (const c of children) await stop(c);
    for (const drop of drops) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const pgliteOnly = process.argv.includes('--pglite');
  const postgresOnly = process.argv.includes('--postgres');
  const engines: Engine[] = [];
  if (!postgresOnly) engines.push('pglite');
  if (!pgliteOnly && adminUrl) engines.push('postgres');
  if (postgresOnly && !adminUrl) throw new Error('--postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const pad = (s: string | number, n: number, left = false) => (left ? String(s).padEnd(n) : String(s).padStart(n));
  const lines: string[] = [];
  let failed = false;
  for (const engine of engines) {
    const { baseline, claims } = await benchClaims({ engine, seconds, ...(adminUrl ? { adminUrl } : {}) });
    const ratio = claims.reqPerSec / baseline.reqPerSec;
    for (const r of [baseline, claims]) {
      lines.push(
        `${pad(r.name, 40, true)}${pad(r.reqPerSec, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r === claims ? ratio.toFixed(3) : '1', 8)}${pad(r.errors, 8)}${pad(r.non2xx, 8)}`,
      );
      if (r.errors || r.non2xx) failed = true;
    }
    if (!failed && !(engines.length === 0)) {
      lines.push(
        `  ${engine}: ${ratio >= 0.5 ? 'meets' : 'MISSES'} the target (>= 0.5 x the bare two-INSERT transaction)`,
      );
    }
  }
  if (!adminUrl) lines.push('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  console.log(`\nclaim creation, ${connections} connections, ${seconds} s per target (2 rounds, best kept)\n`);
  console.log(
    `${pad('target', 40, true)}${pad('req/s', 8)}${pad('p50', 8)}${pad('p99', 8)}${pad('x base', 8)}${pad('errors', 8)}${pad('non2xx', 8)}`,
  );
  for (const l of lines) console.log(l);
  if (failed) {
    console.log('\nWARNING: errors or non-2xx answers: the figures do not measure claim creation');
    process.exitCode = 1;
  }
}

if (import.meta.main) {
  const mode = process.argv.indexOf('--serve');
  if (mode === -1) await main();
  else {
    const kind = process.argv[mode + 1];
    if (kind === 'baseline') await serveBaseline(process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite');
    else await serveApp();
    process.on('SIGTERM', () => process.exit(0));
  }
}
