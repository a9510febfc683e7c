import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { MetricsRepository } from './repository.ts';

/** How long one reading of the database serves scrapes: several Prometheus servers scraping cost one query set. */
const snapshotMaxAgeMs = 5000;

/** What the page cache did with a page: served its copy, told the visitor theirs is current, rendered it, or not. */
export type PageCacheOutcome = 'hit' | 'not_modified' | 'miss' | 'bypass';

type Snapshot = {
  claims: { status: string; n: number }[];
  outboxPending: number;
  rateSources: { source: string; lastSuccessAt: Date | null }[];
};

export interface MetricsOptions {
  repo: MetricsRepository;
  database: Pick<Database, 'poolUse'>;
  /** Metrics are served (METRICS_TOKEN or METRICS_PORT): only then the process-wide collectors start. */
  enabled: boolean;
}

/**
 * The process's Prometheus metrics (docs/architecture.md, "Metrics"). One registry per process, not prom-client's
 * global one, so the tests' many apps in one process never share counters. Counters move where things happen (the
 * request hook, the jobs); what lives in the database is read at scrape time, at most once per `snapshotMaxAgeMs`.
 */
export function metricsService(opts: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  if (opts.enabled) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'obmen_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'obmen_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobRuns = new Counter({
    name: 'obmen_job_runs_total',
    help: 'Background job runs in this process by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const pageCache = new Counter({
    name: 'obmen_page_cache_answers_total',
    help: 'HTML pages answered by the anonymous page cache, by outcome (hit, not_modified, miss, bypass).',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Bound once: a hit is counted on the fast lane's path (server/fast-lane.ts), where a label lookup per answer shows.
  const pageCacheOutcomes = {
    hit: pageCache.labels({ outcome: 'hit' }),
    not_modified: pageCache.labels({ outcome: 'not_modified' }),
    miss: pageCache.labels({ outcome: 'miss' }),
    bypass: pageCache.labels({ outcome: 'bypass' }),
  } satisfies Record<PageCacheOutcome, unknown>;
  /** Open server-sent event streams of this process; the stream's code sets it. */
  const sseStreams = new Gauge({ name: 'obmen_sse_streams', help: 'Open server-sent event streams.', registers });

  let snapshot: { at: number; value: Promise<Snapshot | null> } | null = null;
  /** One database reading shared by the gauges of a scrape; a failed one leaves their series out. */
  function read(): Promise<Snapshot | null> {
    if (!snapshot || Date.now() - snapshot.at > snapshotMaxAgeMs) {
      const value = Promise.all([opts.repo.claimsByStatus(), opts.repo.outboxPending(), opts.repo.rateSources()]).then(
        ([claims, outboxPending, rateSources]) => ({ claims, outboxPending, rateSources }),
        () => null,
      );
      snapshot = { at: Date.now(), value };
    }
    return snapshot.value;
  }

  new Gauge({
    name: 'obmen_claims',
    help: 'Claims by status (read from the database at scrape time).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const s = await read();
      this.reset();
      for (const row of s?.claims ?? []) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'obmen_mail_outbox_pending',
    help: 'Letters in the outbox waiting for delivery.',
    registers,
    async collect() {
      const s = await read();
      if (s) this.set(s.outboxPending);
    },
  });
  new Gauge({
    name: 'obmen_rate_source_age_seconds',
    help: "Seconds since each rate source's last successful refresh.",
    labelNames: ['source'] as const,
    registers,
    async collect() {
      const s = await read();
      this.reset();
      for (const row of s?.rateSources ?? []) {
        if (row.lastSuccessAt) this.set({ source: row.source }, (Date.now() - row.lastSuccessAt.getTime()) / 1000);
      }
    },
  });
  const poolUse = opts.database.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'obmen_db_pool_connections',
      help: 'PostgreSQL pool: connections by state (total, idle) and requests waiting for one (waiting).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  return {
    registry,
    sseStreams,
    /** Counts one answered request; `route` is the pattern (`/api/v1/claim/:uuid/status/`), never the raw URL. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    /** Counts one page the page cache answered or passed (docs/decisions/0026-anonymous-page-cache.md). */
    pageCacheAnswered(outcome: PageCacheOutcome) {
      pageCacheOutcomes[outcome].inc();
    },
    /** Counts one run of a background job. */
    jobRan(job: string, ok: boolean) {
      jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    },
    /** The text Prometheus scrapes, and its content type. */
    async scrape(): Promise<{ body: string; contentType: string }> {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
