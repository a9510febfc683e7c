import Big from 'big.js';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { claimHistory, claims } from '../../db/schema-exchange.ts';
import { mailOutbox } from '../../db/schema-mail.ts';
import { users } from '../../db/schema-users.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';
import { claimHelpers as helpers } from '../../../tests/helpers/claims.ts';

type Form = {
  createdAt: string;
  expiresAt: string;
  from: { requisites: Record<string, string> };
  to: { requisites: Record<string, string> };
};

describe('claims API', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await build({ ssr: false, env: { SMTP_URL: smtp.url, JOBS: 'false' } });
    h = helpers(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const claimCount = async () => (await t.database.db.select({ n: count() }).from(claims))[0]!.n;

  it('creates a claim priced by the server, with history, payment details and an e-mail in its language', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000', { refferal: 'partner42' });
    const res = await h.create(payload);
    expect(res.statusCode).toBe(201);
    const { uuid } = res.json() as { uuid: string };
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    for (const read of ['form', 'requisite', 'status']) {
      const answer = await t.inject(`/api/v1/claim/${uuid}/${read}/`);
      expect(answer.headers['cache-control'], read).toBe('no-store');
    }
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as Form;
    expect(form).toMatchObject({
      uuid,
      status: 'new',
      // The uuid is the only key: the customer's own e-mail and card go out masked, the payout address whole.
      email: 'a•••@example.com',
      from: { amount: '10000', currency: { code: 'SBERRUB' } },
      to: { amount: payload.toSumma, currency: { code: 'USDTTRC20' } },
    });
    expect(form.to.requisites).toEqual({ address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    expect(form.from.requisites.card).toMatch(/^\d{4} •••• •••• \d{4}$/);
    const [stored] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    // Stored whole (card spaces are not part of the value): the operator pays out from it.
    expect(stored!.fromRequisites.card).toMatch(/^\d{16}$/);
    expect(stored!.email).toBe('anna@example.com');
    const minutes = (Date.parse(form.expiresAt) - Date.parse(form.createdAt)) / 60000;
    expect(Math.round(minutes)).toBe(30);

    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    expect(row).toMatchObject({ refferal: 'partner42', promocode: null, userId: null, locale: 'ru' });

    const requisite = (await t.inject(`/api/v1/claim/${uuid}/requisite/`)).json() as {
      amount: string;
      currency: { code: string };
      details: { value: string };
    };
    expect(requisite).toMatchObject({ uuid, amount: '10000', currency: { code: 'SBERRUB' } });
    expect(requisite.details.value).toMatch(/^\d{16}$/);

    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { status: string; history: unknown[] };
    expect(status).toMatchObject({ status: 'new', history: [{ status: 'new', actor: 'customer', reason: 'created' }] });

    const mail = await smtp.waitFor(
      'anna@example.com',
      (m) => m.subject?.includes(uuid.slice(0, 8).toUpperCase()) ?? false,
    );
    expect(mail.subject).toContain('создана');
    expect(mail.text).toContain(`http://localhost:3000/claim/${uuid}`);
  });

  it('rotates the operator payment details between claims', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const { uuid } = (await h.create(await h.body('TCSBRUB', 'USDTTRC20', '20000'))).json() as { uuid: string };
      const r = (await t.inject(`/api/v1/claim/${uuid}/requisite/`)).json() as { details: { value: string } };
      seen.add(r.details.value);
    }
    expect(seen.size).toBe(2);
  });

  it('writes the e-mail and the claim link in English for an /en claim', async () => {
    const res = await h.create(await h.body('USDTTRC20', 'SBERRUB', '100', { email: 'bob@example.com' }), {}, '/en');
    expect(res.statusCode).toBe(201);
    const { uuid } = res.json() as { uuid: string };
    const mail = await smtp.waitFor('bob@example.com');
    expect(mail.subject).toContain('created');
    expect(mail.text).toContain(`http://localhost:3000/en/claim/${uuid}`);
    const status = (await t.inject(`/en/api/v1/claim/${uuid}/status/`)).json() as { message: string };
    expect(status.message).toBe('Awaiting your payment.');
  });

  it('refuses a toSumma that disagrees with the rate, with the new figures, and leaves nothing behind', async () => {
    const before = await claimCount();
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const res = await h.create({ ...payload, toSumma: new Big(payload.toSumma).plus(1).toFixed(2) });
    expect(res.statusCode).toBe(400);
    const pair = await h.pair('SBERRUB', 'USDTTRC20');
    // With what the course is made of, as the pair answer says it: the form's breakdown of the accepted course.
    expect(res.json()).toEqual({
      detail: expect.stringContaining('Курс изменился'),
      code: 'rate_changed',
      course: pair.course,
      fromSumma: '10000',
      toSumma: payload.toSumma,
      breakdown: pair.breakdown,
    });
    expect(await claimCount()).toBe(before);
  });

  it.each([
    ['a JSON number amount', { fromSumma: 10000 }, 'fromSumma'],
    ['an exponent amount', { fromSumma: '1e4' }, 'fromSumma'],
    ['a negative amount', { fromSumma: '-10000' }, 'fromSumma'],
    ['excess decimals', { fromSumma: '10000.123' }, 'fromSumma'],
    ['below the minimum', { fromSumma: '100' }, 'fromSumma'],
    ['above the maximum', { fromSumma: '90000000' }, 'fromSumma'],
    ['a card failing Luhn', { fromRequisites: { card: '2202 2012 3456 7890' } }, 'fromRequisites.card'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing toPs', { toPs: undefined }, 'toPs'],
  ])('refuses %s with a DRF field error', async (_name, change, field) => {
    const before = await claimCount();
    const payload = { ...(await h.body('SBERRUB', 'USDTTRC20', '10000')), ...change };
    const res = await h.create(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as Record<string, string[]>;
    expect(body[field]?.[0], JSON.stringify(body)).toBeTruthy();
    expect(await claimCount()).toBe(before);
  });

  it.each([
    ['TRC20 address', 'SBERRUB', 'USDTTRC20', '10000', { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' }],
    ['ERC20 address', 'SBERRUB', 'USDTERC20', '10000', { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }],
    ['BTC address', 'SBERRUB', 'BTC', '10000', { address: 'bc1-not-an-address' }],
    ['IBAN checksum', 'USDTTRC20', 'SEPAEUR', '200', { iban: 'DE89370400440532013001', holder: 'Max Mustermann' }],
    ['wallet pattern', 'USDTTRC20', 'YAMRUB', '200', { account: '12345' }],
    ['phone', 'USDTTRC20', 'SBPRUB', '200', { phone: '12', bank: 'Т-Банк' }],
  ])('refuses a %s failing its kind', async (_name, from, to, amount, toRequisites) => {
    const before = await claimCount();
    const res = await h.create({ ...(await h.body(from, to, amount)), toRequisites });
    expect(res.statusCode).toBe(400);
    const key = Object.keys(res.json() as object)[0]!;
    expect(key).toMatch(/^toRequisites\./);
    expect(await claimCount()).toBe(before);
  });

  it('refuses a 300-digit card number as a card number, not as a length the customer never typed towards', async () => {
    const before = await claimCount();
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const res = await h.create({ ...payload, fromRequisites: { ...payload.fromRequisites, card: '2'.repeat(300) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'fromRequisites.card': ['Проверьте номер карты.'] });
    expect(await claimCount()).toBe(before);
  });

  it('names the example of the caller’s language in a format error: a Latin name in English, a Russian one in Russian', async () => {
    const payload = await h.body('USDTTRC20', 'SBERRUB', '200');
    const bad = { ...payload, toRequisites: { ...payload.toRequisites, holder: 'Ivan 2' } };
    const en = await h.create(bad, {}, '/en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ 'toRequisites.holder': ['Invalid format, e.g. Ivan Petrov.'] });
    expect((await h.create(bad)).json()).toEqual({ 'toRequisites.holder': ['Неверный формат, пример: Иван Петров.'] });
  });

  it('refuses a BTC address whose checksum fails, saying so in the caller’s language, and writes nothing', async () => {
    const before = await claimCount();
    const payload = await h.body('SBERRUB', 'BTC', '10000');
    // The genesis block's address with its last character changed: the shape is right, the checksum is not.
    const broken = { ...payload, toRequisites: { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb' } };
    const ru = await h.create(broken);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      'toRequisites.address': [
        'Контрольная сумма адреса BTC не сходится: в адресе опечатка. Скопируйте адрес из кошелька ещё раз.',
      ],
    });
    const en = await h.create(broken, {}, '/en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      'toRequisites.address': [
        'The BTC address checksum does not match: the address has a typo. Copy it from your wallet again.',
      ],
    });
    const testnet = await h.create({
      ...payload,
      toRequisites: { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
    });
    expect(testnet.json()).toEqual({
      'toRequisites.address': ['Это адрес другой сети или тестовой сети, а нужен адрес в основной сети BTC.'],
    });
    expect(await claimCount()).toBe(before);
    const genuine = await h.create({ ...payload, toRequisites: { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' } });
    expect(genuine.statusCode).toBe(201);
  });

  it('refuses the same currency on both sides and a disabled pair', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const same = await h.create({ ...payload, toPs: payload.fromPs });
    expect(same.statusCode).toBe(400);
    expect(Object.keys(same.json() as object)).toEqual(['toPs']);

    const dir = (await t.services.calculator.catalogue()).directions.find(
      (d) => d.fromCurrencyId === payload.fromPs && d.toCurrencyId === payload.toPs,
    )!;
    await t.services.calculator.updateDirection(dir.id, { active: false });
    try {
      const res = await h.create(payload);
      expect(res.statusCode).toBe(400);
      expect((res.json() as Record<string, string[]>).toPs?.[0]).toContain('недоступно');
    } finally {
      await t.services.calculator.updateDirection(dir.id, { active: true });
    }
  });

  it('refuses claims while maintenance is on, with its message', async () => {
    await t.services.calculator.setMaintenance({
      enabled: true,
      message: { ru: 'Работы до 12:00', en: 'Until 12:00' },
    });
    try {
      const res = await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Работы до 12:00', code: 'maintenance' });
    } finally {
      await t.services.calculator.setMaintenance({ enabled: false, message: { ru: '', en: '' } });
    }
  });

  it('honours Idempotency-Key: the first answer again, a changed body refused', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '15000');
    const headers = { 'idempotency-key': 'key-1' };
    const first = await h.create(payload, headers);
    const again = await h.create(payload, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another body from the same caller (the key is scoped to the caller's e-mail or account, see hardening.test.ts).
    const changed = await h.create({ ...payload, refferal: 'SOMEONE' }, headers);
    expect(changed.statusCode).toBe(422);
    expect((changed.json() as { code: string }).code).toBe('idempotency_mismatch');
  });

  it('confirms once: new -> paid, then 409; mails the change', async () => {
    const { uuid } = (
      await h.create(await h.body('SBERRUB', 'USDTTRC20', '12000', { email: 'carl@example.com' }))
    ).json() as {
      uuid: string;
    };
    const ok = await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/confirm/` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ uuid, status: 'paid' });
    const twice = await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/confirm/` });
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as { code: string }).code).toBe('claim_not_new');
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { history: { status: string }[] };
    expect(status.history.map((x) => x.status)).toEqual(['new', 'paid']);
    const mail = await smtp.waitFor('carl@example.com', (m) => m.subject?.includes('оплачена') ?? false);
    expect(mail.text).toContain(uuid);
  });

  it('says "you marked it paid" only to a customer who did: not of a claim an operator moved from hold to paid', async () => {
    const create = async (email: string) =>
      ((await h.create(await h.body('SBERRUB', 'USDTTRC20', '12500', { email }))).json() as { uuid: string }).uuid;
    const message = async (uuid: string, prefix = '') =>
      ((await t.inject(`${prefix}/api/v1/claim/${uuid}/status/`)).json() as { message: string }).message;

    // Held by an operator straight from new, then moved on to paid by one: nobody pressed "I have paid".
    const unmarked = await create('held-paid@example.com');
    await t.services.claims.transition(unmarked, ['new'], 'hold', 'operator:7', 'Проверка источника средств');
    await t.services.claims.transition(unmarked, ['hold'], 'paid', 'operator:7', null);
    expect(await message(unmarked)).toBe('Мы проверяем поступление средств.');
    expect(await message(unmarked, '/en')).toBe('We are checking the payment.');
    const letter = await smtp.waitFor('held-paid@example.com', (m) => m.subject?.includes('оплачена') ?? false);
    expect(letter.text).toContain('Мы проверяем поступление средств.');
    expect(letter.text).not.toContain('Вы отметили оплату');

    // The customer's own "I have paid" before the hold still counts, in the answer and the letter.
    const marked = await create('paid-held-paid@example.com');
    await t.services.claims.confirm(marked);
    await t.services.claims.transition(marked, ['paid'], 'hold', 'operator:7', 'Проверка источника средств');
    await t.services.claims.transition(marked, ['hold'], 'paid', 'operator:7', null);
    expect(await message(marked)).toBe('Вы отметили оплату. Мы проверяем поступление средств.');
    await t.services.claims.drain();
    const letters = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'paid-held-paid@example.com'));
    const paid = letters.filter((m) => m.meta.status === 'paid');
    expect(paid).toHaveLength(2);
    for (const m of paid) expect(m.text).toContain('Вы отметили оплату. Мы проверяем поступление средств.');
  });

  it('expires an unpaid claim on read once the window closes, and refuses its confirm', async () => {
    const { uuid } = (
      await h.create(await h.body('SBERRUB', 'USDTTRC20', '11000', { email: 'dora@example.com' }))
    ).json() as {
      uuid: string;
    };
    await h.pastDeadline(uuid);
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { status: string; message: string };
    expect(status.status).toBe('expired');
    expect(status.message).toContain('Время ожидания оплаты истекло');
    const confirm = await t.inject({ method: 'POST', url: `/en/api/v1/claim/${uuid}/confirm/` });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      detail: 'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
      code: 'claim_expired',
    });
    await smtp.waitFor('dora@example.com', (m) => m.subject?.includes('просрочена') ?? false);
  });

  it('the expiry sweep expires due claims with history and mail, once', async () => {
    const { uuid } = (
      await h.create(await h.body('SBERRUB', 'USDTTRC20', '13000', { email: 'eve@example.com' }))
    ).json() as {
      uuid: string;
    };
    await h.pastDeadline(uuid);
    expect(await t.services.claims.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.services.claims.expireDue()).toBe(0);
    const history = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
    expect(history.map((x) => [x.toStatus, x.actor])).toEqual([
      ['new', 'customer'],
      ['expired', 'system'],
    ]);
    await smtp.waitFor('eve@example.com', (m) => m.subject?.includes('просрочена') ?? false);
  });

  it('completes through the domain function: paid -> processing -> completed, reserve paid out', async () => {
    const { uuid } = (await h.create(await h.body('SBERRUB', 'USDTTRC20', '14000'))).json() as { uuid: string };
    await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/confirm/` });
    const claims_ = t.services.claims;
    expect(await claims_.transition(uuid, ['paid'], 'processing', 'operator:1', 'payment seen')).toBeTruthy();
    const reserveBefore = (
      (await t.inject('/api/v1/calculator/reserves/')).json() as {
        results: { code: string; reserve: string }[];
      }
    ).results.find((r) => r.code === 'USDTTRC20')!.reserve;
    const done = await claims_.complete(uuid, 'operator:1');
    expect(done?.status).toBe('completed');
    const reserveAfter = (
      (await t.inject('/api/v1/calculator/reserves/')).json() as {
        results: { code: string; reserve: string }[];
      }
    ).results.find((r) => r.code === 'USDTTRC20')!.reserve;
    expect(new Big(reserveBefore).minus(reserveAfter).eq(done!.toAmount)).toBe(true);
    expect(await claims_.complete(uuid, 'operator:1')).toBeNull();
    await expect(claims_.transition(uuid, ['completed'], 'paid', 'operator:1', null)).rejects.toThrow(/cannot go/);
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as {
      history: { status: string; actor: string }[];
    };
    expect(status.history.map((x) => `${x.status}:${x.actor}`)).toEqual([
      'new:customer',
      'paid:customer',
      'processing:operator',
      'completed:operator',
    ]);
  });

  it("links a logged-in customer's claim to the account and prices it with the bonus", async () => {
    const account = await activeUser(t, 'claims-owner@example.com');
    const { access } = await login(t, account.email, account.password);
    const headers = bearer(access);
    const from = await h.id('SBERRUB');
    const to = await h.id('USDTTRC20');
    const mine = (await t.inject({ url: `/api/v1/calculator/pair/${from}/${to}/`, headers })).json() as PairSettings;
    const guest = await h.pair('SBERRUB', 'USDTTRC20');
    expect(new Big(mine.course).gt(guest.course)).toBe(true);
    const payload = { ...(await h.body('SBERRUB', 'USDTTRC20', '10000')), toSumma: receiveFor(mine, '10000') };
    // A guest sending the customer's figure hits the guest rate: rate_changed.
    expect((await h.create(payload)).statusCode).toBe(400);
    const res = await h.create(payload, headers);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(claims)
      .where(eq(claims.id, (res.json() as { uuid: string }).uuid));
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.userId).toBe(owner!.id);
    expect(new Big(row!.course).eq(mine.course)).toBe(true);
  });

  it('refuses a claim with a bad bearer token (401 token_not_valid) and creates nothing', async () => {
    const before = (await t.database.db.select().from(claims)).length;
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const res = await h.create(payload, { authorization: 'Bearer forged.token.value' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
    expect((await t.database.db.select().from(claims)).length).toBe(before);
  });

  it('documents the claim and calculator routes in the OpenAPI document', async () => {
    const doc = (await t.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/claim/',
      '/api/v1/claim/{id}/confirm/',
      '/api/v1/calculator/pair/{from}/{to}/',
      '/api/v1/calculator/settings/',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
  });

  it('answers 404 for unknown or malformed claim ids', async () => {
    for (const path of ['form', 'requisite', 'status']) {
      expect((await t.inject(`/api/v1/claim/00000000-0000-4000-8000-000000000000/${path}/`)).statusCode).toBe(404);
      expect((await t.inject(`/api/v1/claim/not-a-uuid/${path}/`)).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'POST', url: '/api/v1/claim/not-a-uuid/confirm/' })).statusCode).toBe(404);
  });

  it('tells the client which captcha to show', async () => {
    expect((await t.inject('/api/v1/claim/captchacheck')).json()).toEqual({
      provider: 'none',
      challengeUrl: null,
      siteKey: null,
    });
  });

  it('sent e-mails are kept in the outbox with their kinds', async () => {
    const kinds = await t.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox);
    const claimKinds = kinds.map((k) => k.kind).filter((k) => k.startsWith('claim.'));
    expect(new Set(claimKinds)).toEqual(new Set(['claim.created', 'claim.status']));
  });
});

describe.skipIf(!hasPostgres)('claims on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = helpers(t);
  });
  afterAll(async () => t?.close());

  it('20 parallel creations with one Idempotency-Key give one claim', async () => {
    const payload = await h.body('SBERRUB', 'USDTTRC20', '10000');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.create(payload, { 'idempotency-key': 'race-key' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => (a.json() as { uuid: string }).uuid)).size).toBe(1);
    // Stored scoped to the caller ('<scope>:race-key').
    const rows = await t.database.db
      .select({ n: count() })
      .from(claims)
      .where(like(claims.idempotencyKey, '%:race-key'));
    expect(rows[0]!.n).toBe(1);
  });

  it('parallel confirms change the status once', async () => {
    const { uuid } = (await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'))).json() as { uuid: string };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/confirm/` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const history = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
    expect(history.filter((x) => x.toStatus === 'paid')).toHaveLength(1);
  });

  it('parallel expiry sweeps and reads expire a claim once', async () => {
    const { uuid } = (await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'))).json() as { uuid: string };
    await h.pastDeadline(uuid);
    await Promise.all([
      ...Array.from({ length: 5 }, () => t.services.claims.expireDue()),
      ...Array.from({ length: 5 }, () => t.inject(`/api/v1/claim/${uuid}/status/`)),
    ]);
    const history = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
    expect(history.filter((x) => x.toStatus === 'expired')).toHaveLength(1);
  });

  it('parallel claims on one currency take different payment details', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => h.create(await h.body('ACRUB', 'USDTTRC20', '10000'))),
    );
    const values = await Promise.all(
      answers.map(async (a) => {
        const { uuid } = a.json() as { uuid: string };
        return ((await t.inject(`/api/v1/claim/${uuid}/requisite/`)).json() as { details: { value: string } }).details
          .value;
      }),
    );
    // Two details in the pool: four claims use both, neither more than a fair share plus one.
    expect(new Set(values).size).toBe(2);
  });
});
