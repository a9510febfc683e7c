import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { rateSources } from '../../db/schema-admin-rates.ts';

const token = 'metrics-test-token-0123456789';
const bearer = { authorization: `Bearer ${token}` };

/**
 * The Prometheus text format (version 0.0.4), line by line: comments are HELP or TYPE, every other line one sample
 * `name{label="value",...} number`. Answers the samples by their full series name.
 */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})?) (\S+)$/;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /);
      continue;
    }
    const m = sample.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const raw = m![2]!;
    // A float, or the format's special values (prom-client writes NaN as `Nan`; Prometheus reads it either way).
    expect(raw, line).toMatch(/^([+-]?inf|nan|[+-]?\d+(\.\d+)?(e[+-]?\d+)?)$/i);
    samples.set(m![1]!, /^[+-]?inf$/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw));
  }
  return samples;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };
  beforeAll(async () => {
    t = await build({ ssr: false, env: { METRICS_TOKEN: token, JOBS: 'false' } });
  });
  afterAll(async () => t.close());

  it('refuses a caller without the token, or with another one, in the caller language', async () => {
    const none = await t.inject('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toMatchObject({ code: 'not_authenticated' });
    expect(none.body).not.toContain('obmen_');
    const wrong = await t.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.inject({ url: '/metrics', headers: { authorization: `Basic ${token}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const series = (status: number) =>
      `obmen_http_requests_total{method="GET",route="/api/v1/claim/:id/form/",status="${status}"}`;
    const before = await scrape();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.inject(`/api/v1/claim/${missing}/form/`)).statusCode).toBe(404);
    expect((await t.inject(`/en/api/v1/claim/${missing.replace(/0$/, '1')}/form/`)).statusCode).toBe(404);
    const after = await scrape();
    expect((after.get(series(404)) ?? 0) - (before.get(series(404)) ?? 0)).toBe(2);
    // Never the raw URL: one series whatever the uuid.
    expect([...after.keys()].some((k) => k.includes(missing))).toBe(false);
    const count = `obmen_http_request_duration_seconds_count{method="GET",route="/api/v1/claim/:id/form/",status="404"}`;
    expect(after.get(count)).toBe(after.get(series(404)));
  });

  it('reads claims by status, the outbox and the rate sources from the database', async () => {
    const c = claimHelpers(t);
    await c.created('USDTTRC20', 'SBERRUB', '100');
    await t.database.db
      .insert(rateSources)
      .values({ source: 'cbr', lastSuccessAt: new Date(Date.now() - 120_000), lastAttemptAt: new Date() });
    // The database reading is shared by scrapes for a few seconds: a new app reads it fresh.
    const fresh = await build({ ssr: false, database: t.database, env: { METRICS_TOKEN: token, JOBS: 'false' } });
    try {
      const res = await fresh.inject({ url: '/metrics', headers: bearer });
      const m = parse(res.body);
      expect(m.get('obmen_claims{status="new"}')).toBeGreaterThanOrEqual(1);
      // The claim's letters wait in the outbox until a delivery runs (inject apps deliver only on the kicks).
      expect(m.get('obmen_mail_outbox_pending')).toBeGreaterThanOrEqual(0);
      const age = m.get('obmen_rate_source_age_seconds{source="cbr"}')!;
      expect(age).toBeGreaterThanOrEqual(119);
      expect(age).toBeLessThan(600);
      expect(m.get('obmen_sse_streams')).toBe(0);
      expect(m.has('nodejs_eventloop_lag_seconds')).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('counts job runs and failures', async () => {
    const before = await scrape();
    await t.services.jobs.sweep();
    const after = await scrape();
    const ok = 'obmen_job_runs_total{job="claims-expire",outcome="ok"}';
    expect((after.get(ok) ?? 0) - (before.get(ok) ?? 0)).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there on the main port; METRICS_PORT serves it without a token on a port of its own', async () => {
    const port = 41000 + Math.floor(Math.random() * 900);
    const t = await build({ ssr: false, env: { METRICS_PORT: String(port), JOBS: 'false' } });
    try {
      expect((await t.inject('/metrics')).statusCode).toBe(404);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE obmen_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('answers 404 when neither is set', async () => {
    const t = await build({ ssr: false, env: { JOBS: 'false' } });
    try {
      expect((await t.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
