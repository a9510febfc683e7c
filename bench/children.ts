import { execFile, execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * What every benchmark of `bench/` shares (docs/performance.md): servers as child processes, and the load put on them.
 *
 * The measurements pin the server to one core and the load generator to the other (`taskset`), so neither
 * steals the other's time; where `taskset` is missing or the machine has one core, nothing is pinned.
 */

const hasCommand = (name: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const root = path.resolve(import.meta.dirname, '..');
const pinning = cpus().length >= 2 && hasCommand('taskset');
/** wrk (C, one thread) loads a server far harder than autocannon (JavaScript) can: with it the server is the limit. */
export const loadTool: 'wrk' | 'autocannon' = hasCommand('wrk') ? 'wrk' : 'autocannon';

/**
 * Starts `node <script> --serve <kind>` (the script's child mode prints `{"url":…}` once it listens) on core 0 and
 * answers its address. The child's stdout, the app's log lines included, goes to a file, as to a log collector that
 * keeps up: through a pipe this process read, a moment's delay in reading filled the pipe and held the server's
 * synchronous log write (~20 ms stalls that made every p99). BENCH_CPU_PROF=<dir> writes each child's CPU profile.
 */
export async function startChild(
  script: string,
  kind: string,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; child: ChildProcess }> {
  const prof = process.env.BENCH_CPU_PROF;
  const flags = prof
    ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`]
    : [];
  const node = [...flags, script, '--serve', kind];
  const logDir = mkdtempSync(path.join(tmpdir(), `obmen-bench-${kind}-`));
  const logFile = path.join(logDir, 'stdout.log');
  const out = openSync(logFile, 'w');
  const stdio: StdioOptions = ['ignore', out, 'inherit'];
  const child = pinning
    ? spawn('taskset', ['-c', '0', process.execPath, ...node], { cwd: root, env, stdio })
    : spawn(process.execPath, node, { cwd: root, env, stdio });
  closeSync(out);
  child.once('exit', () => rmSync(logDir, { recursive: true, force: true }));
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const started = Date.now();
  for (;;) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{"url":'));
    if (line) return { url: (JSON.parse(line) as { url: string }).url, child };
    if (exited !== null) throw new Error(`${kind} server exited ${exited}`);
    if (Date.now() - started > 120_000) throw new Error(`${kind} server did not start in 120 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** SIGTERM (the children exit 0 on it, so a CPU profile is written), SIGKILL after 10 s. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** One measured target. */
export interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** wrk's durations ("812.00us", "1.23ms", "2.00s") in milliseconds. */
function wrkMs(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return +(m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n).toFixed(2);
}

/** wrk's arguments for `opts` (one thread, `connections` connections, the headers, a 10 s timeout). */
function wrkArgs(opts: { connections: number; headers?: Record<string, string> }): string[] {
  const args = ['-t1', `-c${opts.connections}`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  return args;
}

/** Runs wrk with `args` on `url` for `seconds` (on core 1 when pinned) and answers what it printed. */
async function wrk(args: string[], url: string, seconds: number): Promise<string> {
  // Asynchronously: this process keeps reading the children's stdout meanwhile (a full pipe would stall their log).
  const cmd = ['wrk', ...args, `-d${seconds}s`, url];
  const { stdout } = await promisify(execFile)(
    pinning ? 'taskset' : 'wrk',
    pinning ? ['-c', '1', ...cmd] : cmd.slice(1),
  );
  return stdout;
}

/**
 * Load on `url` for `seconds` that is not measured: a server just started is slower for its first seconds (the JIT's
 * later tiers, the heap growing to its working size, the start's own background work), and whichever target is
 * measured first would carry that (docs/performance.md, "How the bench measures").
 */
export async function warmUp(
  url: string,
  opts: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<void> {
  if (opts.seconds <= 0) return;
  if (loadTool === 'wrk') await wrk(wrkArgs(opts), url, opts.seconds);
  else await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers: opts.headers ?? {} });
}

/**
 * GETs `url` from `connections` connections for `seconds` (after a short warm-up: JIT, caches, the first render), with
 * wrk on core 1 when installed, else autocannon in this process.
 */
export async function load(
  url: string,
  opts: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<Load> {
  const headers = opts.headers ?? {};
  if (loadTool === 'wrk') {
    const args = wrkArgs(opts);
    await wrk(args, url, 1);
    const out = await wrk(args, url, opts.seconds);
    const line = (re: RegExp) => re.exec(out)?.[1] ?? '';
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      reqPerSec: Math.round(Number(line(/Requests\/sec:\s+([\d.]+)/))),
      p50: wrkMs(line(/\s50%\s+(\S+)/)),
      p99: wrkMs(line(/\s99%\s+(\S+)/)),
      errors: socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
      non2xx: Number(line(/Non-2xx or 3xx responses:\s+(\d+)/) || 0),
    };
  }
  await autocannon({ url, connections: opts.connections, amount: 300, headers });
  const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers, timeout: 10 });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
