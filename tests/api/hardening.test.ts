import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, bearer, login, mailsTo, randomIp } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { fund, userIdOf } from '../helpers/referral.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';

/**
 * The attack's findings that answered 5xx or the wrong shape (issue 15), each kept fixed: text the database cannot
 * hold, amounts past the money columns, a URL the router cannot decode, the Markdown preview judging a guest's body.
 */
describe('hardening: what the attack found', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let access: string;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    await activeUser(t, 'harden@example.com', 'harden password 1');
    access = (await login(t, 'harden@example.com', 'harden password 1')).access;
    await fund(t, await userIdOf(t, 'harden@example.com'), '500');
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  it.each(['refferal', 'promocode', 'email'])('a NUL byte in a claim’s %s is a 400 on that field', async (field) => {
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'nul@example.com' });
    const res = await h.create({ ...body, [field]: 'a\u0000b' }, {}, '/en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: ['Remove the control characters from the text.'] });
  });

  it('an amount past the money columns says it is too large, not that it is no number', async () => {
    // What a client computes from an operator's mistyped course (999999999999999999 RUB per USDT) is such a number.
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const res = await h.create({ ...body, toSumma: '9999999999999999999999.5' }, {}, '/en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ toSumma: ['The number is too large: at most 18 digits before the decimal point.'] });
    const ru = await h.create({ ...body, fromSumma: '10000000000000000000' });
    expect(ru.json()).toEqual({ fromSumma: ['Слишком большое число: не более 18 цифр до запятой.'] });
    expect((await h.create({ ...body, fromSumma: 'x'.repeat(50) })).json()).toMatchObject({
      fromSumma: [expect.stringContaining('Введите сумму числом')],
    });
  });

  it('a NUL byte or a lone surrogate in a requisite’s name or value is a 400 with its path', async () => {
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const value = await h.create({ ...body, toRequisites: { address: '\ud800' } });
    expect(value.statusCode).toBe(400);
    expect(Object.keys(value.json() as object)).toEqual(['toRequisites.address']);
    const key = await h.create({ ...body, toRequisites: { 'ad\u0000dress': 'x' } });
    expect(key.statusCode).toBe(400);
  });

  it('a withdrawal with NUL requisites or an amount past the money column is a 400, and nothing is written', async () => {
    const post = (payload: object) =>
      t.inject({
        method: 'POST',
        url: '/en/api/v1/users/me/refferal/withdrawal/',
        payload,
        headers: bearer(access),
        remoteAddress: randomIp(),
      });
    const nul = await post({ amount: '100.00', requisites: 'USDT\u0000TRC20' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json() as object)).toEqual(['requisites']);
    const huge = await post({ amount: '10000000000000000000', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(huge.statusCode).toBe(400);
    // Said as what it is (too many digits), not "enter the amount as a number".
    expect(huge.json()).toEqual({
      amount: ['The number is too large: at most 18 digits before the decimal point.'],
    });
    const list = await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: bearer(access) });
    expect((list.json() as { count: number }).count).toBe(0);
  });

  it('a reference that would read as another (a right-to-left override) is refused where customers and operators type one', async () => {
    // Stored as typed, "SBP 000111 <U+202E>(ьтаволыв ен) 999888" reads in the console as a different reference.
    const spoof = 'SBP 000111 \u202e(ьтаволыв ен) 999888';
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'bidi@example.com' });
    const paid = await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/confirm/`, payload: { txid: spoof } });
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toEqual({ txid: ['Уберите из текста управляющие символы.'] });
    const held = await operator.inject({
      method: 'POST',
      url: `/en/api/v1/admin/claims/${uuid}/hold/`,
      payload: { expected: 'new', reason: `check \u2067${spoof}` },
    });
    expect(held.json()).toEqual({ reason: ['Remove the control characters from the text.'] });
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { status: string };
    expect(status.status).toBe('new');
  });

  it('an operator’s hold reason or note with a NUL byte or a lone surrogate is a 400, the claim unchanged', async () => {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'hold-nul@example.com' });
    for (const payload of [
      { expected: 'new', reason: 'check\u0000' },
      { expected: 'new', reason: 'check', note: 'note \udc00' },
    ]) {
      const res = await operator.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/hold/`, payload });
      expect(res.statusCode, res.body).toBe(400);
    }
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { status: string };
    expect(status.status).toBe('new');
  });

  it('a URL the router cannot decode answers our error shape in the caller’s language', async () => {
    const ru = await t.inject('/api/v1/content/news/%E0%A4%A/');
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ detail: 'Некорректный адрес запроса.', code: 'malformed_url' });
    const en = await t.inject('/en/api/v1/claim/%E0%A4%A/status/');
    expect(en.json()).toEqual({ detail: 'Malformed request address.', code: 'malformed_url' });
    // The API stays JSON whatever it accepts.
    const api = await t.inject({ url: '/api/v1/content/news/%E0%A4%A/', headers: { accept: 'text/html' } });
    expect(api.json()).toMatchObject({ code: 'malformed_url' });
  });

  it('a mangled page link opened in a browser reads the message as text, not the API’s JSON', async () => {
    for (const [url, text] of [
      ['/faq%C3%28', 'Некорректный адрес запроса.'],
      ['/en/news/%E0%A4%A', 'Malformed request address.'],
    ] as const) {
      const res = await t.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(res.body, url).toBe(text);
    }
  });

  it('sign-up repeated for one address answers the same each time but sends at most 3 letters', async () => {
    const email = 'signup-flood@example.com';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.inject({
          method: 'POST',
          url: '/api/v1/users/signup/',
          payload: { email, password: 'flood password 1' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const letters = await mailsTo(t, email);
    expect(letters.length).toBeGreaterThanOrEqual(1);
    expect(letters.length).toBeLessThanOrEqual(3);
  });

  it('an Idempotency-Key is the caller’s own: another guest with the same key gets their own claim', async () => {
    const headers = { 'idempotency-key': 'shared-key-1' };
    const first = await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'one@example.com' }), headers);
    const other = await h.create(await h.body('SBERRUB', 'USDTTRC20', '12000', { email: 'two@example.com' }), headers);
    expect(first.statusCode).toBe(201);
    expect(other.statusCode, other.body).toBe(201);
    expect((other.json() as { uuid: string }).uuid).not.toBe((first.json() as { uuid: string }).uuid);
    // The same caller resending is still answered with their first claim.
    const again = await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'one@example.com' }), headers);
    expect((again.json() as { uuid: string }).uuid).toBe((first.json() as { uuid: string }).uuid);
  });

  it('the Markdown preview refuses a guest (401) before it judges the body', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/admin/markdown/preview/', payload: { markdown: 42 } });
    expect(res.statusCode).toBe(401);
  });
});
