import { plain } from '../../../shared/exchange/calculator.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { fieldIssue } from '../../../shared/field-issues.ts';
import { promocodeState as stateOf, type MyPromocode } from '../../../shared/schemas/promocodes.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PromocodeRow, PromocodesRepository } from './repository.ts';

export interface Customer {
  /** The logged-in account, if any. */
  userId?: number | undefined;
  email: string;
}

/** A code that passed its checks: what the claim records and how much it improves the course. */
export interface PromocodeQuote {
  id: number;
  code: string;
  discountPercent: string;
}

const normaliseCode = (code: string) => code.trim().toUpperCase();

const refusal = (code: ErrorCode) => new AppError('validation', { fields: { promocode: [fieldIssue(code)] } });

/**
 * Promocodes (issue 5): checked by the server for the customer (valid, in time, uses left, theirs), applied to the
 * course before the claim is priced, and counted once inside the claim's transaction. A claim that ends unpaid
 * (expired, cancelled) gives its use back: a customer does not lose a one-time code to a claim they never paid.
 */
export function promocodesService({ repo }: { repo: PromocodesRepository }) {
  /**
   * What decides whether `who` may use `row` beyond the row itself: their uses so far and the code's list. Without
   * `ownUses` their uses are not looked up (counted as none): the preview of a guest's typed e-mail.
   */
  async function factsFor(row: PromocodeRow | null, who: Customer, tx?: Tx, ownUses = true) {
    if (!row) return { usedByThem: 0, assigned: false, mine: false };
    const usedByThem = ownUses ? await repo.usesBy(row.id, who, tx) : 0;
    return { usedByThem, ...(await repo.assignment(row.id, who.userId, tx)) };
  }

  function refuseIfUnusable(row: PromocodeRow | null, who: Customer, facts: Awaited<ReturnType<typeof factsFor>>) {
    if (!row || !row.active) throw refusal('promocode_unknown');
    if (facts.assigned && !facts.mine) {
      // Someone else's code reads as unknown to a logged-in customer; a guest is told to log in.
      throw refusal(who.userId === undefined ? 'promocode_not_yours' : 'promocode_unknown');
    }
    const state = stateOf(row, new Date());
    if (state === 'not_started') throw refusal('promocode_not_started');
    if (state === 'expired') throw refusal('promocode_expired');
    if (state === 'used_up') throw refusal('promocode_used_up');
    // The customer's own limit, not the code's: others may still use it, so it is not "used up".
    if (row.perCustomer !== null && facts.usedByThem >= row.perCustomer) throw refusal('promocode_used_by_you');
  }

  return {
    /**
     * Checks a code for a customer without using it: the claim's pricing, and with `preview` the calculator's.
     *
     * The preview asks no captcha and no login, so it judges the per-customer limit only for the logged-in customer's
     * own account. An e-mail a guest typed is not looked up: anyone could type anyone's address and learn from "you
     * have already used this code" that its owner is a customer who did. For a guest the code previews as the code's
     * own state (on, in time, uses left, whose); the e-mail's share is enforced when the claim is created, behind the
     * captcha, and refused there in the same words.
     */
    async quote(code: string, who: Customer, opts: { preview?: boolean } = {}): Promise<PromocodeQuote> {
      const row = await repo.byCode(normaliseCode(code));
      const ownUses = !opts.preview || who.userId !== undefined;
      refuseIfUnusable(row, who, await factsFor(row, who, undefined, ownUses));
      return { id: row!.id, code: row!.code, discountPercent: plain(row!.discountPercent) };
    },

    /**
     * Counts one use for a claim, inside the claim's transaction. The code's row is locked first, so parallel claims
     * of one customer see each other's uses; the count itself only grows while uses are left. A refusal rolls the
     * claim back with it.
     */
    async use(quote: PromocodeQuote, claimId: string, who: Customer, tx: Tx): Promise<void> {
      const row = await repo.lock(quote.id, tx);
      refuseIfUnusable(row, who, await factsFor(row, who, tx));
      if (!(await repo.countUse(quote.id, tx))) throw refusal('promocode_used_up');
      await repo.insertUse(
        { promocodeId: quote.id, claimId, userId: who.userId ?? null, email: who.email.toLowerCase() },
        tx,
      );
    },

    /** A claim ended unpaid: its use (if any) is given back. */
    release: (claimId: string, tx: Tx) => repo.releaseUse(claimId, tx),

    /** The codes assigned to a customer (on their lists), with what is left of them for that customer. */
    /**
     * The code for a claim's course computed again (a re-quote): the discount of the use the claim still holds, or,
     * when it gave its use back (it expired unpaid), the code checked and quoted anew like at creation: a code since
     * used up, expired or switched off no longer counts. `take` is then to be called in the re-quote's transaction.
     */
    async forRequote(
      claimId: string,
      code: string,
      who: Customer,
    ): Promise<{ discountPercent: string; take?: (tx: Tx) => Promise<void> } | null> {
      const held = await repo.heldDiscount(claimId);
      if (held) return { discountPercent: plain(held) };
      const quote = await this.quote(code, who).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'validation') return null;
        throw e;
      });
      if (!quote) return null;
      return { discountPercent: quote.discountPercent, take: (tx) => this.use(quote, claimId, who, tx) };
    },

    async ofUser(userId: number, email: string): Promise<MyPromocode[]> {
      const now = new Date();
      const rows = await repo.ofUser(userId);
      const out: MyPromocode[] = [];
      for (const row of rows) {
        const mine = await repo.usesBy(row.id, { userId, email });
        const lefts = [
          row.perCustomer === null ? null : Math.max(0, row.perCustomer - mine),
          row.maxUses === null ? null : Math.max(0, row.maxUses - row.usesCount),
        ].filter((n): n is number => n !== null);
        const usesLeft = lefts.length ? Math.min(...lefts) : null;
        let state = stateOf(row, now);
        if (state === 'active' && usesLeft === 0) state = 'used_up';
        out.push({
          code: row.code,
          discount: plain(row.discountPercent),
          validFrom: row.validFrom?.toISOString() ?? null,
          validTo: row.validTo?.toISOString() ?? null,
          usesLeft,
          state,
        });
      }
      return out;
    },

    /** Creates a code, public or for `customers` (user ids): the demo data and tests; the console has its own. */
    async create(values: Parameters<PromocodesRepository['insert']>[0] & { customers?: number[] }) {
      const { customers = [], ...code } = values;
      const row = await repo.insert({ ...code, code: normaliseCode(code.code) });
      await repo.setCustomers(row.id, customers);
      return row;
    },
  };
}
export type PromocodesService = ReturnType<typeof promocodesService>;
