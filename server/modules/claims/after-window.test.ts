import Big from 'big.js';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import { formatCardNumber } from '../../../shared/format.ts';
import type { AdminClaim, AdminClaimItem, Dashboard, RequotePreview } from '../../../shared/schemas/admin-claims.ts';
import type { claimFormSchema, claimStatusSchema } from '../../../shared/schemas/exchange.ts';
import type { TestApp } from '../../../tests/helpers/build.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';
import type { claimHelpers } from '../../../tests/helpers/claims.ts';
import { withOperatorApp } from '../../../tests/helpers/operator-app.ts';
import type { StaffUser } from '../../../tests/helpers/staff.ts';
import { auditLog } from '../../db/schema-admin.ts';
import { claimHistory, claims, currencies } from '../../db/schema-exchange.ts';
import { mailOutbox } from '../../db/schema-mail.ts';
import { promocodes } from '../../db/schema-promocodes.ts';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';

type Status = z.infer<typeof claimStatusSchema>;
type Form = z.infer<typeof claimFormSchema>;
type Page = { count: number; results: AdminClaimItem[] };

/**
 * Issue 13 "after the claim", as an API client sees it: the customer's payment reference, a late payment, the
 * operator's re-quote, the customer accepting it or asking for a refund, the refund's and the payout's proof, and the
 * status e-mails of each step. Races of the same steps run on PostgreSQL (after-window.postgres.test.ts).
 */
describe('after the claim: txid, late payment, re-quote, accept, refund', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;

  withOperatorApp((app) => ({ t, h, operator } = app));

  const post = (uuid: string, call: string, payload?: object, prefix = '') =>
    t.inject({ method: 'POST', url: `${prefix}/api/v1/claim/${uuid}/${call}/`, ...(payload ? { payload } : {}) });
  const status = async (uuid: string, prefix = '') =>
    (await t.inject(`${prefix}/api/v1/claim/${uuid}/status/`)).json() as Status;
  const form = async (uuid: string) => (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as Form;
  const act = (uuid: string, action: string, payload: Record<string, unknown>, prefix = '') =>
    operator.inject({ method: 'POST', url: `${prefix}/api/v1/admin/claims/${uuid}/${action}/`, payload });
  const detail = async (uuid: string) =>
    (await operator.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json() as AdminClaim;
  /** The status e-mails of one claim, in the order sent (the outbox keeps them whatever the transport). */
  const statusMails = async (uuid: string) => {
    await t.services.claims.drain();
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'claim.status'))
      .orderBy(mailOutbox.id);
    return rows.filter((r) => r.meta.claimId === uuid);
  };
  const mailOf = async (uuid: string, claimStatus: string) => {
    const found = (await statusMails(uuid)).filter((m) => m.meta.status === claimStatus);
    expect(found, `one ${claimStatus} mail`).toHaveLength(1);
    return found[0]!;
  };
  describe('confirm with the payment reference', () => {
    it('keeps the txid on the claim and in the history row', async () => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'txid@example.com' });
      const res = await post(uuid, 'confirm', { txid: '  SBP-A1B2C3  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ uuid, status: 'paid' });
      const answer = await status(uuid);
      expect(answer.txid).toBe('SBP-A1B2C3');
      expect(answer.history.at(-1)).toMatchObject({ status: 'paid', actor: 'customer', reference: 'SBP-A1B2C3' });
      expect((await detail(uuid)).txid).toBe('SBP-A1B2C3');
    });

    it('an empty txid is none', async () => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'txid-empty@example.com' });
      expect((await post(uuid, 'confirm', { txid: '' })).statusCode).toBe(200);
      const answer = await status(uuid);
      expect(answer.txid).toBeNull();
      expect(answer.history.at(-1)).toMatchObject({ status: 'paid', reference: null });
    });

    it.each([
      ['a NUL byte', 'abc\u0000def'],
      ['a lone surrogate', 'abc\ud800'],
    ])(
      'refuses a txid with %s at the boundary, in the caller’s language, and leaves the claim new',
      async (_n, txid) => {
        const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'txid-nul@example.com' });
        const ru = await post(uuid, 'confirm', { txid });
        expect(ru.statusCode).toBe(400);
        expect(ru.json()).toEqual({ txid: ['Уберите из текста управляющие символы.'] });
        const en = await post(uuid, 'confirm', { txid }, '/en');
        expect(en.json()).toEqual({ txid: ['Remove the control characters from the text.'] });
        expect((await status(uuid)).status).toBe('new');
      },
    );

    it.each([
      ['a control character', 'abc\u001bdef'],
      ['201 characters', 'x'.repeat(201)],
    ])('refuses a txid with %s in the caller’s language and leaves the claim new', async (_name, txid) => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'txid-bad@example.com' });
      const ru = await post(uuid, 'confirm', { txid });
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({ txid: ['Укажите номер без управляющих символов, не длиннее 200 символов.'] });
      const en = await post(uuid, 'confirm', { txid }, '/en');
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({ txid: ['Enter the reference without control characters, at most 200 characters.'] });
      expect((await status(uuid)).status).toBe('new');
    });

    it('takes 200 characters', async () => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'txid-200@example.com' });
      expect((await post(uuid, 'confirm', { txid: 'y'.repeat(200) })).statusCode).toBe(200);
      expect((await status(uuid)).txid).toBe('y'.repeat(200));
    });
  });

  describe('late payment', () => {
    it('expired -> late_payment once, with the reference in history and the comment for the operator', async () => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'late@example.com' });
      await h.pastDeadline(uuid);
      const comment = 'Оплатил в 12:05,\nбанк задержал перевод';
      const res = await post(uuid, 'late', { txid: 'LATE-TX-1', comment });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ uuid, status: 'late_payment' });

      const answer = await status(uuid);
      expect(answer.status).toBe('late_payment');
      expect(answer.txid).toBe('LATE-TX-1');
      expect(answer.history.map((r) => r.status)).toEqual(['new', 'expired', 'late_payment']);
      expect(answer.history.at(-1)).toMatchObject({ actor: 'customer', reference: 'LATE-TX-1' });
      // The comment is for the operator, not echoed on the customer's page.
      expect(JSON.stringify(answer)).not.toContain('банк задержал');

      const claim = await detail(uuid);
      expect(claim).toMatchObject({ status: 'late_payment', txid: 'LATE-TX-1', customerComment: comment });
      expect(claim.actions).toEqual(['requote', 'refund', 'cancel']);

      const twice = await post(uuid, 'late', { txid: 'LATE-TX-2' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'claim_not_expired' });
      const en = await post(uuid, 'late', {}, '/en');
      expect(en.json()).toEqual({
        code: 'claim_not_expired',
        detail: 'A late payment can be reported only for an expired order, and only once.',
      });
      expect((await status(uuid)).txid).toBe('LATE-TX-1');
    });

    it('takes no body at all', async () => {
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'late-bare@example.com' });
      await h.pastDeadline(uuid);
      expect((await post(uuid, 'late')).statusCode).toBe(200);
      expect((await status(uuid)).txid).toBeNull();
    });

    it('refuses a claim that is new or paid (409), an unknown one (404), a bad txid or comment (400)', async () => {
      const fresh = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'late-new@example.com' });
      const early = await post(fresh, 'late', { txid: 'X' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'claim_not_expired' });
      await post(fresh, 'confirm');
      const paid = await post(fresh, 'late', {});
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toMatchObject({ code: 'claim_not_expired' });
      expect((await status(fresh)).status).toBe('paid');

      expect((await post('00000000-0000-4000-8000-000000000000', 'late', {})).statusCode).toBe(404);
      expect((await post('not-a-uuid', 'late', {})).statusCode).toBe(404);

      const expired = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'late-bad@example.com' });
      await h.pastDeadline(expired);
      const badTxid = await post(expired, 'late', { txid: 'a\u0000b' });
      expect(badTxid.statusCode).toBe(400);
      expect(Object.keys(badTxid.json() as object)).toEqual(['txid']);
      const long = await post(expired, 'late', { comment: 'c'.repeat(1001) }, '/en');
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ comment: ['Ensure this field has no more than 1,000 characters.'] });
      const control = await post(expired, 'late', { comment: 'bell\u0007' });
      expect(control.statusCode).toBe(400);
      expect(control.json()).toEqual({ comment: ['Уберите из текста управляющие символы.'] });
      const surrogate = await post(expired, 'late', { comment: 'half \ud83d' }, '/en');
      expect(surrogate.json()).toEqual({ comment: ['Remove the control characters from the text.'] });
      expect((await status(expired)).status).toBe('expired');
    });

    it('the console’s waiting queue lists a late payment and the dashboard counts it', async () => {
      const before = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
      const uuid = await h.lateClaim('late-queue@example.com');
      const waiting = (await operator.inject({ url: '/api/v1/admin/claims/?status=waiting&size=100' })).json() as Page;
      expect(waiting.results.find((r) => r.uuid === uuid)).toMatchObject({ status: 'late_payment' });
      const filtered = (await operator.inject({ url: '/api/v1/admin/claims/?status=late_payment' })).json() as Page;
      expect(filtered.results.map((r) => r.uuid)).toContain(uuid);
      const after = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
      expect(after.waiting.latePayment).toBe(before.waiting.latePayment + 1);
    });
  });

  describe('re-quote', () => {
    it('offers a guest the calculator’s current course for the same amount, valid for the payment window', async () => {
      const uuid = await h.lateClaim('requote@example.com');
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      const sent = Date.now();
      const res = await act(uuid, 'requote', { expected: 'late_payment', note: 'платёж нашёлся' });
      expect(res.statusCode).toBe(200);
      const claim = res.json() as AdminClaim;
      expect(claim.status).toBe('requoted');
      expect(claim.actions).toEqual(['requote', 'refund', 'cancel']);

      const answer = await status(uuid);
      expect(answer.status).toBe('requoted');
      expect(answer.offer).toEqual({
        course: pair.course,
        toSumma: expect.any(String),
        validUntil: expect.any(String),
        droppedPromocode: null,
        promocodeOnly: false,
      });
      // Decimal strings, equal to the calculator's figure (the answer drops trailing zeros, as the claim form does).
      expect(new Big(answer.offer!.toSumma).eq(receiveFor(pair, '10000'))).toBe(true);
      expect(answer.offer!.course).toMatch(/^\d+(\.\d+)?$/);
      expect(answer.offer!.toSumma).toMatch(/^\d+(\.\d+)?$/);
      // The window a new claim of this direction gets (this claim's own deadline was moved into the past).
      const { createdAt, expiresAt } = await form(await h.created('SBERRUB', 'USDTTRC20', '10000'));
      const window = Date.parse(expiresAt) - Date.parse(createdAt);
      const validUntil = Date.parse(answer.offer!.validUntil);
      expect(validUntil).toBeGreaterThanOrEqual(sent + window - 2_000);
      expect(validUntil).toBeLessThanOrEqual(Date.now() + window + 2_000);
      expect(answer.history.at(-1)).toMatchObject({
        status: 'requoted',
        actor: 'operator',
        amounts: { course: pair.course, toSumma: answer.offer!.toSumma },
      });
      expect(JSON.stringify(answer)).not.toContain('платёж нашёлся');
      expect(claim.offer).toEqual(answer.offer);

      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, uuid)));
      expect(audit.map((a) => a.action)).toEqual(['claim.requote']);
    });

    it('the status answer’s message asks to confirm an offer of the claim’s own terms, and names a new rate only for one', async () => {
      // The rate has not moved since the claim was made: today's course gives its own figures.
      const uuid = await h.requotedClaim(operator, 'requote-message@example.com');
      const message = async (prefix = '') => (await status(uuid, prefix)).message;
      expect((await status(uuid)).status).toBe('requoted');
      expect(await message()).toBe(
        'Оператор нашёл ваш платёж, условия прежние. Подтвердите заявку или попросите вернуть средства на странице заявки.',
      );
      expect(await message('/en')).toBe(
        'The operator found your payment and the terms are unchanged. Confirm the order or ask for a refund on the order page.',
      );
      // The same amount at another course is a new rate (course and amount, as the letter and the claim page decide).
      const offer = (await status(uuid)).offer!;
      await t.database.db
        .update(claims)
        .set({ offerCourse: new Big(offer.course).times('1.01').toFixed(12) })
        .where(eq(claims.id, uuid));
      expect(await message('/en')).toBe(
        'The operator has offered a new rate. Accept it or ask for a refund on the order page.',
      );
      await t.database.db
        .update(claims)
        .set({ offerCourse: offer.course, offerToAmount: '99.5' })
        .where(eq(claims.id, uuid));
      expect(await message()).toBe(
        'Оператор предложил новый курс. Примите его или попросите вернуть средства на странице заявки.',
      );
    });

    it('validUntil follows the direction’s own payment window', async () => {
      const uuid = await h.lateClaim('requote-window@example.com');
      const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
      await t.services.calculator.updateDirection(row!.directionId, { paymentWindowMinutes: 45 });
      try {
        const sent = Date.now();
        expect((await act(uuid, 'requote', { expected: 'late_payment' })).statusCode).toBe(200);
        const validUntil = Date.parse((await status(uuid)).offer!.validUntil);
        expect(validUntil).toBeGreaterThanOrEqual(sent + 45 * 60_000 - 2_000);
        expect(validUntil).toBeLessThanOrEqual(Date.now() + 45 * 60_000 + 2_000);
      } finally {
        await t.services.calculator.updateDirection(row!.directionId, { paymentWindowMinutes: null });
      }
    });

    it('prices a logged-in customer’s claim with their bonus course', async () => {
      const account = await activeUser(t, 'requote-bonus@example.com');
      const headers = bearer((await login(t, account.email, account.password)).access);
      const uuid = await h.requotedClaim(operator, 'requote-bonus@example.com', { headers });
      const mine = await h.pair('SBERRUB', 'USDTTRC20', headers);
      const guest = await h.pair('SBERRUB', 'USDTTRC20');
      expect(new Big(mine.course).gt(guest.course)).toBe(true);
      const offer = (await status(uuid)).offer!;
      expect(offer.course).toBe(mine.course);
      expect(new Big(offer.toSumma).eq(receiveFor(mine, '10000'))).toBe(true);
    });

    it('applies the claim’s promocode as the calculator does', async () => {
      const from = await h.id('SBERRUB');
      const to = await h.id('USDTTRC20');
      const quote = (
        await t.inject({
          method: 'POST',
          url: '/api/v1/claim/promocode/',
          payload: { promocode: 'WELCOME', fromPs: from, toPs: to, email: 'requote-promo@example.com' },
        })
      ).json() as { course: string };
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      expect(new Big(quote.course).gt(pair.course)).toBe(true);
      const priced = { ...pair, course: quote.course };
      const uuid = await h.requotedClaim(operator, 'requote-promo@example.com', {
        extra: { promocode: 'WELCOME', toSumma: receiveFor(priced, '10000') },
      });
      const offer = (await status(uuid)).offer!;
      expect(offer.course).toBe(quote.course);
      expect(new Big(offer.toSumma).eq(receiveFor(priced, '10000'))).toBe(true);
    });

    it('takes a code the expired claim gave back anew, and leaves out one someone else used up meanwhile', async () => {
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      const courseWith = async (code: string) =>
        (
          (
            await t.inject({
              method: 'POST',
              url: '/api/v1/claim/promocode/',
              payload: { promocode: code, fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email: 'q@x.example' },
            })
          ).json() as { course: string }
        ).course;
      const usesOf = async (code: string) =>
        (await t.database.db.select().from(promocodes).where(eq(promocodes.code, code)))[0]!.usesCount;

      // The claim takes the only use, expires (the use comes back), is re-quoted: it takes the use again.
      await t.services.promocodes.create({ code: 'ONCE-RQ', discountPercent: '1', maxUses: 1 });
      const once = await courseWith('ONCE-RQ');
      const kept = await h.requotedClaim(operator, 'once-kept@example.com', {
        extra: { promocode: 'ONCE-RQ', toSumma: receiveFor({ ...pair, course: once }, '10000') },
      });
      expect((await status(kept)).offer!.course).toBe(once);
      expect(await usesOf('ONCE-RQ')).toBe(1);

      // Here another customer takes the use the expired claim gave back: the re-quote is without the code.
      await t.services.promocodes.create({ code: 'ONCE-GONE', discountPercent: '1', maxUses: 1 });
      const gone = await courseWith('ONCE-GONE');
      const late = await h.lateClaim(
        'once-late@example.com',
        {},
        {
          extra: { promocode: 'ONCE-GONE', toSumma: receiveFor({ ...pair, course: gone }, '10000') },
        },
      );
      await h.created('SBERRUB', 'USDTTRC20', '10000', {
        email: 'once-other@example.com',
        promocode: 'ONCE-GONE',
        toSumma: receiveFor({ ...pair, course: gone }, '10000'),
      });
      const res = await act(late, 'requote', { expected: 'late_payment' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await status(late)).offer!.course).toBe(pair.course);
      expect(await usesOf('ONCE-GONE')).toBe(1);

      // The re-quoted claim that took its code again is refunded: no exchange, so the use comes back, once.
      const refunded = await act(kept, 'refund', { expected: 'requoted', reference: 'RET-ONCE-1' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(await usesOf('ONCE-RQ')).toBe(0);
      expect(await courseWith('ONCE-RQ')).toBe(once);
    });

    it('gives the code back when a paid claim is cancelled or refunded, and keeps it for a completed one', async () => {
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      const usesOf = async (code: string) =>
        (await t.database.db.select().from(promocodes).where(eq(promocodes.code, code)))[0]!.usesCount;
      const paidWith = async (code: string, email: string) => {
        await t.services.promocodes.create({ code, discountPercent: '1', maxUses: 1 });
        const quote = (
          await t.inject({
            method: 'POST',
            url: '/api/v1/claim/promocode/',
            payload: { promocode: code, fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email },
          })
        ).json() as { course: string };
        const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', {
          email,
          promocode: code,
          toSumma: receiveFor({ ...pair, course: quote.course }, '10000'),
        });
        await post(uuid, 'confirm');
        expect(await usesOf(code)).toBe(1);
        return uuid;
      };
      const cancelled = await paidWith('ONCE-CXL', 'paid-cancel@example.com');
      expect((await act(cancelled, 'cancel', { expected: 'paid' })).statusCode).toBe(200);
      expect(await usesOf('ONCE-CXL')).toBe(0);

      const refunded = await paidWith('ONCE-REF', 'paid-refund@example.com');
      expect((await act(refunded, 'refund', { expected: 'paid', reference: 'RET-REF-1' })).statusCode).toBe(200);
      expect(await usesOf('ONCE-REF')).toBe(0);

      const completed = await paidWith('ONCE-DONE', 'paid-done@example.com');
      expect((await act(completed, 'complete', { expected: 'paid', reference: 'PAY-DONE-1' })).statusCode).toBe(200);
      expect(await usesOf('ONCE-DONE')).toBe(1);
    });

    it('refuses a wrong expected status (claim_moved) and a status it does not apply to', async () => {
      const uuid = await h.lateClaim('requote-moved@example.com');
      const moved = await act(uuid, 'requote', { expected: 'requoted' });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toMatchObject({ code: 'claim_moved' });

      const paid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'requote-paid@example.com' });
      await post(paid, 'confirm');
      const notAllowed = await act(paid, 'requote', { expected: 'paid' });
      expect(notAllowed.statusCode).toBe(409);
      expect(notAllowed.json()).toMatchObject({ code: 'claim_action_not_allowed' });
      expect((await status(paid)).status).toBe('paid');
      expect((await status(uuid)).status).toBe('late_payment');
    });

    it('re-quotes a requoted claim again with a fresh offer', async () => {
      const uuid = await h.requotedClaim(operator, 'requote-again@example.com');
      const first = (await status(uuid)).offer!;
      await t.database.db
        .update(claims)
        .set({ offerValidUntil: sql`now() - interval '1 minute'` })
        .where(eq(claims.id, uuid));
      const again = await act(uuid, 'requote', { expected: 'requoted' });
      expect(again.statusCode).toBe(200);
      const answer = await status(uuid);
      expect(answer.status).toBe('requoted');
      expect(answer.offer!.course).toBe(first.course);
      expect(Date.parse(answer.offer!.validUntil)).toBeGreaterThan(Date.now());
      expect(answer.history.map((r) => r.status)).toEqual(['new', 'expired', 'late_payment', 'requoted', 'requoted']);
    });

    it('a lapsed offer waits for the operator in the queue and on the dashboard; a live one does not', async () => {
      // The claims' tiles (the rates' and withdrawals' ones are not this test's).
      const dashboard = async () => {
        const { paid, processing, hold, error, latePayment, refundRequested, offerLapsed } = (
          (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard
        ).waiting;
        return { paid, processing, hold, error, latePayment, refundRequested, offerLapsed };
      };
      const queue = async (filter: string) => {
        const res = await operator.inject({ url: `/api/v1/admin/claims/?status=${filter}&size=100` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Page;
      };
      const before = await dashboard();
      const uuid = await h.requotedClaim(operator, 'requote-lapsed@example.com');

      // The offer holds: the customer's turn, in no operator queue and on no tile.
      const live = await dashboard();
      expect(live).toEqual(before);
      expect((await queue('waiting')).results.map((r) => r.uuid)).not.toContain(uuid);
      expect((await queue('offer_lapsed')).results.map((r) => r.uuid)).not.toContain(uuid);
      expect((await queue('requoted')).results.find((r) => r.uuid === uuid)).toMatchObject({ offerLapsedAt: null });

      await t.database.db
        .update(claims)
        .set({ offerValidUntil: sql`now() - interval '1 minute'` })
        .where(eq(claims.id, uuid));
      const [row] = await t.database.db
        .select({ until: claims.offerValidUntil })
        .from(claims)
        .where(eq(claims.id, uuid));
      const lapsedAt = row!.until!.toISOString();

      // Lapsed: the operator's again, without any job marking it; the row says why it is there.
      const after = await dashboard();
      expect(after).toEqual({ ...before, offerLapsed: before.offerLapsed + 1 });
      const waiting = await queue('waiting');
      expect(waiting.results.find((r) => r.uuid === uuid)).toMatchObject({
        status: 'requoted',
        offerLapsedAt: lapsedAt,
      });
      const lapsed = await queue('offer_lapsed');
      expect(lapsed.results.map((r) => r.uuid)).toContain(uuid);
      expect(lapsed.results.every((r) => r.status === 'requoted' && r.offerLapsedAt)).toBe(true);
      expect(lapsed.count).toBe(after.offerLapsed);
      expect(await detail(uuid)).toMatchObject({ status: 'requoted', actions: ['requote', 'refund', 'cancel'] });

      // A new offer is the customer's turn again.
      expect((await act(uuid, 'requote', { expected: 'requoted' })).statusCode).toBe(200);
      expect((await queue('waiting')).results.map((r) => r.uuid)).not.toContain(uuid);
      expect(await dashboard()).toEqual(before);
    });

    it('refuses to re-quote while the direction is switched off (claim_requote_unavailable)', async () => {
      const uuid = await h.lateClaim('requote-off@example.com');
      const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
      await t.services.calculator.updateDirection(row!.directionId, { active: false });
      try {
        const res = await act(uuid, 'requote', { expected: 'late_payment' });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'claim_requote_unavailable' });
        const en = await act(uuid, 'requote', { expected: 'late_payment' }, '/en');
        expect((en.json() as { detail: string }).detail).toContain('Refund the order instead');
      } finally {
        await t.services.calculator.updateDirection(row!.directionId, { active: true });
      }
      const answer = await status(uuid);
      expect(answer.status).toBe('late_payment');
      expect(answer.offer).toBeNull();
    });

    it('refuses an offer the receive currency’s reserve could not pay out', async () => {
      const uuid = await h.lateClaim('requote-reserve@example.com');
      const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
      const [to] = await t.database.db.select().from(currencies).where(eq(currencies.id, row!.toCurrencyId));
      await t.database.db.update(currencies).set({ reserve: '1' }).where(eq(currencies.id, to!.id));
      t.services.calculator.cache.invalidate();
      try {
        const res = await act(uuid, 'requote', { expected: 'late_payment' });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'claim_requote_unavailable' });
      } finally {
        await t.database.db.update(currencies).set({ reserve: to!.reserve }).where(eq(currencies.id, to!.id));
        t.services.calculator.cache.invalidate();
      }
      expect((await status(uuid)).status).toBe('late_payment');
    });
  });

  describe('re-quote preview (GET .../requote/)', () => {
    const preview = (uuid: string, prefix = '') =>
      operator.inject({ url: `${prefix}/api/v1/admin/claims/${uuid}/requote/` });

    it('answers the offer a re-quote would make now, writes nothing, and the offer made matches it', async () => {
      const uuid = await h.lateClaim('preview@example.com');
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      const before = Date.now();
      const res = await preview(uuid);
      expect(res.statusCode, res.body).toBe(200);
      const shown = res.json() as RequotePreview;
      expect(shown.course).toBe(pair.course);
      expect(new Big(shown.toSumma).eq(receiveFor(pair, '10000'))).toBe(true);
      expect(shown.droppedPromocode).toBeNull();
      expect(Date.parse(shown.validUntil)).toBeGreaterThan(before);
      // validUntil is the window counted from the preview; the offer counts it again from when it is made.
      expect(Math.abs(Date.parse(shown.validUntil) - before - shown.validForMinutes * 60_000)).toBeLessThan(5_000);
      // Nothing moved: still late, no offer, no history row, no letter.
      const answer = await status(uuid);
      expect(answer.status).toBe('late_payment');
      expect(answer.offer).toBeNull();
      expect((await statusMails(uuid)).map((m) => m.meta.status)).not.toContain('requoted');
      expect((await act(uuid, 'requote', { expected: 'late_payment' })).statusCode).toBe(200);
      const offer = (await status(uuid)).offer!;
      expect(offer.course).toBe(shown.course);
      expect(offer.toSumma).toBe(shown.toSumma);
    });

    it('names a promocode the offer would leave out, and takes no use of one it keeps', async () => {
      const pair = await h.pair('SBERRUB', 'USDTTRC20');
      await t.services.promocodes.create({ code: 'PREVIEW-ONCE', discountPercent: '1', maxUses: 1 });
      const course = (
        (
          await t.inject({
            method: 'POST',
            url: '/api/v1/claim/promocode/',
            payload: {
              promocode: 'PREVIEW-ONCE',
              fromPs: pair.fromCurrencyId,
              toPs: pair.toCurrencyId,
              email: 'p@x.example',
            },
          })
        ).json() as { course: string }
      ).course;
      const toSumma = receiveFor({ ...pair, course }, '10000');
      const uuid = await h.lateClaim(
        'preview-promo@example.com',
        {},
        { extra: { promocode: 'PREVIEW-ONCE', toSumma } },
      );
      const usesOf = async () =>
        (await t.database.db.select().from(promocodes).where(eq(promocodes.code, 'PREVIEW-ONCE')))[0]!.usesCount;
      const kept = (await preview(uuid)).json() as RequotePreview;
      expect(kept).toMatchObject({ course, droppedPromocode: null, promocodeOnly: false });
      expect(await usesOf()).toBe(0);
      // Another customer takes the only use meanwhile: the offer would be priced without the code, and says so.
      await h.created('SBERRUB', 'USDTTRC20', '10000', {
        email: 'preview-other@example.com',
        promocode: 'PREVIEW-ONCE',
        toSumma,
      });
      const dropped = (await preview(uuid)).json() as RequotePreview;
      expect(dropped).toMatchObject({ course: pair.course, droppedPromocode: 'PREVIEW-ONCE', promocodeOnly: true });
    });

    it('refuses a status that takes no re-quote (409), an unpriceable direction (409), an unknown claim (404)', async () => {
      const fresh = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'preview-new@example.com' });
      const res = await preview(fresh);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'claim_action_not_allowed' });
      expect((await preview('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await preview('not-a-uuid')).statusCode).toBe(404);

      const uuid = await h.lateClaim('preview-off@example.com');
      const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
      await t.services.calculator.updateDirection(row!.directionId, { active: false });
      try {
        const off = await preview(uuid, '/en');
        expect(off.statusCode).toBe(409);
        expect(off.json()).toMatchObject({ code: 'claim_requote_unavailable' });
        expect((off.json() as { detail: string }).detail).toContain('Refund the order instead');
      } finally {
        await t.services.calculator.updateDirection(row!.directionId, { active: true });
      }
    });

    it('is for staff only', async () => {
      const uuid = await h.lateClaim('preview-guest@example.com');
      expect((await t.inject({ url: `/api/v1/admin/claims/${uuid}/requote/` })).statusCode).toBe(401);
    });
  });

  describe('accept', () => {
    it('requoted -> processing at the offer’s course and amount; history keeps the amounts replaced', async () => {
      const uuid = await h.requotedClaim(operator, 'accept@example.com');
      const before = await form(uuid);
      const offer = (await status(uuid)).offer!;
      // Make the offer differ from the claim's own figures, as a rate that moved would.
      await t.database.db
        .update(claims)
        .set({ offerCourse: new Big(offer.course).times('0.9').toFixed(8), offerToAmount: '99.5' })
        .where(eq(claims.id, uuid));
      const moved = (await status(uuid)).offer!;

      const res = await post(uuid, 'accept');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ uuid, status: 'processing' });
      const after = await form(uuid);
      expect(after.status).toBe('processing');
      expect(after.course).toBe(moved.course);
      expect(after.to.amount).toBe('99.5');
      expect(after.from.amount).toBe(before.from.amount);

      const answer = await status(uuid);
      expect(answer.offer).toBeNull();
      expect(answer.history.at(-1)).toMatchObject({
        status: 'processing',
        actor: 'customer',
        amounts: { course: before.course, toSumma: before.to.amount },
      });
      const claim = await detail(uuid);
      expect(claim).toMatchObject({ course: moved.course, offer: null, to: { amount: '99.5' } });

      const twice = await post(uuid, 'accept');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'claim_not_requoted' });
    });

    it('refuses an offer past its validUntil and changes nothing', async () => {
      const uuid = await h.requotedClaim(operator, 'accept-late@example.com');
      await t.database.db
        .update(claims)
        .set({ offerValidUntil: sql`now() - interval '1 second'` })
        .where(eq(claims.id, uuid));
      const res = await post(uuid, 'accept', undefined, '/en');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'claim_offer_expired',
        detail: 'The offer has expired. The operator may offer a new rate, or you can ask for a refund.',
      });
      const answer = await status(uuid);
      expect(answer.status).toBe('requoted');
      expect(answer.history.at(-1)!.status).toBe('requoted');
      expect((await statusMails(uuid)).map((m) => m.meta.status)).not.toContain('processing');
    });

    it('refuses a claim without an offer (claim_not_requoted) and an unknown one (404)', async () => {
      const uuid = await h.lateClaim('accept-none@example.com');
      const res = await post(uuid, 'accept');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'claim_not_requoted' });
      const fresh = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'accept-new@example.com' });
      expect((await post(fresh, 'accept')).json()).toMatchObject({ code: 'claim_not_requoted' });
      expect((await post('00000000-0000-4000-8000-000000000000', 'accept')).statusCode).toBe(404);
    });
  });

  describe('refund', () => {
    it('checks the requisites like the send side of a new claim, keyed requisites.<name>', async () => {
      const uuid = await h.requotedClaim(operator, 'refund-bad@example.com');
      const bad = await post(uuid, 'refund', { requisites: { card: '2202 2012 3456 7890' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        'requisites.card': ['В номере карты опечатка: не сходится контрольная цифра. Проверьте каждую цифру.'],
      });
      const missing = await post(uuid, 'refund', { requisites: {} }, '/en');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ 'requisites.card': ['This field is required.'] });
      const shapeless = await post(uuid, 'refund', {});
      expect(shapeless.statusCode).toBe(400);
      expect(Object.keys(shapeless.json() as object)).toEqual(['requisites']);
      expect((await status(uuid)).status).toBe('requoted');
    });

    it('asks a coin’s refund address (hidden on the claim form) before a crypto refund', async () => {
      const uuid = await h.requotedClaim(operator, 'refund-coin@example.com', {
        from: 'USDTTRC20',
        to: 'SBERRUB',
        amount: '150',
      });
      const missing = await post(uuid, 'refund', { requisites: {} }, '/en');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ 'requisites.refund': ['This field is required.'] });
      const ok = await post(uuid, 'refund', { requisites: { refund: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await detail(uuid)).refundRequisites).toEqual([
        expect.objectContaining({ name: 'refund', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }),
      ]);
    });

    it('refuses a claim without an offer', async () => {
      const uuid = await h.lateClaim('refund-none@example.com');
      const card = (await h.pair('SBERRUB', 'USDTTRC20')).structure.from.inputs[0]!.example;
      const res = await post(uuid, 'refund', { requisites: { card } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'claim_not_requoted' });
    });

    it('refund_requested with the requisites for the operator; refunded with a reference the customer sees', async () => {
      const uuid = await h.requotedClaim(operator, 'refund@example.com');
      const before = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
      const card = (await h.pair('SBERRUB', 'USDTTRC20')).structure.from.inputs[0]!.example;
      const res = await post(uuid, 'refund', { requisites: { card, extra: 'ignored' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ uuid, status: 'refund_requested' });
      const answer = await status(uuid);
      expect(answer.status).toBe('refund_requested');
      expect(answer.offer).toBeNull();
      expect(answer.payout).toBeNull();

      const claim = await detail(uuid);
      expect(claim.refundRequisites).toEqual([
        { name: 'card', label: 'Карта для возврата', value: card.replace(/\s/g, '') },
      ]);
      expect(claim.actions).toEqual(['refund']);
      // The customer's page reads where the refund goes, masked as their other details are (the uuid is the only key).
      const digits = card.replace(/\D/g, '');
      expect((await form(uuid)).refundRequisites).toEqual({
        card: `${digits.slice(0, 4)} •••• •••• ${digits.slice(-4)}`,
      });
      expect((await form(await h.lateClaim('refund-form-none@example.com'))).refundRequisites).toBeNull();

      const waiting = (await operator.inject({ url: '/api/v1/admin/claims/?status=waiting&size=100' })).json() as Page;
      expect(waiting.results.map((r) => r.uuid)).toContain(uuid);
      const after = (await operator.inject({ url: '/api/v1/admin/dashboard/' })).json() as Dashboard;
      expect(after.waiting.refundRequested).toBe(before.waiting.refundRequested + 1);
      // The operator's alert says what goes back and where to, the card whole (they send the money there): no exchange.
      const alerts = (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, 'claim.operator'))
          .orderBy(mailOutbox.id)
      ).filter((m) => m.meta.claimId === uuid && m.meta.status === 'refund_requested');
      expect(alerts).toHaveLength(1);
      const alert = alerts[0]!.text;
      expect(alert).toMatch(
        /К возврату: 10\s000,00\sRUB за вычетом комиссии сети или банка\. \/ To be returned: 10,000\.00\sRUB/,
      );
      // Where the money goes back is named for that, not with the send form's "Номер карты отправителя".
      expect(alert).toContain(
        // Whole, grouped by fours as the console's "Refund to" shows it.
        `Возврат на: Карта для возврата: ${formatCardNumber(card)} / Refund to: Card for the refund: ${formatCardNumber(card)}`,
      );
      expect(alert).not.toContain('→');
      expect(alert).not.toContain('USDT');

      const noRef = await act(uuid, 'refund', { expected: 'refund_requested' });
      expect(noRef.statusCode).toBe(400);
      expect(noRef.json()).toEqual({ reference: ['Обязательное поле.'] });
      const noRefEn = await act(uuid, 'refund', { expected: 'refund_requested', reference: ' ' }, '/en');
      expect(noRefEn.json()).toEqual({ reference: ['This field is required.'] });
      expect((await status(uuid)).status).toBe('refund_requested');

      const done = await act(uuid, 'refund', { expected: 'refund_requested', reference: 'RET-4455' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ status: 'refunded', payoutReference: 'RET-4455', actions: [] });
      const refunded = await status(uuid);
      expect(refunded.status).toBe('refunded');
      // A refund goes back in the send currency, a card here: no explorer link.
      expect(refunded.payout).toEqual({ reference: 'RET-4455', url: null });
      expect(refunded.history.at(-1)).toMatchObject({ status: 'refunded', actor: 'operator', reference: 'RET-4455' });
    });
  });

  describe('payout proof', () => {
    it('a crypto payout links to the receive currency’s explorer; a card payout has no link', async () => {
      await t.database.db
        .update(currencies)
        .set({ explorerUrl: 'https://tronscan.org/#/transaction/{ref}' })
        .where(eq(currencies.code, 'USDTTRC20'));
      const crypto = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'payout@example.com' });
      await post(crypto, 'confirm');
      expect((await status(crypto)).payout).toBeNull();
      const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
      expect((await act(crypto, 'complete', { expected: 'paid', reference: hash })).statusCode).toBe(200);
      expect((await status(crypto)).payout).toEqual({
        reference: hash,
        url: `https://tronscan.org/#/transaction/${hash}`,
      });

      const card = await h.created('USDTTRC20', 'SBERRUB', '100', { email: 'payout-card@example.com' });
      await post(card, 'confirm');
      expect((await act(card, 'complete', { expected: 'paid', reference: 'CARD-PAY-1' })).statusCode).toBe(200);
      expect((await status(card)).payout).toEqual({ reference: 'CARD-PAY-1', url: null });
    });

    it('a refund of a crypto payment links to the send currency’s explorer, the hash encoded; a note is not linked', async () => {
      await t.database.db
        .update(currencies)
        .set({ explorerUrl: 'https://tronscan.org/#/transaction/{ref}' })
        .where(eq(currencies.code, 'USDTTRC20'));
      const uuid = await h.created('USDTTRC20', 'SBERRUB', '100', { email: 'refund-crypto@example.com' });
      await post(uuid, 'confirm');
      const hash = 'te6cckEBAQEAAgAAAEysuc0/+abc/def+ghi==';
      expect((await act(uuid, 'refund', { expected: 'paid', reference: hash })).statusCode).toBe(200);
      expect((await status(uuid)).payout).toEqual({
        reference: hash,
        url: 'https://tronscan.org/#/transaction/te6cckEBAQEAAgAAAEysuc0%2F%2Babc%2Fdef%2Bghi%3D%3D',
      });
      // An operator's note in place of a hash is shown, not linked to a page that would not find it.
      const noted = await h.created('USDTTRC20', 'SBERRUB', '100', { email: 'refund-note@example.com' });
      await post(noted, 'confirm');
      await act(noted, 'refund', { expected: 'paid', reference: 'возврат по звонку' });
      expect((await status(noted)).payout).toEqual({ reference: 'возврат по звонку', url: null });
    });
  });

  describe('e-mails', () => {
    it('mails each step in the claim’s language with the status name and the reference', async () => {
      const uuid = await h.lateClaim('mails@example.com', { txid: 'PAY-REF-77' });
      const late = await mailOf(uuid, 'late_payment');
      expect(late.to).toBe('mails@example.com');
      expect(late.subject).toBe(`Заявка ${uuid.slice(0, 8).toUpperCase()}: оплата после срока`);
      expect(late.text).toContain('Вы сообщили об оплате после окончания срока');
      expect(late.text).toContain('PAY-REF-77');

      // The rate moved since the claim was made: its own figure is no longer the one offered.
      await t.database.db.update(claims).set({ toAmount: '123.45' }).where(eq(claims.id, uuid));
      // An operator working in English still mails a Russian claim in Russian.
      await act(uuid, 'requote', { expected: 'late_payment' }, '/en');
      const offer = (await status(uuid)).offer!;
      const requoted = await mailOf(uuid, 'requoted');
      expect(requoted.subject).toBe(`Заявка ${uuid.slice(0, 8).toUpperCase()}: новый курс`);
      // The amount offered beside the claim's own, written as the claim page writes them, in the claim's language
      // (shared/format.ts); until when the offer holds, in the exchange's zone; the refund as the other answer.
      const usdt = { symbol: 'USDT', decimals: 6 };
      expect(requoted.text).toContain(`→ ${formatMoney(offer.toSumma, usdt, 'ru')}`);
      expect(requoted.text).toContain(
        `вы получите ${formatMoney(offer.toSumma, usdt, 'ru')} вместо ${formatMoney('123.45', usdt, 'ru')}.`,
      );
      expect(requoted.text).toContain(
        `Предложение действует до ${formatDateTime(offer.validUntil, 'ru', 'Europe/Moscow')}: примите его на странице заявки или попросите там же вернуть средства.`,
      );
      // The claim's own deadline passed long ago: it is no longer what to pay by.
      expect(requoted.text).not.toContain('Оплатить до');

      const card = (await h.pair('SBERRUB', 'USDTTRC20')).structure.from.inputs[0]!.example;
      const masked = `${card.slice(0, 4)} •••• •••• ${card.slice(-4)}`;
      await post(uuid, 'refund', { requisites: { card } });
      const asked = await mailOf(uuid, 'refund_requested');
      expect(asked.subject).toBe(`Заявка ${uuid.slice(0, 8).toUpperCase()}: запрошен возврат`);

      await act(uuid, 'refund', { expected: 'refund_requested', reference: 'RET-MAIL-1' });
      const refunded = await mailOf(uuid, 'refunded');
      expect(refunded.subject).toBe(`Заявка ${uuid.slice(0, 8).toUpperCase()}: возврат выполнен`);
      expect(refunded.text).toContain('Номер возврата: RET-MAIL-1');
      // The money went where the customer asked, as the claim page says: not "to the sender".
      expect(refunded.text).toContain('Средства возвращены на реквизиты, которые вы указали для возврата.');
      expect(refunded.text).not.toContain('возвращены отправителю');
      expect((await status(uuid)).message).toBe('Средства возвращены на реквизиты, которые вы указали для возврата.');
      // Both refund letters name where the money goes back (the card the customer gave, masked), not the payout.
      for (const letter of [asked, refunded]) {
        expect(letter.text).toContain(`Возврат на: Карта для возврата: ${masked}`);
        expect(letter.text).not.toContain(card.replace(/\D/g, ''));
        expect(letter.text).not.toContain('Мы выплачиваем на');
        expect(letter.text).not.toContain('Оплатить до');
      }
    });

    it('writes them in English for an /en claim, confirm’s reference and accept included', async () => {
      const res = await h.create(
        await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'mails-en@example.com' }),
        {},
        '/en',
      );
      const uuid = (res.json() as { uuid: string }).uuid;
      await h.pastDeadline(uuid);
      await post(uuid, 'late', { txid: 'EN-REF-1' });
      const late = await mailOf(uuid, 'late_payment');
      expect(late.subject).toBe(`Order ${uuid.slice(0, 8).toUpperCase()}: late payment`);
      expect(late.text).toContain('EN-REF-1');
      await act(uuid, 'requote', { expected: 'late_payment' });
      // The rate did not move since the claim was made: the offer is its own terms, and the letter says so.
      const offer = (await status(uuid)).offer!;
      expect(new Big(offer.toSumma).eq((await form(uuid)).to.amount)).toBe(true);
      const requoted = await mailOf(uuid, 'requoted');
      expect(requoted.subject).toBe(`Order ${uuid.slice(0, 8).toUpperCase()}: please confirm the order`);
      expect(requoted.text).toContain(
        'The operator found your payment and asks you to confirm the order on the same terms',
      );
      expect(requoted.text).toContain(
        `Confirm it on the order page by ${formatDateTime(offer.validUntil, 'en', 'Europe/Moscow')}, or ask for a refund there instead.`,
      );
      expect(requoted.text).not.toMatch(/new rate|Pay by/);
      await post(uuid, 'accept');
      const accepted = await mailOf(uuid, 'processing');
      expect(accepted.subject).toBe(`Order ${uuid.slice(0, 8).toUpperCase()}: processing`);
      expect(accepted.text).toContain('Payment received, the exchange is in progress.');

      const paid = await h.create(
        await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'mails-en-paid@example.com' }),
        {},
        '/en',
      );
      const paidUuid = (paid.json() as { uuid: string }).uuid;
      await post(paidUuid, 'confirm', { txid: 'EN-PAID-9' });
      const paidMail = await mailOf(paidUuid, 'paid');
      expect(paidMail.subject).toBe(`Order ${paidUuid.slice(0, 8).toUpperCase()}: paid`);
      expect(paidMail.text).toContain('EN-PAID-9');
    });
  });

  it('keeps one history row per step', async () => {
    const uuid = await h.requotedClaim(operator, 'history@example.com');
    await post(uuid, 'accept');
    const rows = await t.database.db.select().from(claimHistory).where(eq(claimHistory.claimId, uuid));
    expect(rows.map((r) => [r.fromStatus, r.toStatus])).toEqual([
      [null, 'new'],
      ['new', 'expired'],
      ['expired', 'late_payment'],
      ['late_payment', 'requoted'],
      ['requoted', 'processing'],
    ]);
  });

  it('documents the new paths in the OpenAPI document', async () => {
    const res = await t.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      '/api/v1/claim/{id}/confirm/',
      '/api/v1/claim/{id}/late/',
      '/api/v1/claim/{id}/accept/',
      '/api/v1/claim/{id}/refund/',
      '/api/v1/admin/claims/{uuid}/requote/',
      '/api/v1/admin/claims/{uuid}/refund/',
    ])
      expect(doc.paths[path], path).toHaveProperty('post');
    expect(doc.paths['/api/v1/admin/claims/{uuid}/requote/']).toHaveProperty('get');
    expect(JSON.stringify(doc.paths['/api/v1/claim/{id}/status/'])).toContain('validUntil');
  });
});
