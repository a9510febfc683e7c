import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, bearer, login, randomIp } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { nastyParam, nastyQuery } from '../helpers/fuzz.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { staffUser } from '../helpers/staff.ts';

/**
 * The addresses and headers a client shapes, fuzzed where tests/api/fuzz.test.ts does not reach: the public reads'
 * path parameters and query strings (calculator, rates export, a claim by uuid, content by slug, sitemap), the pages
 * React Router renders (as a guest, a customer and an operator), and the headers every request carries (language,
 * cookies, bearer token, content type, conditional and stream headers). Whatever is sent, the answer is never a 5xx.
 */

type Session = { name: string; headers: Record<string, string>; cookies: Record<string, string> };

describe('fuzzed addresses and headers: no 5xx', () => {
  let t: TestApp;
  let sessions: Session[];
  /** Values that name something real, mixed in so that a garbage neighbour is judged next to a valid one. */
  let realValues: string[];

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const h = claimHelpers(t);
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'fuzz-pages@example.com' });
    realValues = [uuid, String(await h.id('SBERRUB')), String(await h.id('USDTTRC20')), 'SBERRUB', 'rules', '1'];
    await activeUser(t, 'fuzz-pages-customer@example.com', 'fuzz password 1');
    const customer = await login(t, 'fuzz-pages-customer@example.com', 'fuzz password 1');
    const operator = await staffUser(t, 'admin');
    sessions = [
      { name: 'guest', headers: {}, cookies: {} },
      { name: 'customer', headers: bearer(customer.access), cookies: { refreshToken: customer.cookie } },
      { name: 'admin', headers: operator.headers, cookies: { refreshToken: operator.cookie } },
    ];
  });
  afterAll(() => t.close());

  /** A path template's `{}` slots filled: mostly garbage, now and then a real id, uuid or code. */
  const filled = (template: string) => {
    const slots = template.split('{}').length - 1;
    const value = fc.oneof(
      { arbitrary: nastyParam, weight: 3 },
      { arbitrary: fc.constantFrom(...realValues), weight: 1 },
    );
    return fc.array(value, { minLength: slots, maxLength: slots }).map((values) => {
      let i = 0;
      return template.replace(/\{\}/g, () => values[i++]!);
    });
  };

  /**
   * GETs of `templates` (a path with `{}` slots, and the query parameters it reads), their slots and queries filled,
   * with or without /en, by each session in turn: never a 5xx.
   */
  const fuzzAddresses = (templates: [string, string[]][], headers: Record<string, string>, numRuns: number) =>
    fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...templates)
          .chain(([template, names]) => fc.tuple(filled(template), nastyQuery(names), fc.constantFrom('', '/en'))),
        fc.constantFrom(...sessions),
        async ([path, query, prefix], session) => {
          const url = `${prefix}${path}${query ? `?${query}` : ''}`;
          const res = await t.inject({
            url,
            headers: { ...session.headers, ...headers },
            cookies: session.cookies,
            // A fresh address each time: the 404 and stream limits per address are not what is under test.
            remoteAddress: randomIp(),
          });
          expect(res.statusCode, `${session.name} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns },
    );

  it('public reads: path parameters and query strings', async () => {
    const reads: [string, string[]][] = [
      ['/api/v1/calculator/', ['cur_from', 'cur_to']],
      ['/api/v1/calculator/settings/', ['cur_from', 'cur_to']],
      ['/api/v1/calculator/from/{}/', []],
      ['/api/v1/calculator/pair/{}/{}/', []],
      ['/api/v1/calculator/course/{}/{}/', []],
      ['/api/v1/calculator/reserves/', ['cur']],
      ['/export.xml', ['from', 'to', 'cur_from', 'cur_to']],
      ['/export.json', ['from', 'to', 'cur_from', 'cur_to']],
      ['/api/v1/claim/{}/status/', []],
      ['/api/v1/claim/{}/form/', []],
      ['/api/v1/claim/{}/requisite/', []],
      ['/api/v1/content/pages/{}/', []],
      ['/api/v1/content/news/{}/', []],
      ['/api/v1/content/faq/', ['page']],
      ['/media/monitors/{}/{}', []],
      ['/sitemap.xml', ['page']],
      ['/robots.txt', []],
    ];
    await fuzzAddresses(reads, {}, 200);
    // The tokens of a letter's link, in the path of a POST.
    for (const token of ['%00', '%ED%A0%80', 'x'.repeat(5000), '..%2F', '99999999999999999999']) {
      for (const [url, payload] of [
        [`/api/v1/users/activate/${token}/`, {}],
        [`/api/v1/users/restore/${token}/`, { password: 'new password 1' }],
      ] as const) {
        const res = await t.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
    }
  }, 120_000);

  it('pages: addresses and query strings, as a guest, a customer and an operator', async () => {
    const pages: [string, string[]][] = [
      ['/', ['cur_from', 'cur_to', 'ref', 'amount']],
      ['/claim/{}', ['status']],
      ['/claim/success', ['uuid']],
      ['/news/{}', []],
      ['/en/news/{}', []],
      ['/news/', ['page', 'kind']],
      ['/news/archive/news', ['page']],
      ['/activate/{}', ['next']],
      ['/recover', ['token', 'email']],
      ['/login', ['next']],
      ['/account/orders', ['page', 'size', 'status']],
      ['/account/referrer', ['page', 'date_from', 'date_to']],
      ['/account', ['page']],
      ['/admin/claims', ['page', 'size', 'status', 'q']],
      ['/admin/claims/{}', []],
      ['/admin/directions/{}', []],
      ['/admin/currencies/{}', ['page']],
      ['/admin/audit', ['page', 'entity', 'entity_id', 'actor']],
      ['/admin/withdrawals', ['page', 'status']],
      ['/admin/promocodes', ['page']],
      ['/admin/payment-details', ['page', 'currency', 'active']],
      ['/admin/rates', ['page', 'source', 'symbol']],
      ['/admin/monitoring', ['page', 'status']],
      ['/admin/content', ['page', 'locale', 'kind', 'tab']],
      ['/partners', ['kind']],
      ['/{}', ['page']],
      ['/{}/{}', []],
    ];
    await fuzzAddresses(pages, { accept: 'text/html' }, 150);
  }, 120_000);

  it('headers: language, cookies, bearer token, content type, conditional and stream headers', async () => {
    const headerValue = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        '*',
        'q=0',
        'ru;q=abc',
        'en-US,en;q=1e400,ru;q=-1',
        ';;;,,,',
        'x'.repeat(8000),
        '%00',
        '%ED%A0%80',
        'Bearer',
        'Bearer ',
        'Bearer x.y.z',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
        'Basic YTpi',
        'W/"x", "y"',
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'Sat, 31 Dec 275760 00:00:00 GMT',
        '99999999999999999999',
        '-1',
        'gzip;q=0, br;q=0, identity;q=0',
        'text/plain',
        'application/json; charset=garbage',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; boundary=x; boundary=y',
      ),
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
    );
    const cookieValue = fc.oneof(
      headerValue,
      fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(4000), 's:abc.def', '"quoted"', '=;='),
    );
    const names = [
      'accept-language',
      'authorization',
      'content-type',
      'accept',
      'accept-encoding',
      'if-none-match',
      'if-modified-since',
      'last-event-id',
      'idempotency-key',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-forwarded-host',
      'origin',
      'referer',
      'sec-fetch-site',
      'user-agent',
    ];
    const targets: { method: 'GET' | 'POST'; url: string; payload?: string }[] = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/en/faq' },
      { method: 'GET', url: '/account/orders' },
      { method: 'GET', url: '/admin/claims' },
      { method: 'GET', url: '/api/v1/calculator/' },
      { method: 'GET', url: '/api/v1/users/me/' },
      { method: 'GET', url: '/api/v1/users/me/claims/' },
      { method: 'GET', url: '/api/v1/admin/claims/' },
      { method: 'GET', url: '/export.json' },
      { method: 'POST', url: '/front-api/auth/refresh/', payload: '' },
      { method: 'POST', url: '/front-api/auth/logout/', payload: '' },
      { method: 'POST', url: '/front-api/auth/login/', payload: '{"email":"a@b.example","password":"x"}' },
      { method: 'POST', url: '/api/v1/claim/promocode/', payload: '{"promocode":"WELCOME"}' },
      { method: 'POST', url: '/api/v1/claim/', payload: '{"email":"a@b.example"}' },
      { method: 'POST', url: '/api/v1/content/monitoring/', payload: 'name=a&url=b' },
      { method: 'POST', url: '/partners/monitoring', payload: '{"name":"a"}' },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.dictionary(fc.constantFrom(...names), headerValue, { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom('refreshToken', 'did', 'ref', 'contest_banner', '__proto__', 'x'), cookieValue, {
          maxKeys: 3,
        }),
        fc.constantFrom(0, 1, 2),
        fc.constantFrom('', '/en'),
        async (target, headers, cookies, who, prefix) => {
          const session = sessions[who]!;
          const res = await t.inject({
            method: target.method,
            url: `${prefix}${target.url}`,
            headers: { ...session.headers, ...headers },
            cookies: { ...session.cookies, ...cookies },
            ...(target.payload === undefined ? {} : { payload: target.payload }),
            remoteAddress: randomIp(),
          });
          expect(
            res.statusCode,
            `${session.name} ${target.method} ${target.url} ${JSON.stringify({ headers, cookies }).slice(0, 400)}: ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 250 },
    );
    // A JSON body under another content type, or a body nested past any parser's patience.
    for (const [type, payload] of [
      ['text/plain', '{"email":"a@b.example","password":"x"}'],
      ['application/json; charset=garbage', '{}'],
      ['application/json', '['.repeat(100_000)],
      ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
      ['application/json', 'null'],
      ['application/json', ''],
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        headers: { 'content-type': type! },
        payload,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, `${type} ${payload!.slice(0, 40)}: ${res.body}`).toBeLessThan(500);
    }
  }, 120_000);

  it('methods no route takes answer 404 in the API’s shape, pages included', async () => {
    for (const method of ['OPTIONS', 'TRACE', 'PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of ['/faq', '/en/claim/x', '/api/v1/claim/', '/export.xml']) {
        const res = await t.inject({ method, url, remoteAddress: randomIp() });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        // A page's catch-all takes PATCH, PUT and DELETE (405 from the router); OPTIONS and TRACE fell to Fastify's own
        // 404 body, `{"message":"Route OPTIONS:/faq not found","error":"Not Found","statusCode":404}`.
        if (res.statusCode === 404)
          expect(res.json(), `${method} ${url}`).toEqual({
            detail: url.startsWith('/en/') ? 'Not found.' : 'Не найдено.',
            code: 'not_found',
          });
      }
    }
  });

  it('Content-Length lies, on a real socket, answer 4xx in the API’s shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = '{"email":"a@b.example","password":"x"}';
    const head = (length: string) =>
      `POST /front-api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\n\r\n`;
    for (const [length, payload, end] of [
      ['Content-Length: 100', body, true],
      ['Content-Length: 5', body, false],
      ['Content-Length: abc', body, false],
      ['Content-Length: -1', body, false],
      ['Content-Length: 99999999999999999999', body, false],
      ['Content-Length: 5\r\nContent-Length: 6', body, false],
      ['Content-Length: 5\r\nTransfer-Encoding: chunked', '0\r\n\r\n', false],
      ['Transfer-Encoding: chunked', `zz\r\n${body}\r\n0\r\n\r\n`, false],
      ['Content-Length: 50000000', body, true],
    ] as const) {
      const answer = await rawRequest(port, head(length) + payload, { end });
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      expect(status, `${length}: ${answer}`).toBeGreaterThanOrEqual(400);
      expect(status, `${length}: ${answer}`).toBeLessThan(500);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), length).toMatchObject({
        code: expect.any(String) as unknown,
      });
    }
  });
});
