import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/ensure-build.ts';

/**
 * Cold start (docs/performance.md): milliseconds from spawning `node scripts/start.ts` (what `npm start` runs) on a
 * fresh DATA_DIR to the first 200 for `/`, with the site already built. The baseline is a bare Fastify process started
 * the same way and answering its first `/`: what Node and Fastify alone cost on this machine at this moment, so the
 * two are compared as a ratio under whatever load the machine has. Runs alternate app and baseline, each preceded by
 * one start that is not counted (the disk cache, and after a build or a migration change the database snapshot the
 * first start makes: docs/decisions/0030-start-from-snapshot.md).
 * `node bench/cold-start.ts` prints the result; bench/run.ts calls measureColdStart.
 */

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Spawns `args`, polls `/` until it answers 200, stops the process: milliseconds from spawn to that answer. */
async function timeToFirstPage(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let exited: number | null = null;
    child.once('exit', (code) => (exited = code ?? -1));
    for (;;) {
      if (exited !== null) throw new Error(`${args.join(' ')} exited ${exited} before answering`);
      if (performance.now() - started > 120_000) throw new Error(`${args.join(' ')} did not answer / in 120 s`);
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.arrayBuffer().then(() => r.status),
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function measureColdStart(opts: {
  buildDir: string;
  runs?: number;
}): Promise<{ runs: number[]; medianMs: number; baselineMs: number }> {
  const count = opts.runs ?? 5;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: path.resolve(opts.buildDir),
    // The measurement ends at the first page; a drain would only make each stop wait.
    DRAIN_SECONDS: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const app = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-cold-'));
    try {
      return await timeToFirstPage(['scripts/start.ts'], { ...env, DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const baseline = () => timeToFirstPage([import.meta.filename, '--serve-baseline'], env);
  await app();
  await baseline();
  const runs: number[] = [];
  const baselines: number[] = [];
  for (let i = 0; i < count; i++) {
    runs.push(Math.round(await app()));
    baselines.push(Math.round(await baseline()));
  }
  return { runs, medianMs: median(runs), baselineMs: median(baselines) };
}

if (process.argv.includes('--serve-baseline')) {
  // The baseline child: Fastify with one route at `/`, listening where the parent said.
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => 'ok');
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => process.exit(0));
} else if (import.meta.main) {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
  ensureBuild(buildDir);
  const r = await measureColdStart({ buildDir, runs: Number(process.env.BENCH_RUNS ?? 5) });
  console.log(
    `cold start to the first page: median ${r.medianMs} ms (runs ${r.runs.join(', ')}), ` +
      `bare Fastify ${r.baselineMs} ms, ${(r.medianMs / r.baselineMs).toFixed(2)}x the baseline`,
  );
}
