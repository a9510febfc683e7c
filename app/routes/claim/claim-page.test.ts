import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { claims } from '../../../server/db/schema-exchange.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { formatCourse } from '../../../shared/format.ts';

/** The claim page as the server renders it (loader through the claims service): data, privacy headers, 404s. */
describe('claim page (SSR)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  async function createClaim(from: string, to: string, fromSumma: string, prefix = '') {
    const list = (await t.inject('/api/v1/calculator/')).json() as { results: { id: number; code: string }[] };
    const id = (code: string) => list.results.find((c) => c.code === code)!.id;
    const pair = (await t.inject(`/api/v1/calculator/pair/${id(from)}/${id(to)}/`)).json() as PairSettings;
    const req = (side: 'from' | 'to') =>
      Object.fromEntries(pair.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
    const res = await t.inject({
      method: 'POST',
      url: `${prefix}/api/v1/claim/`,
      payload: {
        email: 'anna@example.com',
        fromPs: id(from),
        toPs: id(to),
        fromSumma,
        toSumma: receiveFor(pair, fromSumma),
        fromRequisites: req('from'),
        toRequisites: req('to'),
        recaptcha: '',
      },
    });
    expect(res.statusCode).toBe(201);
    return { uuid: (res.json() as { uuid: string }).uuid, toSumma: receiveFor(pair, fromSumma) };
  }

  /**
   * A claim with an operator's re-quote offer waiting for the customer: created, left to expire (its status read
   * marks it so), paid late by the customer's report, and offered again from late_payment. The rate has not moved
   * since the claim was made, so today's course gives the claim's own figures: an offer of its own terms.
   */
  async function requotedClaim() {
    const { uuid } = await createClaim('SBERRUB', 'USDTTRC20', '10000');
    await h.pastDeadline(uuid);
    await t.services.claims.status(uuid, 'ru');
    await t.services.claims.late(uuid, { txid: null, comment: null });
    await t.services.claims.requote(uuid, 'operator:1', { from: ['late_payment'] });
    return uuid;
  }

  it('shows the claim in ru: amounts, rate, details, status; private and never indexed', async () => {
    const { uuid, toSumma } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    const res = await t.inject(`/claim/${uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.body).toContain(`<title>Заявка №\u00a0${uuid.slice(0, 8).toUpperCase()} — Obmen</title>`);
    expect(res.body).toContain('Ожидает оплаты');
    expect(res.body).toContain(toSumma);
    expect(res.body).toContain('Адрес USDT TRC20');
    expect(res.body).toContain('Я оплатил');
    expect(res.body).toContain('Копировать');
    // The recipient's card is masked in the page and in its inlined loader data.
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    const card = (row!.toRequisites as Record<string, string>).card!;
    expect(card).toMatch(/^\d{16}$/);
    expect(res.body).not.toContain(card);
    expect(res.body).toContain(`${card.slice(0, 4)} •••• •••• ${card.slice(-4)}`);
    expect(res.body).not.toContain('anna@example.com');
  });

  it('shows the claim in en with English labels and the locked rate', async () => {
    const { uuid } = await createClaim('SBERRUB', 'USDTTRC20', '10000', '/en');
    const res = await t.inject(`/en/claim/${uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en-US"');
    expect(res.body).toContain('Awaiting payment');
    expect(res.body).toContain('I have paid');
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    // The course as the calculator writes it: what one USDT costs in roubles, rounded up to kopecks.
    const rate = formatCourse(String(row!.course), { symbol: 'RUB' }, { symbol: 'USDT' }, 'en');
    expect(rate.text).toMatch(/^\d+\.\d\d\u00a0RUB = 1\u00a0USDT$/);
    expect(res.body).toContain(rate.text);
  });

  it('offers a crypto pay-in to a wallet: the link with address, amount and memo, in ru and en; none for TRON', async () => {
    const { uuid } = await createClaim('TON', 'TCSBRUB', '20');
    const ru = (await t.inject(`/claim/${uuid}`)).body;
    expect(ru).toMatch(/href="ton:\/\/transfer\/EQ[\w-]{46}\?amount=20000000000&amp;text=\d+"/);
    expect(ru).toContain('Открыть в кошельке');
    expect((await t.inject(`/en/claim/${uuid}`)).body).toContain('Open in wallet');
    const tron = await createClaim('USDTTRC20', 'SBERRUB', '100');
    expect((await t.inject(`/claim/${tron.uuid}`)).body).not.toContain('Открыть в кошельке');
  });

  it('the side box gives the claim’s number as the heading and the letters write it, not its uuid', async () => {
    const { uuid } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    const number = uuid.slice(0, 8).toUpperCase();
    /** The copyable value under the label `label`: the text of the <dd> after its <dt>. */
    const boxValue = (body: string, label: string) =>
      body.match(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`))?.[1];
    expect(boxValue((await t.inject(`/claim/${uuid}`)).body, 'Номер заявки')).toBe(number);
    expect(boxValue((await t.inject(`/en/claim/${uuid}`)).body, 'Order number')).toBe(number);
  });

  it('draws the payment QR code only for the card for paying, not for its record once paid', async () => {
    const { uuid } = await createClaim('TON', 'TCSBRUB', '20');
    // The QR's squares (qr-svg.server.ts): in the page's markup and in its inlined loader data alike.
    expect((await t.inject(`/claim/${uuid}`)).body).toContain('crispEdges');
    await t.services.claims.confirm(uuid);
    const paid = (await t.inject(`/claim/${uuid}`)).body;
    expect(paid).toContain('Вы оплатили');
    expect(paid).not.toContain('crispEdges');
  });

  it('an expired claim shows the spec’s timeout message and no payment block', async () => {
    const { uuid } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    await h.pastDeadline(uuid);
    const en = await t.inject(`/en/claim/${uuid}`);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain(
      'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
    );
    expect(en.body).not.toContain('I have paid');
    const ru = await t.inject(`/claim/${uuid}`);
    expect(ru.body).toContain(
      'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    );
    expect(ru.body).toContain('Просрочена');
    // "Create a new order" opens the same pair, not the default one.
    const again = /<a [^>]*data-testid="claim-new"[^>]*>/.exec(ru.body)?.[0];
    expect(again).toContain('href="/?cur_from=USDTTRC20&amp;cur_to=SBERRUB"');
  });

  it('an operator’s hold shows with its reason', async () => {
    const { uuid } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    await t.services.claims.transition(uuid, ['new'], 'hold', 'operator:7', 'Проверка источника средств');
    const res = await t.inject(`/claim/${uuid}`);
    expect(res.body).toContain('Заявка на проверке');
    expect(res.body).toContain('Причина: Проверка источника средств');
    expect(res.body).not.toContain('operator:7');
    // The customer never pressed "I have paid": the details stay, never marked as their payment, and no countdown.
    expect(res.body).toContain('Адрес USDT TRC20');
    expect(res.body).not.toContain('Вы отметили оплату');
    expect(res.body).not.toContain('Я оплатил');
    expect((await t.inject(`/en/claim/${uuid}`)).body).not.toContain('You marked this as paid');
  });

  it('a hold after the customer’s "I have paid" keeps the details marked as sent', async () => {
    const { uuid } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    await t.services.claims.confirm(uuid);
    await t.services.claims.transition(uuid, ['paid'], 'hold', 'operator:7', 'Проверка источника средств');
    const res = await t.inject(`/claim/${uuid}`);
    expect(res.body).toContain('Заявка на проверке');
    expect(res.body).toContain('Вы отметили оплату');
    expect((await t.inject(`/en/claim/${uuid}`)).body).toContain('You marked this as paid');
  });

  it('a claim an operator moved from hold to paid is not "marked paid by you" anywhere on the page', async () => {
    const { uuid } = await createClaim('USDTTRC20', 'SBERRUB', '100');
    await t.services.claims.transition(uuid, ['new'], 'hold', 'operator:7', 'Проверка источника средств');
    await t.services.claims.transition(uuid, ['hold'], 'paid', 'operator:7', null);
    const ru = (await t.inject(`/claim/${uuid}`)).body;
    expect(ru).toContain('Проверяем оплату');
    expect(ru).toContain('Мы проверяем поступление средств, обычно это 5–30 минут.');
    expect(ru).not.toContain('Вы отметили оплату');
    const en = (await t.inject(`/en/claim/${uuid}`)).body;
    expect(en).toContain('We are checking the payment, usually 5–30 minutes.');
    expect(en).not.toContain('You have marked the order as paid');
    expect(en).not.toContain('You marked this as paid');
  });

  it('an offer of the claim’s own terms is named a confirmation in the badge and timeline, before and after accepting', async () => {
    // An offer of the claim's own terms (the rate has not moved since the claim was made).
    const uuid = await requotedClaim();
    /** The status badge of the page's header: its name after the dot. */
    const badge = (body: string) =>
      body.match(/data-testid="claim-status"><span aria-hidden="true" class="[^"]*"><\/span>([^<]*)</)?.[1];
    const ru = (await t.inject(`/claim/${uuid}`)).body;
    expect(badge(ru)).toBe('Подтвердите заявку');
    expect(ru).toContain('data-status="requoted"');
    expect(ru).toContain('Подтвердить заявку');
    expect(badge((await t.inject(`/en/claim/${uuid}`)).body)).toBe('Confirm your order');

    expect((await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/accept/` })).statusCode).toBe(200);
    const accepted = (await t.inject(`/claim/${uuid}`)).body;
    expect(accepted).toContain('Заявка подтверждена на прежних условиях');
    expect(accepted).toContain('зафиксирован при создании заявки, вы подтвердили его');
    expect(accepted).not.toContain('Новый курс принят');
    expect(accepted).not.toContain('новый курс, который вы приняли');
    const en = (await t.inject(`/en/claim/${uuid}`)).body;
    expect(en).toContain('Order confirmed on the same terms');
    expect(en).toContain('As the amount was quoted in the offer you confirmed.');
    expect(en).not.toContain('New rate accepted');
  });

  it('an offer past its time (still requoted) is named lapsed by the badge, the status panel and the status answer', async () => {
    // An offer of the claim's own terms: the one that asked to confirm above the lapse box.
    const uuid = await requotedClaim();
    await t.database.db
      .update(claims)
      .set({ offerValidUntil: sql`now() - interval '1 minute'` })
      .where(eq(claims.id, uuid));
    const badge = (body: string) =>
      body.match(/data-testid="claim-status"><span aria-hidden="true" class="[^"]*"><\/span>([^<]*)</)?.[1];
    const title = (body: string) => body.match(/id="claim-state-title"[^>]*>([^<]*)</)?.[1];
    const ru = (await t.inject(`/claim/${uuid}`)).body;
    expect(badge(ru)).toBe('Срок предложения истёк');
    expect(ru).toContain('data-status="requoted"');
    expect(title(ru)).toBe('Срок предложения истёк');
    expect(ru).toContain('Принять предложение уже нельзя.');
    expect(ru).not.toContain('подтвердите их или попросите');
    expect(ru).not.toContain('Подтвердить заявку');
    const en = (await t.inject(`/en/claim/${uuid}`)).body;
    expect(badge(en)).toBe('Offer expired');
    expect(title(en)).toBe('The offer has expired');
    expect(en).not.toContain('confirm them or ask for a refund');

    const answer = (await t.inject(`/en/api/v1/claim/${uuid}/status/`)).json() as { status: string; message: string };
    expect(answer.status).toBe('requoted');
    expect(answer.message).toMatch(/^The offer has expired and can no longer be accepted\./);
  });

  it.each([
    '/claim/00000000-0000-4000-8000-000000000000',
    '/en/claim/00000000-0000-4000-8000-000000000000',
    '/claim/not-a-uuid',
    "/claim/'%20OR%201=1",
  ])('%s is the 404 page', async (url) => {
    const res = await t.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-testid="error-page"');
  });
});
