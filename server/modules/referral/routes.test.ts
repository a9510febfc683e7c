import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';
import { fund, userIdOf } from '../../../tests/helpers/referral.ts';

type Summary = { code: string; link: string; invited: number; balance: string; percent: string; currency: string };
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type Dw = { kind: string; amount: string; claim: string | null; withdrawal: number | null; status: string | null };
type Withdrawal = { id: number; amount: string; status: string; requisites: string; reason: string | null };

describe('referral programme API', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  const as = (access: string) => bearer(access);

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false', PUBLIC_URL: 'https://obmen.example' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  async function customer(email: string, refferal: string | null = null) {
    const password = 'correct horse battery';
    if (refferal === null) await activeUser(t, email, password);
    else {
      await t.services.users.signup({ email, password, refferal }, 'ru');
      await t.services.users.settled();
      const { users } = await import('../../db/schema-users.ts');
      const { eq } = await import('drizzle-orm');
      await t.database.db.update(users).set({ activatedAt: new Date() }).where(eq(users.email, email));
    }
    const { access } = await login(t, email, password);
    return { email, access, id: await userIdOf(t, email) };
  }

  const summary = async (access: string, prefix = '') =>
    (await t.inject({ url: `${prefix}/api/v1/users/me/refferal/`, headers: as(access) })).json() as Summary;
  const withdraw = (access: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/v1/users/me/refferal/withdrawal/',
      payload: payload as object,
      headers: { ...as(access), ...headers },
    });

  /** A claim of the customer (bearer) or a guest, paid and completed by an operator. */
  async function completedClaim(fromSumma: string, opts: { access?: string; extra?: Record<string, unknown> } = {}) {
    const uuid = await h.created('SBERRUB', 'USDTTRC20', fromSumma, opts.extra, opts.access ? as(opts.access) : {});
    await t.services.claims.confirm(uuid);
    expect(await t.services.claims.complete(uuid, 'operator:1')).not.toBeNull();
    return uuid;
  }

  it('answers 401 to guests on every call', async () => {
    for (const url of ['/', '/dw/', '/withdrawal/']) {
      const res = await t.inject(`/api/v1/users/me/refferal${url}`);
      expect(res.statusCode, url).toBe(401);
    }
    expect(
      (await t.inject({ method: 'POST', url: '/api/v1/users/me/refferal/withdrawal/', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('gives each customer a code and a link in the locale, with an empty balance', async () => {
    const a = await customer('ref-owner@example.com');
    const ru = await summary(a.access);
    expect(ru.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    // The demo programme's terms (seeded as the 'referral' setting: 0.4 %, server/db/demo-content.ts).
    expect(ru).toMatchObject({ invited: 0, balance: '0.00', percent: '0.4', currency: 'USDT' });
    expect(ru.link).toBe(`https://obmen.example/?ref=${ru.code}`);
    const en = await summary(a.access, '/en');
    expect(en.code).toBe(ru.code);
    expect(en.link).toBe(`https://obmen.example/en?ref=${ru.code}`);
  });

  it('links a sign-up with the code, credits the referrer once per completed claim, and shows it in the history', async () => {
    const a = await customer('partner-a@example.com');
    const { code } = await summary(a.access);
    const b = await customer('invited-b@example.com', code.toLowerCase());
    expect((await summary(a.access)).invited).toBe(1);

    const uuid = await completedClaim('10000', { access: b.access });
    // The invited customer's own claim is the same customer: still one.
    expect((await summary(a.access)).invited).toBe(1);
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as { to: { amount: string } };
    const expected = new Big(form.to.amount).times('0.4').div(100).round(2, Big.roundDown).toFixed(2);
    expect((await summary(a.access)).balance).toBe(expected);
    // Completing again changes nothing (the claim is completed; the ledger has its row).
    expect(await t.services.claims.complete(uuid, 'operator:2')).toBeNull();
    expect((await summary(a.access)).balance).toBe(expected);

    const dw = (await t.inject({ url: '/api/v1/users/me/refferal/dw/', headers: as(a.access) })).json() as Page<Dw>;
    expect(dw.count).toBe(1);
    expect(dw.results[0]).toMatchObject({
      kind: 'deposit',
      amount: expected,
      claim: uuid.slice(0, 8).toUpperCase(),
      status: null,
    });
    expect(JSON.stringify(dw)).not.toContain(uuid);
    // The invited customer earned nothing and sees none of it.
    expect((await summary(b.access)).balance).toBe('0.00');
    const theirs = (await t.inject({ url: '/api/v1/users/me/refferal/dw/', headers: as(b.access) })).json() as Page<Dw>;
    expect(theirs.count).toBe(0);
  });

  it("credits a guest's claim that carries the code, but not the partner's own (self-referral)", async () => {
    const p = await customer('partner-guest@example.com');
    const { code } = await summary(p.access);
    await completedClaim('20000', { extra: { refferal: code, email: 'someone@example.com' } });
    const after = (await summary(p.access)).balance;
    expect(new Big(after).gt(0)).toBe(true);
    // The guest who paid through the link is a customer the partner invited, counted once by e-mail.
    expect((await summary(p.access)).invited).toBe(1);
    await completedClaim('20000', { extra: { refferal: code, email: 'SOMEONE@example.com' } });
    expect((await summary(p.access)).invited).toBe(1);
    const twice = (await summary(p.access)).balance;
    await completedClaim('20000', { extra: { refferal: code, email: 'Partner-Guest@example.com' } });
    expect((await summary(p.access)).balance).toBe(twice);
    // The partner's own claim is refused as a self-referral and invites nobody.
    expect((await summary(p.access)).invited).toBe(1);
  });

  it('remembers ?ref=CODE for 30 days and links a later sign-up and a guest claim to it', async () => {
    const p = await customer('partner-cookie@example.com');
    const { code } = await summary(p.access);
    const visit = await t.inject(`/api/v1/calculator/?ref=${code.toLowerCase()}`);
    const cookie = visit.cookies.find((c) => c.name === 'ref');
    expect(cookie).toMatchObject({
      value: code,
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'Lax',
    });
    // Junk is not remembered.
    expect((await t.inject('/api/v1/calculator/?ref=<script>')).cookies.find((c) => c.name === 'ref')).toBeUndefined();

    const signup = await t.inject({
      method: 'POST',
      url: '/api/v1/users/signup/',
      payload: { email: 'came-by-link@example.com', password: 'correct horse battery' },
      cookies: { ref: code },
      remoteAddress: '10.9.9.9',
    });
    expect(signup.statusCode).toBe(201);
    expect((await summary(p.access)).invited).toBe(1);

    const payload = await h.body('SBERRUB', 'USDTTRC20', '20000', { email: 'guest-by-link@example.com' });
    const res = await t.inject({ method: 'POST', url: '/api/v1/claim/', payload, cookies: { ref: code } });
    expect(res.statusCode).toBe(201);
    const uuid = (res.json() as { uuid: string }).uuid;
    await t.services.claims.confirm(uuid);
    await t.services.claims.complete(uuid, 'operator:1');
    expect(new Big((await summary(p.access)).balance).gt(0)).toBe(true);
    // The sign-up and the guest: two customers.
    expect((await summary(p.access)).invited).toBe(2);
  });

  it('refuses a withdrawal below the minimum, above the balance, or with a JSON number, and creates nothing', async () => {
    const c = await customer('withdraw-refused@example.com');
    await fund(t, c.id, '25');
    const below = await withdraw(c.access, { amount: '5', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(below.statusCode).toBe(400);
    // Money as every page writes it: the decimal comma and the balance's currency.
    expect(below.json()).toEqual({ amount: ['Минимальная сумма: 10,00\u00a0USDT.'] });
    const above = await withdraw(c.access, { amount: '25.01', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ amount: ['Сумма больше доступного баланса (25,00\u00a0USDT).'] });
    const number = await withdraw(c.access, { amount: 20, requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(number.statusCode).toBe(400);
    expect(Object.keys(number.json())).toEqual(['amount']);
    const noRequisites = await withdraw(c.access, { amount: '20', requisites: ' ' });
    expect(noRequisites.json()).toHaveProperty('requisites');
    const list = (await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: as(c.access) })).json();
    expect(list.count).toBe(0);
    expect((await summary(c.access)).balance).toBe('25.00');
    const en = await t.inject({
      method: 'POST',
      url: '/en/api/v1/users/me/refferal/withdrawal/',
      payload: { amount: '30', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      headers: as(c.access),
    });
    expect(en.json()).toEqual({ amount: ['The amount is more than the available balance (25.00\u00a0USDT).'] });
  });

  it('refuses payout details that are not a TRC20 address with the field message, in the caller language', async () => {
    const c = await customer('withdraw-junk@example.com');
    await fund(t, c.id, '13.37');
    // The tester's request: the whole balance against "TXYZ" was reserved and reported as created.
    const junk = await withdraw(c.access, { amount: '13.37', requisites: 'TXYZ' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ requisites: ['Введите правильный адрес в сети TRC20.'] });
    // One character changed: a typo, told as such.
    const typo = await t.inject({
      method: 'POST',
      url: '/en/api/v1/users/me/refferal/withdrawal/',
      payload: { amount: '13.37', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8' },
      headers: as(c.access),
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toEqual({
      requisites: [
        'The TRC20 address checksum does not match: the address has a typo. Copy it from your wallet again.',
      ],
    });
    // Another chain's address (Ethereum) is not a Tron one.
    const eth = await withdraw(c.access, { amount: '13.37', requisites: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
    expect(eth.statusCode).toBe(400);
    expect(Object.keys(eth.json())).toEqual(['requisites']);
    const list = (await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: as(c.access) })).json();
    expect(list.count).toBe(0);
    expect((await summary(c.access)).balance).toBe('13.37');

    const ok = await withdraw(c.access, { amount: '13.37', requisites: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ requisites: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', status: 'pending' });
    expect((await summary(c.access)).balance).toBe('0.00');
  });

  it('reserves a valid withdrawal, replays it by Idempotency-Key, and the operator pays or rejects it', async () => {
    const c = await customer('withdraw-ok@example.com');
    await fund(t, c.id, '100');
    const first = await withdraw(
      c.access,
      { amount: '40', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      { 'idempotency-key': 'w-1' },
    );
    expect(first.statusCode).toBe(201);
    const w = first.json() as Withdrawal;
    expect(w).toMatchObject({ amount: '40', status: 'pending', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect((await summary(c.access)).balance).toBe('60.00');
    const again = await withdraw(
      c.access,
      { amount: '40', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      { 'idempotency-key': 'w-1' },
    );
    expect(again.statusCode).toBe(200);
    expect((again.json() as Withdrawal).id).toBe(w.id);
    const changed = await withdraw(
      c.access,
      { amount: '41', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      { 'idempotency-key': 'w-1' },
    );
    expect(changed.statusCode).toBe(422);
    expect((await summary(c.access)).balance).toBe('60.00');

    const second = (
      await withdraw(c.access, { amount: '10', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' })
    ).json() as Withdrawal;
    expect((await t.services.referral.rejectWithdrawal(second.id, 'operator:1', 'Wrong network'))?.status).toBe(
      'rejected',
    );
    expect(await t.services.referral.rejectWithdrawal(second.id, 'operator:1', 'again')).toBeNull();
    expect((await summary(c.access)).balance).toBe('60.00');
    expect((await t.services.referral.payWithdrawal(w.id, 'operator:1', 'tx 0xabc'))?.status).toBe('paid');
    expect(await t.services.referral.payWithdrawal(second.id, 'operator:1', 'late')).toBeNull();

    const dw = (
      await t.inject({ url: '/api/v1/users/me/refferal/dw/?size=10', headers: as(c.access) })
    ).json() as Page<Dw>;
    expect(dw.results.map((r) => `${r.kind}:${r.amount}:${r.status}`)).toEqual([
      'return:10.00:rejected',
      'withdrawal:-10.00:rejected',
      'withdrawal:-40.00:paid',
      'deposit:100.00:null',
    ]);
    const totals = await t.services.referral.totals(c.id);
    expect(new Big(totals.balance).plus(totals.paid).plus(totals.reserved).eq(totals.credited)).toBe(true);
    const list = (
      await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: as(c.access) })
    ).json() as Page<Withdrawal>;
    expect(list.results.map((r) => [r.status, r.reason])).toEqual([
      ['rejected', 'Wrong network'],
      ['paid', null],
    ]);
    // Another customer sees none of it.
    const other = await customer('withdraw-other@example.com');
    const theirs = (await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: as(other.access) })).json();
    expect(theirs.count).toBe(0);
  });

  it('filters the history by dates, refuses bad dates, and pages it DRF-style', async () => {
    const c = await customer('history-dates@example.com');
    for (let i = 0; i < 3; i++) await fund(t, c.id, '1');
    const get = (q: string) => t.inject({ url: `/api/v1/users/me/refferal/dw/${q}`, headers: as(c.access) });
    const today = new Date().toISOString().slice(0, 10);
    expect(((await get(`?date_from=${today}&date_to=${today}`)).json() as Page<Dw>).count).toBe(3);
    expect(((await get('?date_to=2020-01-01')).json() as Page<Dw>).count).toBe(0);
    const bad = await get('?date_from=2026-1-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ date_from: ['Введите дату в формате ГГГГ-ММ-ДД.'] });
    // In the format but not in the calendar: said so, not "enter as YYYY-MM-DD".
    for (const day of ['2026-13-45', '2026-02-29', '2026-04-31']) {
      const none = await get(`?date_from=${day}`);
      expect(none.statusCode, day).toBe(400);
      expect(none.json(), day).toEqual({ date_from: ['Такой даты нет: проверьте месяц и день.'] });
    }
    // Year 0000 is no year PostgreSQL holds: it once reached the database and came back a 400 naming no field.
    const zero = await get('?date_from=0000-01-01');
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ date_from: ['Год должен быть от 1 до 9999.'] });
    const zeroEn = await t.inject({
      url: '/en/api/v1/users/me/refferal/dw/?date_to=0000-12-31',
      headers: as(c.access),
    });
    expect(zeroEn.json()).toEqual({ date_to: ['The year must be from 1 to 9999.'] });
    // The last day a date field shows is a fine end of a range (the day after it is no date PostgreSQL reads).
    const farEnd = await get('?date_from=0001-01-01&date_to=9999-12-31');
    expect(farEnd.statusCode).toBe(200);
    expect((farEnd.json() as Page<Dw>).count).toBe(3);
    expect(((await get('?date_from=9999-12-31')).json() as Page<Dw>).count).toBe(0);
    const backwards = await get('?date_from=2026-02-01&date_to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ date_to: ['Дата окончания раньше даты начала.'] });
    const page = (await get('?size=2')).json() as Page<Dw>;
    expect(page.results).toHaveLength(2);
    expect(page.next).toBe('https://obmen.example/api/v1/users/me/refferal/dw/?size=2&page=2');
    expect((await get('?size=2&page=3')).statusCode).toBe(404);
  });
});
