import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { plain } from '../../../shared/exchange/calculator.ts';
import { claimNumber } from '../../../shared/exchange/claim-display.ts';
import { localizePath, type Locale } from '../../../shared/locales.ts';
import { fieldIssue } from '../../../shared/field-issues.ts';
import type { DwItem, ReferralSummary, Withdrawal, WithdrawalCreateInput } from '../../../shared/schemas/referral.ts';
import type { Db, Tx } from '../../db/client.ts';
import { currencies, directions } from '../../db/schema-exchange.ts';
import type { SelfReferralReason } from '../../../shared/schemas/referral.ts';
import { AppError } from '../../errors.ts';
import { directionCourse } from '../calculator/service.ts';
import type { RequestOrigin } from '../../request-origin.ts';
import { footprintDays, footprintHashes, mailboxOf } from './footprints.ts';
import type { ReferralRepository, WithdrawalRow } from './repository.ts';
import type { MailService } from '../mail/service.ts';
import { withdrawalPaidMail, withdrawalRejectedMail } from './mail.ts';

/** The operator's programme settings (`settings` key 'referral'; the console edits them). */
export interface ReferralSettings {
  /** Percent of a completed claim's value credited to the referrer. */
  percent: string;
  /** The smallest payout request. */
  minWithdrawal: string;
  /** The balance's currency: claims are valued in it through the directions' own courses. */
  currency: 'USDT';
}
export const referralSettingsKey = 'referral';
const defaultReferralSettings: ReferralSettings = { percent: '0.3', minWithdrawal: '10', currency: 'USDT' };

/** A stored minimum withdrawal that can be applied: a decimal above zero. */
function usableMinimum(value: unknown): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number') &&
    /^\d+(\.\d+)?$/.test(String(value)) &&
    new Big(value).gt(0)
  );
}

/** Balances are kept to the cent: accruals round down (the customer-facing rule of docs/money.md). */
const balanceDecimals = 2;

/** Code alphabet without look-alikes (0/O, 1/I/L): codes are read aloud and typed from banners. */
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newCode = () => Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: plain(row.amount),
    requisites: row.requisites,
    status: row.status,
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

export interface ReferralServiceOptions {
  db: Db;
  repo: ReferralRepository;
  publicUrl: string;
  /** The key footprints are hashed under (the server's cookie secret). */
  footprintKey: string;
  /** The outbox the partner's letters about a decided withdrawal are written to (docs/decisions/0020). */
  mail: MailService;
}

/** A claim's partner and, for a self-referral, why it is not paid. */
interface Verdict {
  partnerId: number;
  refused: SelfReferralReason | null;
}

/**
 * What the accrual reads of a completed claim. Declared here rather than imported from claims, which calls the
 * referral programme (through services.ts) and must not be imported back (docs/decisions/0014-import-boundaries.md).
 */
interface AttributedClaim {
  id: string;
  userId: number | null;
  email: string;
  refferal: string | null;
}
interface CompletedClaim extends AttributedClaim {
  fromCurrencyId: number;
  toCurrencyId: number;
  fromAmount: string;
  toAmount: string;
}

export function referralService({ db, repo, publicUrl, footprintKey, mail }: ReferralServiceOptions) {
  async function settings(tx: Tx = db): Promise<ReferralSettings> {
    const merged: ReferralSettings = {
      ...defaultReferralSettings,
      ...(await repo.getSetting<Partial<ReferralSettings>>(referralSettingsKey, tx)),
    };
    // A minimum of 0 (or below, or not a number) saved before the console refused it would offer a payout of nothing
    // ("available once the balance reaches 0.00"). It reads as the default minimum, as a missing key does, until the
    // operator saves the terms again. Mended here rather than by a migration: the terms are one JSON value merged over
    // the defaults on every read, so this covers any such value however it got there, and the console's form, which
    // reads the terms through here, shows the minimum actually in force.
    if (!usableMinimum(merged.minWithdrawal)) merged.minWithdrawal = defaultReferralSettings.minWithdrawal;
    return merged;
  }

  /** The customer's account, created with a fresh code on first use (a collision just draws again). */
  async function ensureAccount(userId: number, tx: Tx = db) {
    const existing = await repo.account(userId, tx);
    if (existing) return existing;
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.createAccount(userId, newCode(), tx);
      if (row) return row;
    }
    throw new Error('could not draw a free referral code');
  }

  /**
   * What a claim is worth in the balance currency (USDT): its own USDT side, or one side converted through an active
   * direction to or from a USDT currency. Null when no direction links the claim to USDT: no accrual then.
   */
  async function valueInUsdt(claim: CompletedClaim, tx: Tx): Promise<Big | null> {
    const usdt = await tx.select({ id: currencies.id }).from(currencies).where(like(currencies.code, 'USDT%'));
    const usdtIds = usdt.map((r) => r.id);
    if (!usdtIds.length) return null;
    const sides = [
      { currencyId: claim.fromCurrencyId, amount: claim.fromAmount },
      { currencyId: claim.toCurrencyId, amount: claim.toAmount },
    ];
    for (const side of sides) if (usdtIds.includes(side.currencyId)) return new Big(side.amount);
    for (const side of sides) {
      const rows = await tx
        .select()
        .from(directions)
        .where(
          or(
            and(eq(directions.fromCurrencyId, side.currencyId), inArray(directions.toCurrencyId, usdtIds)),
            and(eq(directions.toCurrencyId, side.currencyId), inArray(directions.fromCurrencyId, usdtIds)),
          ),
        );
      for (const d of rows) {
        const course = directionCourse(d);
        if (course === null || new Big(course).lte(0)) continue;
        // Selling the side for USDT gives amount x course; buying it with USDT costs amount / course.
        return d.fromCurrencyId === side.currencyId
          ? new Big(side.amount).times(course)
          : new Big(side.amount).div(course);
      }
    }
    return null;
  }

  /**
   * Whom a claim credits, and whether it is refused as a self-referral (docs/decisions/0017): the referrer of the
   * claim's account, else the owner of the code the claim carries. Refused when the claim is the partner's own (their
   * account, their mailbox) or comes from a browser or an address of the partner's own sessions of the last 30 days
   * (`origin` absent: those two are not checked). Null when the claim came with no partner.
   */
  async function judge(claim: AttributedClaim, origin: RequestOrigin | null, tx: Tx): Promise<Verdict | null> {
    let owner = null;
    if (claim.userId !== null) {
      const user = await repo.user(claim.userId, tx);
      const code = user?.refferal?.trim().toUpperCase();
      const signedUpWith = code ? await repo.accountByCode(code, tx) : null;
      if (signedUpWith && signedUpWith.userId !== claim.userId) owner = signedUpWith;
    }
    const code = claim.refferal?.trim().toUpperCase();
    owner ??= code ? await repo.accountByCode(code, tx) : null;
    if (!owner) return null;
    const partnerId = owner.userId;
    if (partnerId === claim.userId) return { partnerId, refused: 'own_account' };
    const partner = await repo.user(partnerId, tx);
    if (!partner) return null;
    if (mailboxOf(partner.email) === mailboxOf(claim.email)) return { partnerId, refused: 'own_email' };
    if (origin) {
      const seen = await repo.matchingFootprints(partnerId, footprintHashes(footprintKey, origin), footprintDays, tx);
      if (seen.includes('device')) return { partnerId, refused: 'same_device' };
      if (seen.includes('ip')) return { partnerId, refused: 'same_ip' };
    }
    return { partnerId, refused: null };
  }

  /**
   * The partner's letter about a decision, written in the decision's transaction (docs/decisions/0020-mail-outbox.md):
   * the letter exists exactly when the decision does. In the language of the partner's account; the caller kicks the
   * outbox after the commit.
   */
  async function notifyDecision(row: WithdrawalRow, tx: Tx) {
    const partner = await repo.user(row.userId, tx);
    if (!partner) return;
    const facts = {
      id: row.id,
      amount: row.amount,
      currency: (await settings(tx)).currency,
      requisites: row.requisites,
      locale: partner.locale,
    };
    const letter =
      row.status === 'paid'
        ? withdrawalPaidMail(facts, row.reference ?? '', publicUrl)
        : withdrawalRejectedMail(facts, row.reason ?? '', publicUrl);
    await mail.enqueue({ to: partner.email, ...letter }, tx);
  }

  return {
    settings,
    ensureAccount,

    /**
     * Records whom a new claim credits, or why it will credit nobody, inside the claim's own transaction: the
     * partner's footprints as they are when the claim is made are the ones that count.
     */
    async attributeClaim(claim: AttributedClaim, origin: RequestOrigin, tx: Tx): Promise<Verdict | null> {
      const verdict = await judge(claim, origin, tx);
      if (verdict) await repo.insertAttribution({ claimId: claim.id, ...verdict }, tx);
      return verdict;
    },

    /** A session of the user's own (login, token refresh): its browser and address are theirs for 30 days. */
    async noteSession(userId: number, origin: RequestOrigin): Promise<void> {
      await repo.touchFootprints(userId, footprintHashes(footprintKey, origin), footprintDays);
    },

    /**
     * Credits the referrer for a completed claim, inside the completion's transaction: once per claim (the ledger's
     * unique claim id), so a repeated or raced completion credits nothing more. Returns the amount credited or null.
     */
    async accrueForClaim(claim: CompletedClaim, tx: Tx): Promise<string | null> {
      // Claims made before attributions were recorded are judged now, on what is still known (account and e-mail).
      const verdict = (await repo.attribution(claim.id, tx)) ?? (await judge(claim, null, tx));
      if (!verdict || verdict.refused) return null;
      const referrer = verdict.partnerId;
      const value = await valueInUsdt(claim, tx);
      if (!value) return null;
      const { percent } = await settings(tx);
      const amount = value.times(percent).div(100).round(balanceDecimals, Big.roundDown);
      if (amount.lte(0)) return null;
      await ensureAccount(referrer, tx);
      if (!(await repo.claimAccrualRow(referrer, claim.id, plain(amount), tx))) return null;
      await repo.credit(referrer, plain(amount), tx);
      return plain(amount);
    },

    async summary(userId: number, locale: Locale): Promise<ReferralSummary> {
      const account = await ensureAccount(userId);
      const s = await settings();
      return {
        code: account.code,
        link: `${publicUrl}${localizePath('/', locale)}?ref=${account.code}`,
        invited: await repo.invitedCount(account.code, userId),
        balance: new Big(account.balance).toFixed(balanceDecimals),
        percent: plain(s.percent),
        currency: s.currency,
        minWithdrawal: new Big(s.minWithdrawal).toFixed(balanceDecimals),
      };
    },

    async history(userId: number, q: { page: number; size: number; date_from?: string; date_to?: string }) {
      const from = q.date_from ? new Date(`${q.date_from}T00:00:00Z`) : undefined;
      // Up to the start of the next day; after 9999-12-31 there is none the database reads back (JS writes year 10000
      // as "+010000-..."), and nothing is recorded that late: no upper bound then.
      const next = q.date_to ? new Date(new Date(`${q.date_to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
      const to = next && next.getUTCFullYear() <= 9999 ? next : undefined;
      const { count, rows } = await repo.ledgerPage(userId, { from, to }, q.page, q.size);
      const results: DwItem[] = rows.map((r) => ({
        id: r.id,
        date: r.createdAt.toISOString(),
        kind: r.kind === 'accrual' ? 'deposit' : r.kind === 'withdrawal' ? 'withdrawal' : 'return',
        amount: new Big(r.amount).toFixed(balanceDecimals),
        // The number only: a claim's id opens its page (it is the bearer secret of a guest's claim), and this claim is
        // the invited customer's, not the partner's.
        claim: r.claimId ? claimNumber(r.claimId) : null,
        withdrawal: r.withdrawalId,
        status: r.kind === 'accrual' ? null : (r.withdrawalStatus ?? null),
      }));
      return { count, results };
    },

    async withdrawals(userId: number | null, page: number, size: number) {
      const { count, rows } = await repo.withdrawalsPage(userId, page, size);
      return { count, results: rows.map(withdrawalView) };
    },

    /**
     * A payout request: reserves the amount (balance down, ledger row) and records the request in one transaction.
     * Above the balance or below the minimum: a field error and nothing written. With an idempotency key, a repeat
     * returns the first request.
     */
    async requestWithdrawal(
      userId: number,
      input: WithdrawalCreateInput,
      idempotencyKey?: string,
    ): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
      const s = await settings();
      const amount = new Big(input.amount);
      if (amount.lt(s.minWithdrawal) || amount.lte(0)) {
        throw new AppError('validation', {
          fields: { amount: [fieldIssue('field_withdrawal_min', { min: plain(s.minWithdrawal), symbol: s.currency })] },
        });
      }
      if (idempotencyKey) {
        const first = await repo.withdrawalByKey(userId, idempotencyKey);
        if (first) return replayOf(first, input);
      }
      await ensureAccount(userId);
      const created = await db.transaction(async (tx) => {
        const row = await repo.insertWithdrawal(
          { userId, amount: plain(amount), requisites: input.requisites, idempotencyKey: idempotencyKey ?? null },
          tx,
        );
        // Another request with the same key won the race: answer with it once it is committed.
        if (!row) return null;
        const reserved = await repo.move(
          { userId, kind: 'withdrawal', amount: plain(amount.neg()), withdrawalId: row.id },
          tx,
        );
        if (!reserved) {
          const balance = (await repo.account(userId, tx))?.balance ?? '0';
          throw new AppError('validation', {
            fields: {
              amount: [fieldIssue('field_amount_above_balance', { balance: plain(balance), symbol: s.currency })],
            },
          });
        }
        return row;
      });
      if (created) return { withdrawal: withdrawalView(created), replayed: false };
      const first = await repo.withdrawalByKey(userId, idempotencyKey!);
      if (!first) throw new AppError('unavailable');
      return replayOf(first, input);

      function replayOf(first: WithdrawalRow, again: WithdrawalCreateInput) {
        if (!new Big(first.amount).eq(again.amount) || first.requisites !== again.requisites) {
          throw new AppError('idempotency_mismatch');
        }
        return { withdrawal: withdrawalView(first), replayed: true };
      }
    },

    /** Operator: the payout went out. Only a pending request can be paid; null when it was decided meanwhile. */
    async payWithdrawal(
      id: number,
      actor: string,
      reference: string,
      within?: (row: WithdrawalRow, tx: Tx) => Promise<unknown>,
    ): Promise<Withdrawal | null> {
      const row = await db.transaction(async (tx) => {
        const decided = await repo.decideWithdrawal(id, { status: 'paid', reference, decidedBy: actor }, tx);
        if (!decided) return null;
        await within?.(decided, tx);
        await notifyDecision(decided, tx);
        return decided;
      });
      if (!row) return null;
      mail.kick();
      return withdrawalView(row);
    },

    /** Operator: refuse a request and return its amount to the balance, in one transaction. */
    async rejectWithdrawal(
      id: number,
      actor: string,
      reason: string,
      within?: (row: WithdrawalRow, tx: Tx) => Promise<unknown>,
    ): Promise<Withdrawal | null> {
      const row = await db.transaction(async (tx) => {
        const decided = await repo.decideWithdrawal(id, { status: 'rejected', reason, decidedBy: actor }, tx);
        if (!decided) return null;
        await repo.move(
          { userId: decided.userId, kind: 'withdrawal_return', amount: plain(decided.amount), withdrawalId: id },
          tx,
        );
        await within?.(decided, tx);
        await notifyDecision(decided, tx);
        return decided;
      });
      if (!row) return null;
      mail.kick();
      return withdrawalView(row);
    },

    /** The books of one customer: balance + paid out + reserved = credited must hold at all times. */
    totals: (userId: number) => repo.totals(userId),
  };
}
export type ReferralService = ReturnType<typeof referralService>;
