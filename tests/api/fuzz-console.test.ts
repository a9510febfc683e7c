import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLuhnDigit } from '../../shared/exchange/requisites.ts';
import { claimActions } from '../../shared/schemas/admin-claims.ts';
import { auditLog } from '../../server/db/schema-admin.ts';
import { activeUser, bearer, login, randomIp } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { mutated, nastyParam, nastyQuery, oneFieldOff } from '../helpers/fuzz.ts';
import { fund, userIdOf } from '../helpers/referral.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';

/**
 * The operator console's API fuzzed like the public one (tests/api/fuzz.test.ts): every /api/v1/admin/ operation the
 * OpenAPI document lists, called by an admin, with generated bodies, path parameters and query strings. Whatever is
 * sent, the answer is never a 5xx, and a refused body records no audit entry (every console change records one, so a
 * 4xx that wrote something shows there). The operations come from the document, so a route added later is fuzzed
 * without a line here.
 */

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minItems?: number;
  format?: string;
}

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** A value of `schema` that looks right (every property, optional ones too, so each is a field to mutate). */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return sample(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'fuzz-console@example.com';
      if (schema.format === 'uri') return 'https://fuzz.example';
      return '1';
    default:
      return null;
  }
}

/**
 * Bodies that pass, for the operations whose schema sample does not (a pattern, a pair that must be new, a status the
 * claim is in): the fuzz then reaches the services and the database, where a value past a column would surface. The
 * claim actions each get a claim of their own in the status the action starts from.
 */
const currency = {
  code: 'fuzzusd',
  name: { ru: 'Fuzz USD', en: 'Fuzz USD' },
  kind: 'ewallet',
  symbol: 'USD',
  network: null,
  decimals: 2,
  logo: '/currencies/prusd.svg',
  position: 5,
  fromInputs: [
    {
      name: 'account',
      label: { ru: 'Счёт', en: 'Account' },
      kind: 'text',
      pattern: 'PY\\d{6,10}',
      example: 'PY1234567',
    },
  ],
  toInputs: [{ name: 'wallet', label: { ru: 'Кошелёк', en: 'Wallet' }, kind: 'email', example: 'anna@example.com' }],
};
const direction = {
  courseMode: 'manual',
  courseManual: '0,0108',
  markupPercent: '1',
  bonusPercent: '0',
  fromFee: '0',
  toFee: '0',
  fromMin: '1000',
  fromMax: '500000',
  toMin: null,
  toMax: null,
  active: true,
  maxRateAgeMinutes: 15,
  fromRound: 2,
  toRound: 2,
  fromNotify: { ru: 'Отправьте', en: 'Send' },
  toNotify: { ru: 'Получите', en: 'Receive' },
  paymentWindowMinutes: 30,
  position: 3,
};
const texts = (ru: string, en: string) => ({ ru, en });
const bases: Record<string, Record<string, unknown>> = {
  'post /api/v1/admin/claims/{uuid}/received/': { expected: 'new', note: 'seen' },
  'post /api/v1/admin/claims/{uuid}/complete/': { expected: 'processing', reference: 'PAYOUT-1', note: 'done' },
  'post /api/v1/admin/claims/{uuid}/hold/': { expected: 'new', reason: 'Check the sender', note: 'aml' },
  'post /api/v1/admin/claims/{uuid}/refund/': { expected: 'processing', reference: 'REFUND-1' },
  'post /api/v1/admin/claims/{uuid}/cancel/': { expected: 'new', reason: 'Asked to', note: 'n' },
  'post /api/v1/admin/withdrawals/{id}/pay/': { reference: 'tx 0xabc' },
  'post /api/v1/admin/withdrawals/{id}/reject/': { reason: 'Wrong network' },
  'put /api/v1/admin/referral/settings/': { percent: '1', minWithdrawal: '5' },
  'post /api/v1/admin/currencies/': currency,
  'put /api/v1/admin/currencies/{id}/': { ...currency, code: 'fuzzeur' },
  'post /api/v1/admin/currencies/{id}/reserve/': { delta: '1500.5', reason: 'Topped up' },
  'post /api/v1/admin/directions/': { ...direction, fromCurrencyId: 0, toCurrencyId: 0 },
  'put /api/v1/admin/directions/{id}/': direction,
  'post /api/v1/admin/news/': {
    kind: 'news',
    locale: 'ru',
    slug: 'fuzz-news',
    title: 'Новости',
    summary: 'Коротко',
    body: '## Что нового',
    publishedAt: '2026-11-01T10:00:00Z',
  },
  'put /api/v1/admin/news/{id}/': {
    kind: 'news',
    locale: 'ru',
    slug: 'fuzz-edit',
    title: 'T',
    summary: 'S',
    body: 'B',
  },
  'put /api/v1/admin/settings/contest/': {
    status: 'active',
    title: texts('Зимний конкурс', 'Winter contest'),
    startsAt: '2026-12-01',
    endsAt: '2026-12-31',
    prizes: [texts('100 USDT', '100 USDT')],
  },
  'post /api/v1/admin/promocodes/': {
    code: 'FUZZ1',
    discountPercent: '1.5',
    validFrom: null,
    validTo: null,
    maxUses: 10,
    perCustomer: 1,
    assignedTo: [],
    active: true,
  },
  'put /api/v1/admin/promocodes/{id}/': {
    code: 'FUZZ2',
    discountPercent: '2',
    validFrom: '2026-11-01',
    validTo: '2026-12-01',
    maxUses: 5,
    perCustomer: 1,
    assignedTo: ['fuzz-console-customer@example.com'],
    active: true,
  },
  'post /api/v1/admin/payment-details/': {
    currencyId: 0,
    label: texts('Т-Банк', ''),
    value: withLuhnDigit('220070300000003'),
    holder: 'Anna',
    memo: null,
  },
  'put /api/v1/admin/payment-details/{id}/': {
    label: texts('Т-Банк', 'T-Bank'),
    value: withLuhnDigit('220070300000011'),
    holder: null,
    memo: 'm',
  },
  'put /api/v1/admin/payment-details/{id}/active/': { active: false, confirm: true },
  'put /api/v1/admin/monitors/{id}/review/': { reviewUrl: 'https://monitor.example/review/1' },
  'put /api/v1/admin/settings/site/': {
    supportEmail: 'support@obmen.example',
    paymentWindowMinutes: 30,
    maxRateAgeMinutes: 15,
    chatScriptUrl: null,
    analyticsScriptUrl: null,
    analyticsId: null,
  },
  'post /api/v1/admin/staff/': { email: 'fuzz-console-customer@example.com', role: 'operator' },
  'put /api/v1/admin/faq/order/': { ids: [] },
};

describe('fuzzed console input: no 5xx, no audit entry from a refused body', () => {
  let t: TestApp;
  let admin: StaffUser;
  let operations: Operation[];
  /** A real value for each path template's parameters, so a generated body is judged, not refused as a 404. */
  const real = new Map<string, Record<string, string>>();

  const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
  const runs = (fallback: number) => Number(process.env.FUZZ_RUNS ?? fallback);
  const expectStatus = (res: { statusCode: number; body: string }, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    admin = await staffUser(t, 'admin');
    // A record behind each section's addresses: a claim for each action in the status it starts from, a withdrawal, a
    // monitor's registration, another staff member; the new direction's pair and the payment detail's currency.
    const h = claimHelpers(t);
    for (const action of claimActions) {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: `fuzz-${action}@example.com` });
      if (action === 'complete' || action === 'refund') {
        const url = `/api/v1/admin/claims/${uuid}/received/`;
        expectStatus(await admin.inject({ method: 'POST', url, payload: { expected: 'new' } }), 200, url);
      }
      real.set(`/api/v1/admin/claims/{uuid}/${action}/`, { uuid });
    }
    const pair = await admin.inject({
      method: 'POST',
      url: '/api/v1/admin/currencies/',
      payload: { ...currency, code: 'fuzzpair' },
    });
    expectStatus(pair, 201, 'currency');
    bases['post /api/v1/admin/directions/']!.fromCurrencyId = await h.id('SBERRUB');
    bases['post /api/v1/admin/directions/']!.toCurrencyId = (pair.json() as { id: number }).id;
    bases['post /api/v1/admin/payment-details/']!.currencyId = await h.id('SBERRUB');
    const customer = 'fuzz-console-customer@example.com';
    await activeUser(t, customer, 'fuzz password 1');
    await fund(t, await userIdOf(t, customer), '500');
    const { access } = await login(t, customer, 'fuzz password 1');
    const withdrawal = await t.inject({
      method: 'POST',
      url: '/api/v1/users/me/refferal/withdrawal/',
      payload: { amount: '100.00', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      headers: bearer(access),
      remoteAddress: randomIp(),
    });
    expectStatus(withdrawal, 201, 'withdrawal');
    const registration = await t.inject({
      method: 'POST',
      url: '/api/v1/content/monitoring/',
      payload: { name: 'Fuzz', url: 'fuzz.example', email: 'owner@fuzz.example', comment: '' },
      remoteAddress: randomIp(),
    });
    expectStatus(registration, 201, 'monitoring registration');
    await staffUser(t, 'operator');

    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Omit<Operation, 'method'>>> };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ ...op, method, path })))
      // The live stream never ends by itself (it takes nothing a client shapes but the session).
      .filter((op) => !op.path.endsWith('/events/'));
    // The other addresses get the first record of their section's list (not the admin's own account).
    for (const op of operations) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      if (names.length === 0 || real.has(op.path)) continue;
      const list = (await admin.inject({ url: op.path.slice(0, op.path.indexOf('{')) })).json() as
        { results?: Record<string, unknown>[] } | Record<string, unknown>[];
      const rows = Array.isArray(list) ? list : (list.results ?? []);
      const row = rows.find((r) => r.id !== admin.id) ?? {};
      real.set(op.path, Object.fromEntries(names.map((n) => [n, String(row[n] ?? row.id ?? 1)])));
    }
  });
  afterAll(() => t.close());

  const url = (op: Operation, params: Record<string, string>, query = '') =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!) + (query ? `?${query}` : '');
  const jsonBody = (op: Operation) => op.requestBody?.content['application/json']?.schema;
  const baseOf = (op: Operation) =>
    bases[`${op.method} ${op.path}`] ?? (sample(jsonBody(op)!) as Record<string, unknown>);

  /** Runs `check` for each operation and answers every failure (the first counterexample of each), not just the first. */
  const failures = async (ops: Operation[], check: (op: Operation) => Promise<void>) => {
    const found: string[] = [];
    for (const op of ops) {
      try {
        await check(op);
      } catch (error) {
        found.push(`${op.method} ${op.path}: ${(error as Error).message.slice(0, 1200)}`);
      }
    }
    return found;
  };

  it('reads every console operation from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => jsonBody(op)).length).toBeGreaterThan(30);
  });

  it('bodies: never 5xx; a 4xx records no audit entry', async () => {
    const found = await failures(
      operations.filter((op) => jsonBody(op)),
      async (op) => {
        const base = baseOf(op);
        const params = real.get(op.path) ?? {};
        const method = op.method.toUpperCase() as 'POST';
        if (bases[`${op.method} ${op.path}`]) {
          // The hand-written body passes (or meets a record an earlier call already moved: 409), else the fuzz below
          // would only ever meet the first check.
          const res = await admin.inject({ method, url: url(op, params), payload: base });
          expect(res.statusCode === 409 || res.statusCode < 300, `base: ${res.statusCode} ${res.body}`).toBe(true);
        }
        await fc.assert(
          fc.asyncProperty(
            fc.oneof({ arbitrary: oneFieldOff(base), weight: 3 }, { arbitrary: mutated(base), weight: 1 }),
            fc.constantFrom('', '/en'),
            async (body, prefix) => {
              const before = await audits();
              const res = await admin.inject({
                method,
                url: `${prefix}${url(op, params)}`,
                payload: body as object,
                headers: { 'content-type': 'application/json' },
              });
              const what = `${JSON.stringify(body)?.slice(0, 300)}`;
              expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
              if (res.statusCode >= 400) expect(await audits(), `${what} audited on ${res.statusCode}`).toBe(before);
            },
          ),
          { numRuns: runs(40) },
        );
      },
    );
    expect(found).toEqual([]);
  }, 300_000);

  it('a banner of any bytes and any type: never 5xx', async () => {
    const path = `/api/v1/admin/monitors/${real.get('/api/v1/admin/monitors/{id}/banner/')!.id}/banner/`;
    const magic = ['89504e470d0a1a0a', 'ffd8ffe0', '474946383961', '524946460000000057454250', '3c737667'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'text/plain', ''),
        fc.constantFrom(...magic),
        fc.uint8Array({ maxLength: 64 }),
        async (type, start, rest) => {
          const payload = Buffer.concat([Buffer.from(start, 'hex'), rest]);
          const res = await admin.inject({ method: 'PUT', url: path, headers: { 'content-type': type }, payload });
          expect(res.statusCode, `${type} ${payload.toString('hex')}: ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('what the fuzz stored still renders: the pages and public reads answer below 500', async () => {
    const sections = ['directions', 'currencies'];
    const records = await Promise.all(
      sections.map(async (section) =>
        (
          (await admin.inject({ url: `/api/v1/admin/${section}/` })).json() as { results: { id: number }[] }
        ).results.map((r) => `/admin/${section}/${r.id}`),
      ),
    );
    const news = (await t.inject('/api/v1/content/news/?size=100')).json() as { results: { slug: string }[] };
    const urls = [
      ...['/', '/en', '/faq', '/en/faq', '/rules', '/en/aml', '/concurs', '/en/concurs', '/partners'],
      ...['/partners/monitoring', '/news/', '/news/archive/news', '/news/archive/updates'],
      ...['/sitemap.xml', '/export.xml', '/export.json', '/api/v1/calculator/', '/api/v1/calculator/reserves/'],
      ...['/api/v1/content/faq/', '/api/v1/content/news/', '/api/v1/content/partners/', '/api/v1/content/pages/aml/'],
      ...['/admin', '/admin/claims', '/admin/withdrawals', '/admin/directions', '/admin/currencies', '/admin/content'],
      ...['/admin/faq', '/admin/settings', '/admin/monitoring', '/admin/export', '/admin/promocodes', '/admin/rates'],
      ...['/admin/staff', '/admin/payment-details', '/admin/audit', '/en/admin/audit'],
      ...records.flat(),
      ...news.results.map((n) => `/news/${n.slug}`),
    ];
    const problems: string[] = [];
    for (const page of urls) {
      for (const cookies of [{}, { refreshToken: admin.cookie }] as Record<string, string>[]) {
        const res = await t.inject({ url: page, cookies, headers: { accept: 'text/html' }, remoteAddress: randomIp() });
        if (res.statusCode >= 500) problems.push(`${page} ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('path parameters and query strings: never 5xx', async () => {
    const found = await failures(operations, async (op) => {
      const names = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queries = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length === 0 && queries.length === 0) return;
      const params = real.get(op.path) ?? {};
      const payload = jsonBody(op) ? baseOf(op) : undefined;
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constant(params[n]!), nastyParam)]))),
          nastyQuery(queries),
          async (values, query) => {
            const address = url(op, values as Record<string, string>, query);
            const res = await admin.inject({
              method: op.method.toUpperCase() as 'GET',
              url: address,
              ...(payload === undefined ? {} : { payload }),
            });
            expect(res.statusCode, `${address}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          },
        ),
        { numRuns: runs(25) },
      );
    });
    expect(found).toEqual([]);
  }, 300_000);
});
