import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { listening, openStream } from '../../../tests/helpers/sse.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { activeUser, login } from '../../../tests/helpers/accounts.ts';

/**
 * The live status streams through a real HTTP client (the app listens on a free port): the claim page's stream and
 * the console's, their limits and their end at shutdown.
 */
describe('live status streams', () => {
  let t: TestApp;
  let base: string;
  let operator: StaffUser;
  let claims: ReturnType<typeof claimHelpers>;

  beforeAll(async () => {
    t = await build({
      ssr: false,
      env: {
        SSE_HEARTBEAT_SECONDS: '0.2',
        SSE_MAX_STREAMS_PER_ADDRESS: '3',
        SSE_MAX_STREAMS: '5',
        // Addresses from X-Forwarded-For, so one test client can stand for several.
        TRUST_PROXY: 'true',
      },
    });
    base = await listening(t.app);
    operator = await staffUser(t, 'operator');
    claims = claimHelpers(t);
  });
  afterAll(async () => t?.close());

  const act = (uuid: string, action: string, body: Record<string, unknown>) =>
    operator.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/${action}/`, payload: body });
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });

  it('sends the status at once, then one event per change with the status answer, and ends on a final status', async () => {
    const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
    const stream = await openStream(`${base}/en/api/v1/claim/${uuid}/events/`, {
      ...from(),
      'accept-encoding': 'br, gzip',
    });
    expect(stream.status).toBe(200);
    // Never compressed: a compressor would hold events back until its buffer fills.
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');

    const first = await stream.nextEvent();
    expect(first).toMatchObject({ kind: 'event', event: 'status', data: { uuid, status: 'new' } });

    expect((await act(uuid, 'received', { expected: 'new' })).statusCode).toBe(200);
    const second = await stream.nextEvent();
    const answer = (await t.inject(`/en/api/v1/claim/${uuid}/status/`)).json();
    expect(second).toEqual({ kind: 'event', id: expect.any(String), event: 'status', data: answer });
    expect(answer).toMatchObject({ status: 'processing', message: expect.stringMatching(/[a-z]/) });
    expect(Number((second as { id: string }).id)).toBeGreaterThan(Number((first as { id: string }).id));

    expect((await act(uuid, 'complete', { expected: 'processing', reference: 'payout-1' })).statusCode).toBe(200);
    expect(await stream.nextEvent()).toMatchObject({ event: 'status', data: { status: 'completed' } });
    expect(await stream.nextEvent()).toEqual({ kind: 'end' });

    // Asked again after the end with the last id: 204, which tells EventSource to stop reconnecting.
    const last = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { history: unknown[] };
    expect(last.history).toHaveLength(3);
    const again = await openStream(`${base}/api/v1/claim/${uuid}/events/`, {
      ...from(),
      'last-event-id': (second as { id: string }).id,
    });
    expect(again.status).toBe(200);
    expect(await again.nextEvent()).toMatchObject({ data: { status: 'completed' } });
    expect(await again.nextEvent()).toEqual({ kind: 'end' });
  });

  it('keeps the connection alive with a comment line while nothing happens', async () => {
    const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
    const stream = await openStream(`${base}/api/v1/claim/${uuid}/events/`, from());
    expect(await stream.next()).toMatchObject({ kind: 'event' });
    expect(await stream.next(1000)).toEqual({ kind: 'comment', text: 'ping' });
    expect(await stream.next(1000)).toEqual({ kind: 'comment', text: 'ping' });
    stream.close();
  });

  it('resumes from Last-Event-ID: only what changed since is sent', async () => {
    const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
    const stream = await openStream(`${base}/api/v1/claim/${uuid}/events/`, from());
    const first = (await stream.nextEvent()) as { id: string };
    stream.close();

    // Nothing changed: the resumed stream stays quiet (heartbeats only).
    const quiet = await openStream(`${base}/api/v1/claim/${uuid}/events/`, { ...from(), 'last-event-id': first.id });
    expect(await quiet.next(1000)).toEqual({ kind: 'comment', text: 'ping' });
    quiet.close();

    // A change while disconnected is sent on reconnect, in the language of the address.
    await act(uuid, 'hold', { expected: 'new', reason: 'checking the payment' });
    const resumed = await openStream(`${base}/api/v1/claim/${uuid}/events/`, { ...from(), 'last-event-id': first.id });
    const event = await resumed.nextEvent();
    expect(event).toMatchObject({ event: 'status', data: { status: 'hold' } });
    expect(Number((event as { id: string }).id)).toBeGreaterThan(Number(first.id));
    resumed.close();

    // A final claim asked with its last id: 204, no stream at all.
    await act(uuid, 'cancel', { expected: 'hold' });
    const last = await openStream(`${base}/api/v1/claim/${uuid}/events/`, from());
    const final = (await last.nextEvent()) as { id: string };
    expect(final).toMatchObject({ data: { status: 'cancelled' } });
    const done = await openStream(`${base}/api/v1/claim/${uuid}/events/`, { ...from(), 'last-event-id': final.id });
    expect(done.status).toBe(204);
  });

  it('answers 404 for an unknown claim, in the language of the address', async () => {
    const res = await openStream(`${base}/en/api/v1/claim/00000000-0000-4000-8000-000000000000/events/`, from());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('refuses streams past the limit per address (429) and per process (503), and frees a closed one', async () => {
    const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
    const url = `${base}/en/api/v1/claim/${uuid}/events/`;
    const one = from();
    const mine = await Promise.all([1, 2, 3].map(() => openStream(url, one)));
    expect(mine.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await openStream(url, one);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('30');
    expect(await fourth.json()).toMatchObject({ code: 'too_many_streams' });

    const others = await Promise.all([1, 2].map(() => openStream(url, from())));
    expect(others.map((s) => s.status)).toEqual([200, 200]);
    const full = await openStream(url, from());
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ code: 'streams_full' });

    // A client that goes away gives its place back.
    mine[0]!.close();
    await expect.poll(() => t.app.streams.size).toBe(4);
    const again = await openStream(url, one);
    expect(again.status).toBe(200);
    for (const s of [...mine, ...others, again]) s.close();
    await expect.poll(() => t.app.streams.size).toBe(0);
  });

  it('answers HEAD with the stream’s headers and ends at once, holding no place (the console’s stream too)', async () => {
    const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
    for (const [url, headers] of [
      [`/api/v1/claim/${uuid}/events/`, {}],
      ['/api/v1/admin/claims/events/', { cookie: `refreshToken=${operator.cookie}` }],
    ] as const) {
      // A stream that never ends had no HEAD answer at all (Node writes a HEAD answer's headers with its end): the
      // client waited forever, and a request sent after it on the same connection was never answered either.
      const res = await fetch(`${base}${url}`, {
        method: 'HEAD',
        headers: { ...from(), ...headers },
        signal: AbortSignal.timeout(3000),
      });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe('text/event-stream; charset=utf-8');
      const after = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
      expect(after.status).toBe(200);
    }
    expect(t.app.streams.size).toBe(0);
    // Still what GET would answer otherwise: an unknown claim is 404.
    const unknown = await fetch(`${base}/api/v1/claim/00000000-0000-4000-8000-000000000000/events/`, {
      method: 'HEAD',
      headers: from(),
      signal: AbortSignal.timeout(3000),
    });
    expect(unknown.status).toBe(404);
  });

  describe("the console's stream", () => {
    it('tells operators of new claims and every status change', async () => {
      const stream = await openStream(`${base}/api/v1/admin/claims/events/`, {
        ...from(),
        cookie: `refreshToken=${operator.cookie}`,
      });
      expect(stream.status).toBe(200);
      expect(await stream.nextEvent()).toMatchObject({ event: 'ready' });
      const uuid = await claims.created('BTC', 'SBERRUB', '0.01');
      expect(await stream.nextEvent()).toEqual({
        kind: 'event',
        id: undefined,
        event: 'claim',
        data: { uuid, status: 'new' },
      });
      await act(uuid, 'received', { expected: 'new' });
      expect(await stream.nextEvent()).toMatchObject({ data: { uuid, status: 'processing' } });
      stream.close();
    });

    it('is refused to a guest (401) and a customer (403), whatever the limits', async () => {
      const guest = await openStream(`${base}/en/api/v1/admin/claims/events/`, from());
      expect(guest.status).toBe(401);
      expect(await guest.json()).toMatchObject({ code: 'not_authenticated' });
      const customer = await activeUser(t, `customer-${Date.now()}@obmen.test`);
      const { cookie } = await login(t, customer.email, customer.password);
      const refused = await openStream(`${base}/api/v1/admin/claims/events/`, {
        ...from(),
        cookie: `refreshToken=${cookie}`,
      });
      expect(refused.status).toBe(403);
      // A bearer token is not how this stream authenticates: an operator's token without the cookie is a guest.
      const bearerOnly = await openStream(`${base}/api/v1/admin/claims/events/`, { ...from(), ...operator.headers });
      expect(bearerOnly.status).toBe(401);
    });
  });

  it('ends every stream when the app closes, without waiting for them', async () => {
    const other = await build({ ssr: false, env: { SSE_HEARTBEAT_SECONDS: '60' } });
    const url = await listening(other.app);
    const uuid = await claimHelpers(other).created('BTC', 'SBERRUB', '0.01');
    const stream = await openStream(`${url}/api/v1/claim/${uuid}/events/`);
    expect(await stream.nextEvent()).toMatchObject({ event: 'status' });
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stream.next()).toEqual({ kind: 'end' });
    await other.database.close();
  });
});
