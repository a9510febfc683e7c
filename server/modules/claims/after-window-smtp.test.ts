import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLuhnDigit } from '../../../shared/exchange/requisites.ts';
import { formatAmount } from '../../../shared/format.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';

/**
 * The e-mails of the path after the window, as they leave through a real SMTP server: the customer's at each step,
 * in the claim's language, and the operators' alert (to the support address) when a customer's step waits for them.
 */
describe('after the window: e-mails over SMTP', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const inbox = 'desk@obmen.test';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await build({ ssr: false, env: { JOBS: 'false', SMTP_URL: smtp.url, SUPPORT_EMAIL: inbox } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (uuid: string, call: string, payload: object, prefix = '') =>
    t.inject({ method: 'POST', url: `${prefix}/api/v1/claim/${uuid}/${call}/`, payload });

  it('tells the customer each step in their language and the operators of a late payment and a refund request', async () => {
    const customer = 'smtp-late@example.com';
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: customer });
    await h.pastDeadline(uuid);
    const number = uuid.slice(0, 8).toUpperCase();

    // The customer (a Russian claim) reports the late payment.
    expect((await post(uuid, 'late', { txid: 'SBP-77-0042', comment: 'Оплатил в 12:40' })).statusCode).toBe(200);
    const late = await smtp.waitFor(customer, (m) => m.subject?.includes('оплата после срока') ?? false);
    expect(late.subject).toBe(`Заявка ${number}: оплата после срока`);
    expect(late.text).toContain('SBP-77-0042');
    const alert = await smtp.waitFor(inbox, (m) => m.subject?.includes(number) ?? false);
    expect(alert.subject).toContain('late payment');
    expect(alert.text).toContain('SBP-77-0042');
    expect(alert.text).toContain('Оплатил в 12:40');
    expect(alert.text).toContain(`/admin/claims/${uuid}`);

    // The operator re-quotes at today's course, which has not moved: the customer is asked to confirm the same terms,
    // with the amount.
    const requote = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/requote/`,
      payload: { expected: 'late_payment' },
    });
    expect(requote.statusCode, requote.body).toBe(200);
    const status = (await t.inject(`/api/v1/claim/${uuid}/status/`)).json() as { offer: { toSumma: string } };
    const offered = await smtp.waitFor(customer, (m) => m.subject?.includes('подтвердите заявку') ?? false);
    expect(offered.subject).toBe(`Заявка ${number}: подтвердите заявку`);
    // Written as the claim page writes it, in the claim's language (ru: decimal comma).
    expect(offered.text).toContain(formatAmount(status.offer.toSumma, { decimals: 6 }, 'ru'));

    // The customer asks for a refund: the operators hear of it too.
    const refund = await post(uuid, 'refund', { requisites: { card: withLuhnDigit('220220123456789') } });
    expect(refund.statusCode, refund.body).toBe(200);
    await smtp.waitFor(customer, (m) => m.subject?.includes('запрошен возврат') ?? false);
    await smtp.waitFor(inbox, (m) => (m.subject?.includes(number) && m.subject.includes('refund requested')) ?? false);

    // The refund's reference reaches the customer as the proof.
    const done = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/refund/`,
      payload: { expected: 'refund_requested', reference: 'REF-2026-0042' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const refunded = await smtp.waitFor(customer, (m) =>
      m.subject?.includes('возврат') && m.text?.includes('REF-2026-0042') ? true : false,
    );
    expect(refunded.subject).toBe(`Заявка ${number}: возврат выполнен`);
  });
});
