import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';

/**
 * Background jobs on the database, so any process may run them (docs/architecture.md; docs/decisions/0006-jobs.md):
 * - PostgreSQL: pg-boss on the app's own pool. A cron schedule puts one 'claims-expire' job per minute in the queue,
 *   whichever process takes it runs the sweep.
 * - Embedded PGlite: a timer runs the same sweep every `pollSeconds` (one process owns the data directory anyway).
 * The sweep itself is a conditional UPDATE (`status = 'new' AND expires_at < now()`, SKIP LOCKED), safe to run from
 * many places at once; reads also expire lazily, so the customer never sees a stale 'new'.
 */

interface Sweeper {
  /** Expires due claims; answers how many. */
  expireDue(): Promise<number>;
}

export interface JobsOptions {
  database: Database;
  sweeper: Sweeper;
  log?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** PGlite fallback: seconds between sweeps. */
  pollSeconds?: number;
  /** pg-boss schedule (cron, minute granularity). */
  cron?: string;
  /** Told of every run of a job in this process and whether it worked (the metrics count them). */
  onRun?: (job: string, ok: boolean) => void;
}

const expireQueue = 'claims-expire';

/** A periodic task besides the expiry sweep (the rates refresh, issue 6 §4): registered with `every` before start. */
interface Periodic {
  name: string;
  minutes: number;
  run(): Promise<unknown>;
}

/** pg-boss cron for "every `minutes`" (minute granularity; hours past 59 minutes). */
function everyCron(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  return `0 */${Math.min(23, Math.floor(minutes / 60))} * * *`;
}

export function jobs(opts: JobsOptions) {
  const pollSeconds = opts.pollSeconds ?? 15;
  let log = opts.log;
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  let sweeping: Promise<unknown> | null = null;
  let stopped = false;
  const periodic: Periodic[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();

  /** One run of a periodic task, never two at once in this process; its failure is logged, not thrown. */
  function runPeriodic(task: Periodic): Promise<unknown> {
    let p = running.get(task.name);
    if (!p) {
      p = task
        .run()
        .then(
          () => opts.onRun?.(task.name, true),
          (err: unknown) => {
            opts.onRun?.(task.name, false);
            log?.warn({ err }, `${task.name} failed`);
          },
        )
        .finally(() => running.delete(task.name));
      running.set(task.name, p);
    }
    return p;
  }

  async function sweep(): Promise<number> {
    try {
      const n = await opts.sweeper.expireDue();
      opts.onRun?.(expireQueue, true);
      if (n) log?.info({ expired: n }, 'claims expired');
      return n;
    } catch (err) {
      opts.onRun?.(expireQueue, false);
      log?.error({ err }, 'claim expiry sweep failed');
      return 0;
    }
  }

  async function startBoss() {
    // drizzle's node-postgres client is the pg.Pool the app already holds: no second connection string.
    const pool = (opts.database.db as unknown as { $client: pg.Pool }).$client;
    // Loaded here, not imported: on PGlite (the default) it is never used, and its modules were part of every cold start
    // (docs/decisions/0030-start-from-snapshot.md, "Later").
    const { PgBoss } = await import('pg-boss');
    boss = new PgBoss({
      db: { executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }) },
      schema: 'pgboss',
    });
    boss.on('error', (err) => log?.error({ err }, 'pg-boss error'));
    await boss.start();
    if (stopped) return;
    await boss.createQueue(expireQueue, { policy: 'singleton' });
    await boss.schedule(expireQueue, opts.cron ?? '* * * * *');
    await boss.work(expireQueue, { pollingIntervalSeconds: 5 }, async () => {
      await sweep();
    });
    for (const task of periodic) {
      await boss.createQueue(task.name, { policy: 'singleton' });
      await boss.schedule(task.name, everyCron(task.minutes));
      await boss.work(task.name, { pollingIntervalSeconds: 5 }, async () => {
        await runPeriodic(task);
      });
    }
  }

  return {
    sweep,
    /** Adds a periodic task (before `start`); 0 minutes = off. */
    every(name: string, minutes: number, run: () => Promise<unknown>) {
      if (minutes > 0) periodic.push({ name, minutes, run });
    },
    /** Starts the jobs of this process (returns once started; failures are logged, the site still serves). */
    start(logger?: JobsOptions['log']): Promise<void> {
      stopped = false;
      log = logger ?? log;
      if (opts.database.kind === 'pglite') {
        timer = setInterval(() => {
          sweeping ??= sweep().finally(() => (sweeping = null));
        }, pollSeconds * 1000);
        timer.unref();
        for (const task of periodic) {
          const t = setInterval(() => void runPeriodic(task), task.minutes * 60_000);
          t.unref();
          timers.push(t);
          // A fresh start refreshes at once rather than serving the stored rates for a whole period.
          void runPeriodic(task);
        }
        starting = Promise.resolve();
      } else {
        starting = startBoss().catch((err: unknown) => {
          log?.error({ err }, 'pg-boss did not start: claims still expire on read');
        });
      }
      return starting;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const t of timers.splice(0)) clearInterval(t);
      await starting;
      await sweeping;
      await Promise.all(running.values());
      if (boss) await boss.stop({ graceful: true, close: false, timeout: 5000 });
      boss = null;
    },
  };
}
