import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, getJson, parseDrfErrors, postJson } from './api.ts';
import { primeSession, resetSession } from './session.ts';

describe('parseDrfErrors', () => {
  it('puts detail and non_field_errors above the form and field arrays under their fields', () => {
    expect(
      parseDrfErrors({ detail: 'No active account', non_field_errors: ['Locked'], email: ['Bad e-mail'], code: 'x' }),
    ).toEqual({ general: ['No active account', 'Locked'], fields: { email: ['Bad e-mail'] } });
  });

  it('reads a field named code (a currency’s, a promocode’s) as a field, and the error’s own code as nothing', () => {
    expect(parseDrfErrors({ code: ['This code is taken.'] })).toEqual({
      general: [],
      fields: { code: ['This code is taken.'] },
    });
    expect(parseDrfErrors({ detail: 'Rate changed', code: 'rate_changed' })).toEqual({
      general: ['Rate changed'],
      fields: {},
    });
  });

  it('accepts a bare string for a field', () => {
    expect(parseDrfErrors({ password: 'Too short' }).fields).toEqual({ password: ['Too short'] });
  });

  it('gives no messages for bodies that are not DRF errors', () => {
    for (const body of [null, 'oops', ['a'], 42, {}]) expect(parseDrfErrors(body)).toEqual({ general: [], fields: {} });
  });
});

describe('apiUrl', () => {
  it('prefixes the en API with /en (the base address, docs/product/api.md)', () => {
    expect(apiUrl('en', '/front-api/auth/login/')).toBe('/en/front-api/auth/login/');
    expect(apiUrl('ru', '/front-api/auth/login/')).toBe('/front-api/auth/login/');
  });
});

/**
 * requestJson against a fake API: the refresh endpoint hands out t1, t2, ... and each new token retires the previous
 * ones, as rotation does; other endpoints answer 401 token_not_valid to a retired token and echo the bearer otherwise.
 */
function fakeApi(opts: { refreshAnswers?: number[] } = {}) {
  const calls: { url: string; authorization: string | null }[] = [];
  let issued = 0;
  let valid: string | null = null;
  const refreshAnswers = [...(opts.refreshAnswers ?? [])];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const authorization = new Headers(init?.headers).get('authorization');
    calls.push({ url, authorization });
    // Let concurrent callers pile up before answering, as a real network would.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (url === '/front-api/auth/refresh/') {
      const status = refreshAnswers.shift() ?? 200;
      if (status !== 200) return json(status, { detail: 'Token is invalid or expired.', code: 'token_not_valid' });
      valid = `t${++issued}`;
      return json(200, { access: valid });
    }
    if (url === '/throttled/') return json(429, { detail: 'Too many requests.' }, { 'retry-after': '600' });
    if (url === '/needs-login/' && !authorization)
      return json(401, { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    if (authorization && authorization !== `Bearer ${valid}`)
      return json(401, { detail: 'Token is invalid or expired.', code: 'token_not_valid' });
    return json(200, { authorization });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    refreshes: () => calls.filter((c) => c.url === '/front-api/auth/refresh/').length,
    /** The server forgets every token (they expired), the refresh cookie stays good. */
    expireTokens: () => {
      valid = null;
    },
  };
}

describe('requestJson and the session', () => {
  beforeEach(() => {
    resetSession();
    // primeSession only acts in a browser: it checks for a document.
    vi.stubGlobal('document', {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends a guest's calls without a token and never refreshes", async () => {
    const api = fakeApi();
    primeSession(false);
    const result = await getJson('/x/');
    expect(result).toEqual({ ok: true, status: 200, data: { authorization: null } });
    expect(api.calls).toEqual([{ url: '/x/', authorization: null }]);
  });

  it('gets one token on the first call of a logged-in page, shared by concurrent calls, and keeps it', async () => {
    const api = fakeApi();
    primeSession(true);
    const results = await Promise.all([getJson('/a/'), postJson('/b/', { n: 1 }), getJson('/c/')]);
    for (const r of results) expect(r).toMatchObject({ ok: true, data: { authorization: 'Bearer t1' } });
    expect(await getJson('/d/')).toMatchObject({ ok: true, data: { authorization: 'Bearer t1' } });
    expect(api.refreshes()).toBe(1);
  });

  it('refreshes once and retries once on 401 token_not_valid', async () => {
    const api = fakeApi();
    primeSession(true);
    await getJson('/warm-up/');
    api.expireTokens();
    const result = await postJson('/y/', { a: 1 });
    expect(result).toMatchObject({ ok: true, data: { authorization: 'Bearer t2' } });
    expect(api.calls.slice(2)).toEqual([
      { url: '/y/', authorization: 'Bearer t1' },
      { url: '/front-api/auth/refresh/', authorization: null },
      { url: '/y/', authorization: 'Bearer t2' },
    ]);
  });

  it('shares one refresh between concurrent calls refused with the same token', async () => {
    const api = fakeApi();
    primeSession(true);
    await getJson('/warm-up/');
    api.expireTokens();
    const results = await Promise.all(['/1/', '/2/', '/3/', '/4/'].map((url) => getJson(url)));
    for (const r of results) expect(r).toMatchObject({ ok: true, data: { authorization: 'Bearer t2' } });
    expect(api.refreshes()).toBe(2);
  });

  it('never loops: a retry refused again is the answer', async () => {
    const api = fakeApi();
    primeSession(true);
    await getJson('/warm-up/');
    // Every token is refused from now on, fresh ones included.
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await real(input, init);
      if (String(input) === '/front-api/auth/refresh/') return response;
      return new Response(JSON.stringify({ detail: 'Token is invalid or expired.', code: 'token_not_valid' }), {
        status: 401,
      });
    });
    const result = await getJson('/z/');
    expect(result).toMatchObject({ ok: false, status: 401, errors: { general: ['Token is invalid or expired.'] } });
    expect(api.calls.filter((c) => c.url === '/z/')).toHaveLength(2);
    expect(api.refreshes()).toBe(2);
  });

  it('does not refresh on other 401s (no token sent)', async () => {
    const api = fakeApi();
    primeSession(false);
    const result = await getJson('/needs-login/');
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(api.refreshes()).toBe(0);
  });

  it('tries a refused refresh once more (another tab may have rotated the cookie), then goes on', async () => {
    const api = fakeApi({ refreshAnswers: [401, 200] });
    primeSession(true);
    expect(await getJson('/x/')).toMatchObject({ ok: true, data: { authorization: 'Bearer t1' } });
    expect(api.refreshes()).toBe(2);
  });

  it('forgets a session the server ended: the call is answered with its 401, later calls go as a guest', async () => {
    const api = fakeApi();
    primeSession(true);
    await getJson('/warm-up/');
    api.expireTokens();
    const refreshAnswers = [401, 401];
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/front-api/auth/refresh/' && refreshAnswers.length) {
        api.calls.push({ url: String(input), authorization: null });
        refreshAnswers.shift();
        return new Response(JSON.stringify({ detail: 'Token is invalid or expired.', code: 'token_not_valid' }), {
          status: 401,
        });
      }
      return real(input, init);
    });
    expect(await getJson('/y/')).toMatchObject({ ok: false, status: 401 });
    expect(api.refreshes()).toBe(3);
    expect(await getJson('/later/')).toEqual({ ok: true, status: 200, data: { authorization: null } });
    expect(api.refreshes()).toBe(3);
  });

  it('sends anonymous calls without a token and without refreshing, even with a session', async () => {
    const api = fakeApi();
    primeSession(true);
    expect(await postJson('/logout/', {}, { anonymous: true })).toMatchObject({
      ok: true,
      data: { authorization: null },
    });
    expect(api.refreshes()).toBe(0);
  });

  it('reports Retry-After of a 429 and a failed connection as `network`', async () => {
    fakeApi();
    primeSession(false);
    expect(await postJson('/throttled/', {})).toMatchObject({ ok: false, status: 429, retryAfter: 600 });
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await getJson('/x/')).toMatchObject({ ok: false, status: 0, network: true });
  });

  it('rejects when the caller aborts', async () => {
    fakeApi();
    primeSession(false);
    const controller = new AbortController();
    const pending = getJson('/x/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
