import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm test`: everything, in order (docs/testing.md).
 *   1. unit and API suite (vitest.config.ts) on PGlite;
 *   2. the same suite on PostgreSQL when TEST_DATABASE_URL is set (REQUIRE_POSTGRES=1: unset or unreachable fails);
 *   3. end-to-end journeys in Chromium (vitest.e2e.config.ts; CHROME_PATH, default /usr/bin/chromium). Without a
 *      browser they are skipped loudly, and REQUIRE_CHROMIUM=1 (CI) makes that a failure.
 * Each run writes vitest's JSON report; the sums end the output as `N passed, N failed, N skipped` (what CI counts).
 * Exits non-zero on any failure or when no test ran at all.
 */

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `npm test needs Node 24 (this is ${process.version}): run it as \`npm test\`, not with the system node.`,
  );
  process.exit(1);
}

const env = process.env;
const flag = (name: string) => ['1', 'true', 'yes'].includes((env[name] ?? '').toLowerCase());
const root = path.resolve(import.meta.dirname, '..');
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const reports = mkdtempSync(path.join(tmpdir(), 'obmen-test-report-'));
const buildDir = path.resolve(root, env.BUILD_DIR ?? 'build');
const chromePath = env.CHROME_PATH || '/usr/bin/chromium';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** `file > test name` of each failed test, printed again at the end (CI shows only the output's last lines). */
  failures?: string[];
  /** Tests that failed and then passed on their retry (vitest.e2e.config.ts): passed, but named. */
  flaky?: string[];
}
const tallies: Tally[] = [];

function banner(lines: string[]) {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n`);
}

/** Runs one vitest suite on this same Node, with its JSON report in a file, and records the counts. */
async function runVitest(name: string, args: string[], extraEnv: Record<string, string | undefined>): Promise<void> {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  console.log(`\n=== ${name} ===\n`);
  const childEnv: NodeJS.ProcessEnv = { ...env, BUILD_DIR: buildDir };
  for (const [k, v] of Object.entries(extraEnv)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [vitestBin, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { cwd: root, env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  const tally: Tally = { name, passed: 0, failed: 0, skipped: 0 };
  if (!existsSync(report)) {
    tally.failed = 1;
    tally.note = `vitest exited ${code} without a report`;
  } else {
    const r = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTests: number;
      success: boolean;
      testResults?: {
        name: string;
        message?: string;
        assertionResults?: { fullName?: string; title: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    tally.passed = r.numPassedTests;
    tally.failed = r.numFailedTests;
    tally.skipped = r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) (tally.failures ??= []).push(`${where} > ${a.fullName ?? a.title}`);
      for (const a of file.assertionResults ?? [])
        if (a.status === 'passed' && a.failureMessages?.length)
          (tally.flaky ??= []).push(
            `${where} > ${a.fullName ?? a.title}: ${a.failureMessages[0]!.split('\n')[0]!.slice(0, 200)}`,
          );
      // A file that failed to import or whose hooks failed has no failed test of its own.
      if (failed.length === 0 && file.message) (tally.failures ??= []).push(`${where}: ${file.message.split('\n')[0]}`);
    }
    // Errors outside tests (global setup, unhandled rejections, a file that fails to import) fail no test: count one.
    if (code !== 0 && tally.failed === 0) {
      tally.failed = 1;
      tally.note = `vitest exited ${code} (an error outside the tests: see above)`;
    }
    if (r.numTotalTests === 0 && !tally.note) tally.note = 'no tests found';
  }
  tallies.push(tally);
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const started = Date.now();
// One build for all three runs (each run's global setup would otherwise check it again, in parallel workers).
ensureBuild(buildDir);

// 1. PGlite (the harness picks PostgreSQL when TEST_DATABASE_URL is set, so unset it here).
await runVitest('unit+api on PGlite', [], { TEST_DATABASE_URL: undefined });

// 2. PostgreSQL.
const pgUrl = env.TEST_DATABASE_URL;
let pgReachable = false;
if (!pgUrl) {
  if (flag('REQUIRE_POSTGRES')) {
    banner(['REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL run is a failure.']);
    tallies.push({ name: 'unit+api on PostgreSQL', passed: 0, failed: 1, skipped: 0, note: 'TEST_DATABASE_URL unset' });
  } else {
    console.log(
      '\n(TEST_DATABASE_URL is not set: the suite ran on PGlite only; races and money tests need PostgreSQL.)',
    );
  }
} else {
  const problem = await postgresReachable(pgUrl);
  if (problem) {
    const required = flag('REQUIRE_POSTGRES');
    banner([
      `PostgreSQL at TEST_DATABASE_URL does not answer: ${problem}`,
      required ? 'REQUIRE_POSTGRES=1: this is a failure.' : 'Skipping the PostgreSQL run.',
    ]);
    if (required)
      tallies.push({ name: 'unit+api on PostgreSQL', passed: 0, failed: 1, skipped: 0, note: 'unreachable' });
  } else {
    pgReachable = true;
    await runVitest('unit+api on PostgreSQL', [], { TEST_DATABASE_URL: pgUrl });
  }
}

// 3. End-to-end in Chromium.
if (!existsSync(chromePath)) {
  const required = flag('REQUIRE_CHROMIUM');
  banner([
    `NO BROWSER: ${chromePath} does not exist, so the END-TO-END JOURNEYS DID NOT RUN.`,
    "Install Debian's `chromium` (apt-get install chromium) or set CHROME_PATH.",
    required ? 'REQUIRE_CHROMIUM=1: this is a failure.' : 'They are skipped; CI (REQUIRE_CHROMIUM=1) fails on this.',
  ]);
  if (required) tallies.push({ name: 'e2e in Chromium', passed: 0, failed: 1, skipped: 0, note: 'no browser' });
} else {
  // The sites run on PGlite, as `npm start` does; the journey through a database outage asks for PostgreSQL by name.
  await runVitest('e2e in Chromium', ['--config', 'vitest.e2e.config.ts'], {
    CHROME_PATH: chromePath,
    TEST_DATABASE_URL: undefined,
    TEST_POSTGRES_URL: pgReachable ? pgUrl : undefined,
  });
}

rmSync(reports, { recursive: true, force: true });

const sum = (k: 'passed' | 'failed' | 'skipped') => tallies.reduce((n, t) => n + t[k], 0);
const passed = sum('passed');
const failed = sum('failed');
const skipped = sum('skipped');
console.log('\n=== summary ===');
for (const t of tallies) {
  console.log(
    `  ${t.name.padEnd(26)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(3)} failed ${String(t.skipped).padStart(3)} skipped${t.note ? `  (${t.note})` : ''}`,
  );
}
// `FAILED TEST` lines are what .ci/run repeats at the very end of its output.
for (const t of tallies) for (const f of t.failures ?? []) console.log(`FAILED TEST (${t.name}) ${f}`);
for (const t of tallies) for (const f of t.flaky ?? []) console.log(`FLAKY TEST (${t.name}, passed on retry) ${f}`);
console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
if (passed === 0) console.log('  NO TEST RAN: that is a failure.');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
