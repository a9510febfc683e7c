import Big from 'big.js';
import { courseWithPromocode, plain, receiveFor } from '../../../shared/exchange/calculator.ts';
import { requisiteIssue } from '../../../shared/exchange/claim-check.ts';
import type { Quote } from '../../../shared/exchange/quote.ts';
import { checkRequisite, pickRequisites, refundInputs } from '../../../shared/exchange/requisites.ts';
import type { ClaimStatus } from '../../../shared/claim-statuses.ts';
import type { FieldErrors } from '../../../shared/field-issues.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CalculatorService } from '../calculator/service.ts';
import { type PromocodesService } from '../promocodes/service.ts';
import type { ClaimRow, ClaimsRepository } from './repository.ts';
import { promocodeChange } from './views.ts';
import { re2Match } from '../../requisite-patterns.ts';

/**
 * What happens to a claim after its payment window (docs/product/claims.md): the customer reports a late payment, the
 * operator re-quotes it at the direction's current course, the customer accepts the offer or asks for a refund.
 * Every step is one conditional status change with its history row in one transaction, so two people acting at once
 * get one winner and a 409 for the rest (tests on PostgreSQL: after-window.postgres.test.ts).
 */

type Transition = (
  claimId: string,
  from: ClaimStatus[],
  to: ClaimStatus,
  actor: string,
  reason: string | null,
  options: {
    tx?: Tx;
    note?: string | null;
    reference?: string | null;
    amounts?: { course: string; toSumma: string; validUntil?: string; breakdown?: Quote | null } | null;
  },
) => Promise<ClaimRow | null>;

interface AfterWindowDeps {
  db: Db;
  repo: ClaimsRepository;
  calculator: CalculatorService;
  promocodes?: PromocodesService | undefined;
  read: (claimId: string) => Promise<ClaimRow | null>;
  transition: Transition;
  /** Writes the status mail in the change's transaction (claims/service.ts). */
  notifyStatus: (
    claim: ClaimRow,
    extra: { reason?: string | null; reference?: string | null },
    tx: Tx,
  ) => Promise<void>;
  /** After the commit: delivers the mail written and tells the live streams. */
  committed: (...changed: ClaimRow[]) => void;
}

export interface RequoteOptions {
  /** The status the operator saw: a claim that moved since is not re-quoted. */
  from: ClaimStatus[];
  note?: string | null;
  /** Runs in the same transaction (the console's audit entry). */
  within?: (claim: ClaimRow, tx: Tx) => Promise<unknown>;
}

export function afterWindow(deps: AfterWindowDeps) {
  const { db, repo, calculator, read, transition, notifyStatus, committed } = deps;

  async function mustRead(claimId: string): Promise<ClaimRow> {
    const claim = await read(claimId);
    if (!claim) throw new AppError('not_found');
    return claim;
  }

  /**
   * What an offer made now would be: the direction's current course for this customer (bonus included, the claim's
   * promocode applied as the calculator would when it still applies), the same amount sent, valid for the direction's
   * payment window from now. Reads only: the promocode's use is taken by `promo.take` in the offer's transaction.
   * Refused (409 claim_requote_unavailable) when the direction prices nothing now or could not pay the amount out.
   */
  async function priceOffer(claim: ClaimRow) {
    const priced = await calculator
      .pairForClaim(claim.fromCurrencyId, claim.toCurrencyId, { fresh: true, tx: db }, claim.userId ?? undefined)
      .catch((e: unknown) => {
        // A stale source rate prices nothing: the operator refunds instead, or waits for a fresh rate.
        if (e instanceof AppError && e.code === 'direction_rate_stale') return null;
        throw e;
      });
    if (!priced) throw new AppError('claim_requote_unavailable');
    const who = { userId: claim.userId ?? undefined, email: claim.email };
    const promo =
      claim.promocode && deps.promocodes ? await deps.promocodes.forRequote(claim.id, claim.promocode, who) : null;
    const course = promo ? courseWithPromocode(priced.pair.course, promo.discountPercent) : priced.pair.course;
    const toSumma = receiveFor({ ...priced.pair, course }, plain(claim.fromAmount));
    const breakdown = priced.quote(plain(claim.fromAmount), promo?.discountPercent);
    // An offer the exchange could not pay out is no offer.
    if (new Big(toSumma).gt(priced.pair.reserve)) throw new AppError('claim_requote_unavailable');
    const validUntil = new Date(Date.now() + priced.paymentWindowMinutes * 60_000);
    return { course, toSumma, breakdown, validUntil, promo, validForMinutes: priced.paymentWindowMinutes };
  }

  return {
    /** POST /claim/{id}/late/: expired -> late_payment, once, with the payment's reference and a comment. */
    async late(claimId: string, input: { txid: string | null; comment: string | null }): Promise<ClaimRow> {
      await mustRead(claimId);
      const changed = await db.transaction(async (tx) => {
        const moved = await transition(claimId, ['expired'], 'late_payment', 'customer', 'customer paid late', {
          tx,
          reference: input.txid,
        });
        if (!moved) return null;
        const updated = await repo.update(
          claimId,
          { txid: input.txid ?? moved.txid, customerComment: input.comment },
          tx,
        );
        // The mail repeats the payment's reference the customer gave: their record of what the operator looks for.
        if (updated) await notifyStatus(updated, { reference: input.txid }, tx);
        return updated;
      });
      if (!changed) throw new AppError('claim_not_expired');
      committed(changed);
      return changed;
    },

    /**
     * The offer a re-quote would make now, written nowhere (the console shows it before the operator confirms). The
     * offer itself is priced again when made: the course may move in between. Null when the claim is not in one of
     * `from` (the statuses a re-quote is made from).
     */
    async previewRequote(claimId: string, from: readonly ClaimStatus[]) {
      const claim = await mustRead(claimId);
      if (!from.includes(claim.status)) return null;
      const { course, toSumma, breakdown, validUntil, validForMinutes } = await priceOffer(claim);
      return {
        course,
        toSumma,
        validUntil: validUntil.toISOString(),
        validForMinutes,
        ...promocodeChange(claim, course, breakdown),
      };
    },

    /**
     * The operator's re-quote: the direction's current course for this customer (bonus included, the claim's
     * promocode applied as the calculator would), the same amount sent, valid for the direction's payment window.
     * The offer keeps the breakdown it was priced from (the new rate, markup, bonus, fees, and the promocode only
     * when it still applies), which accepting makes the claim's frozen breakdown (docs/money.md).
     * Null when the claim is no longer in one of `from`.
     */
    async requote(claimId: string, actor: string, options: RequoteOptions): Promise<ClaimRow | null> {
      const claim = await mustRead(claimId);
      const { course, toSumma, breakdown, validUntil, promo } = await priceOffer(claim);
      const offer = { course, toSumma, validUntil: validUntil.toISOString() };
      const changed = await db.transaction(async (tx) => {
        const moved = await transition(claimId, options.from, 'requoted', actor, null, {
          tx,
          note: options.note ?? null,
          amounts: offer,
        });
        if (!moved) return null;
        // A code the claim gave back on expiry is taken again with the offer (and refused if it ran out meanwhile).
        await promo?.take?.(tx);
        const updated = await repo.update(
          claimId,
          { offerCourse: course, offerToAmount: toSumma, offerValidUntil: validUntil, offerBreakdown: breakdown },
          tx,
        );
        await options.within?.(updated!, tx);
        await notifyStatus(updated!, {}, tx);
        return updated;
      });
      if (changed) committed(changed);
      return changed;
    },

    /**
     * POST /claim/{id}/accept/: requoted -> processing at the offer's course and amount, with the offer's breakdown
     * as the claim's frozen one (in the same update, so the page, the console and the letters list parts that add up
     * to what is paid out). The amounts and breakdown it replaces stay in the history row. An offer past its time is
     * refused (409); the operator may re-quote.
     */
    async accept(claimId: string): Promise<ClaimRow> {
      const claim = await mustRead(claimId);
      if (claim.status !== 'requoted') throw new AppError('claim_not_requoted');
      const changed = await db.transaction(async (tx) => {
        const moved = await transition(claimId, ['requoted'], 'processing', 'customer', 'customer accepted the offer', {
          tx,
          amounts: { course: plain(claim.course), toSumma: plain(claim.toAmount), breakdown: claim.breakdown },
        });
        if (!moved) return null;
        // Read under the row lock the update took: the offer the customer accepts is the one in force now.
        if (!moved.offerValidUntil || moved.offerValidUntil.getTime() <= Date.now()) {
          throw new AppError('claim_offer_expired');
        }
        const accepted = await repo.update(
          claimId,
          {
            course: moved.offerCourse!,
            toAmount: moved.offerToAmount!,
            // An offer made before offers kept a breakdown has none: the claim then shows none rather than the
            // old one, whose parts no longer add up to the amount paid out.
            breakdown: moved.offerBreakdown ?? null,
            offerCourse: null,
            offerToAmount: null,
            offerValidUntil: null,
            offerBreakdown: null,
          },
          tx,
        );
        if (accepted) await notifyStatus(accepted, {}, tx);
        return accepted;
      });
      if (!changed) throw new AppError('claim_not_requoted');
      committed(changed);
      return changed;
    },

    /**
     * POST /claim/{id}/refund/: requoted -> refund_requested, with where to send the money back: the send side's
     * requisite inputs decide what is required and valid (field errors as `requisites.<name>`).
     */
    async requestRefund(claimId: string, given: Record<string, string>): Promise<ClaimRow> {
      const claim = await mustRead(claimId);
      if (claim.status !== 'requoted') throw new AppError('claim_not_requoted');
      const [currency] = await repo.currencies([claim.fromCurrencyId]);
      // Every send-side input counts, hidden ones too: a coin's refund address is hidden on the claim form (nothing is
      // refunded then) and is exactly what a refund needs.
      const inputs = refundInputs(currency?.fromInputs ?? []).map((i) => ({ ...i, visible: true }));
      const errors: FieldErrors = {};
      for (const input of inputs) {
        const problem = checkRequisite(input, currency!.network, given[input.name], re2Match);
        if (problem)
          (errors[`requisites.${input.name}`] ??= []).push(requisiteIssue(problem, input, currency!.network));
      }
      if (Object.keys(errors).length) throw new AppError('validation', { fields: errors });
      const requisites = pickRequisites(inputs, given);
      const changed = await db.transaction(async (tx) => {
        const moved = await transition(
          claimId,
          ['requoted'],
          'refund_requested',
          'customer',
          'customer asked for a refund',
          {
            tx,
          },
        );
        if (!moved) return null;
        const asked = await repo.update(claimId, { refundRequisites: requisites }, tx);
        if (asked) await notifyStatus(asked, {}, tx);
        return asked;
      });
      if (!changed) throw new AppError('claim_not_requoted');
      committed(changed);
      return changed;
    },
  };
}
