import { setImmediate as nextTurn } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { courseWithPromocode, plain } from '../../../shared/exchange/calculator.ts';
import type { Quote } from '../../../shared/exchange/quote.ts';
import { labelledRequisites } from '../../../shared/exchange/claim-display.ts';
import { maskRequisites } from '../../../shared/exchange/mask.ts';
import { formatCardNumber } from '../../../shared/format.ts';
import { refundInputs, type RequisiteInput } from '../../../shared/exchange/requisites.ts';
import { checkClaim } from '../../../shared/exchange/claim-check.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { ClaimCreateInput } from '../../../shared/schemas/exchange.ts';
import { fieldIssue } from '../../../shared/field-issues.ts';
import type { Db, Tx } from '../../db/client.ts';
import { allowedTransitions, customerMarkedPaid, type ClaimStatus } from '../../../shared/claim-statuses.ts';
import { AppError } from '../../errors.ts';
import type { CalculatorService } from '../calculator/service.ts';
import type { CurrencyRow } from '../calculator/repository.ts';
import type { CaptchaService } from '../captcha/service.ts';
import type { MailRenderer, MailService } from '../mail/service.ts';
import { createdMail, operatorAlertStatuses, operatorMail, statusMail, type ClaimMailFacts } from './mails.ts';
import { afterWindow } from './after-window.ts';
import { claimViews, offerOf } from './views.ts';
import { type PromocodesService } from '../promocodes/service.ts';
import type { ClaimRow, ClaimsRepository, NewClaim } from './repository.ts';
import type { ClaimEventBus } from './events.ts';
import { re2Match } from '../../requisite-patterns.ts';

/**
 * Statuses that end a claim without an exchange: a promocode's use comes back (docs/decisions/0009). From any status:
 * a late payment's claim may have taken its code again with a new offer, and a refund or a cancel after that still
 * leaves the customer without the exchange the code was for.
 */
const endsWithoutExchange: ClaimStatus[] = ['expired', 'cancelled', 'refunded'];

/**
 * Claims: creation (priced by the server, idempotent, captcha-checked), the customer's reads and confirm, and the
 * status lifecycle (docs/product/claims.md) in one place — `transition` is what the operator console and the account area call.
 */

/**
 * What is mailed with a status change besides the status: the operator's reason, and the step's reference (the
 * payment's reference the customer gave, or the operator's payout or refund transfer).
 */
export interface StatusExtra {
  reason?: string | null | undefined;
  reference?: string | null | undefined;
}

export interface CompleteOptions {
  from?: ClaimStatus[];
  /** The payout's reference: kept on the claim and its history row, and mailed. */
  reference?: string | null | undefined;
  /** The operator's own note (history only). */
  note?: string | null | undefined;
  within?: (claim: ClaimRow, tx: Tx) => Promise<unknown>;
}

export interface CreateContext {
  locale: Locale;
  ip: string;
  /** The browser's device cookie (server/modules/referral/attribution.ts), null without one. */
  deviceId?: string | null | undefined;
  /** Hook for the accounts issue: the logged-in customer the claim is linked to. */
  userId?: number | undefined;
  idempotencyKey?: string | undefined;
}

export interface ClaimsServiceOptions {
  db: Db;
  repo: ClaimsRepository;
  calculator: CalculatorService;
  captcha: CaptchaService;
  mail: MailService;
  publicUrl: string;
  /** EXCHANGE_TIME_ZONE: the letters write times in it. */
  exchangeTimeZone: string;
  /**
   * Runs inside the creation's transaction (the referral attribution: whom the claim credits, judged on where it was
   * made from), so a claim never exists without it. Called for claims that carry what it judges on: an account or a
   * referral code (a guest's claim without a code credits nobody, and is written in one statement).
   */
  onCreated?: (
    claim: Pick<ClaimRow, 'id' | 'userId' | 'email' | 'refferal'>,
    origin: { ip: string; deviceId: string | null },
    tx: Tx,
  ) => Promise<unknown>;
  /**
   * Runs inside the completion's transaction (the referral accrual): money that follows a completion commits with it
   * or not at all.
   */
  onCompleted?: (claim: ClaimRow, tx: Tx) => Promise<unknown>;
  /** Promocodes: checked before pricing, used inside the claim's transaction, given back when a claim ends unpaid. */
  promocodes?: PromocodesService;
  /** The operators' inbox (the site's support address): told when a customer's step waits for them. */
  operatorInbox?: () => string | null;
  /** The monitors' review pages (the console's monitors): a completed claim's letter asks for a review there. */
  reviewLinks?: (tx: Tx) => Promise<{ name: string; url: string }[]>;
  /** Where status changes are announced after their commit (the live streams, docs/decisions/0021-live-status.md). */
  events?: ClaimEventBus;
}

/** The request as the Idempotency-Key compares it: parsed fields, sorted keys; the captcha proof is not content. */
function requestHash(input: ClaimCreateInput, userId: number | undefined): string {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
  const { recaptcha: _proof, ...content } = input;
  return createHash('sha256')
    .update(JSON.stringify(canonical({ ...content, userId: userId ?? null })))
    .digest('hex');
}

/**
 * The Idempotency-Key as stored: scoped to its caller (the account, or a guest's e-mail), so one customer's key never
 * answers, or refuses, another's request (docs/money.md). The e-mail is hashed: the column is not a second copy of it.
 */
function scopedKey(key: string, userId: number | undefined, email: string): string {
  const scope =
    userId !== undefined ? `u${userId}` : `e${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
  return `${scope}:${key}`;
}

export function claimsService(opts: ClaimsServiceOptions) {
  const { db, repo, calculator, captcha, mail } = opts;

  /**
   * After a change's commit, and only then: deliver the mail it wrote and tell the live streams (a stream that heard
   * of a change before its commit would read the old status).
   */
  function committed(...changed: { id: string; status: ClaimStatus }[]) {
    mail.kick();
    for (const c of changed) opts.events?.publish({ claimId: c.id, status: c.status });
  }

  // A new claim's letter is written by the claim's own INSERT and rendered here at its first delivery attempt, from the
  // claim as created (docs/decisions/0029-claims-at-database-speed.md): rendering is no part of the customer's wait.
  // A delivery round's letters are rendered together: their claims in one read.
  mail.renderWith('claim.created', async (metas, tx) => {
    const ids = metas.map((m) => m.claimId).filter((id): id is string => typeof id === 'string');
    const found = new Map((await repo.findMany(ids, tx)).map((c) => [c.id, c]));
    // Names, symbols and inputs from the catalogue: a letter's words, not money.
    const { byId } = await calculator.catalogue();
    const letters: Awaited<ReturnType<MailRenderer>> = [];
    for (const [i, meta] of metas.entries()) {
      // A busy minute's round holds dozens of letters at ~0.1 ms each: requests that arrive meanwhile get their
      // turn every few letters instead of waiting for the whole round.
      if (i % 8 === 7) await nextTurn();
      const claim = typeof meta.claimId === 'string' ? found.get(meta.claimId) : undefined;
      if (!claim) {
        letters.push(null);
        continue;
      }
      const known = [byId.get(claim.fromCurrencyId), byId.get(claim.toCurrencyId)].filter((c) => c !== undefined);
      const facts = await mailFacts({ ...claim, status: 'new' }, tx, known.length === 2 ? known : undefined);
      letters.push(createdMail(facts, opts.publicUrl));
    }
    return letters;
  });

  async function mailFacts(claim: ClaimRow, tx?: Tx, currencies?: CurrencyRow[]): Promise<ClaimMailFacts> {
    const rows = currencies ?? (await repo.currencies([claim.fromCurrencyId, claim.toCurrencyId], tx));
    const from = rows.find((r) => r.id === claim.fromCurrencyId);
    const to = rows.find((r) => r.id === claim.toCurrencyId);
    const { locale } = claim;
    const name = (c: typeof from) => (c ? c.name[locale] || c.name.ru : '');
    // A re-quoted claim's mail is about the offer: the amount and course the customer would get if they accept it.
    const offered = claim.status === 'requoted' && claim.offerToAmount && claim.offerCourse;
    const detail = claim.paymentDetail;
    // The customer's own details go out masked, as on the claim page: a letter is forwarded and stored like a URL.
    const side = (values: Record<string, string>, inputs: RequisiteInput[]) =>
      labelledRequisites(maskRequisites(values, inputs), inputs, locale).map(({ label, value }) => ({ label, value }));
    return {
      id: claim.id,
      locale,
      fromAmount: plain(claim.fromAmount),
      fromSymbol: from?.symbol ?? '',
      fromDecimals: from?.decimals ?? 2,
      toAmount: plain(offered ? claim.offerToAmount! : claim.toAmount),
      toSymbol: to?.symbol ?? '',
      toDecimals: to?.decimals ?? 2,
      expiresAt: claim.expiresAt,
      timeZone: opts.exchangeTimeZone,
      fromName: name(from),
      toName: name(to),
      course: plain(offered ? claim.offerCourse! : claim.course),
      createdAt: claim.createdAt,
      changedAt: claim.updatedAt,
      payIn: detail
        ? {
            label: detail.label[locale] || detail.label.ru,
            value: detail.value,
            holder: detail.holder,
            memo: detail.memo,
          }
        : null,
      fromRequisites: side(claim.fromRequisites, from?.fromInputs ?? []),
      toRequisites: side(claim.toRequisites, to?.toInputs ?? []),
      // A re-quote's mail is about the offer: its breakdown, not the one the offer replaces.
      breakdown: offered ? (claim.offerBreakdown ?? null) : claim.breakdown,
      offer:
        offered && claim.offerValidUntil
          ? {
              validUntil: claim.offerValidUntil,
              replaced: { course: plain(claim.course), toAmount: plain(claim.toAmount) },
              droppedPromocode: offerOf(claim)?.droppedPromocode ?? null,
            }
          : null,
      // Every send-side input names a refund's details, hidden ones too (after-window.ts `requestRefund`).
      refundRequisites: claim.refundRequisites
        ? side(claim.refundRequisites, refundInputs(from?.fromInputs ?? []))
        : [],
    };
  }

  /**
   * Where a refund goes, whole and labelled in both languages: for the operator's alert only (the operator sends the
   * money there, as the console shows it whole); the customer's letters carry it masked (`mailFacts`).
   */
  async function wholeRefundTo(claim: ClaimRow, tx: Tx) {
    const [from] = await repo.currencies([claim.fromCurrencyId], tx);
    // Every send-side input names a refund's details, hidden ones too (after-window.ts `requestRefund`).
    const inputs = refundInputs(from?.fromInputs ?? []);
    const cards = new Set(inputs.filter((i) => i.kind === 'card').map((i) => i.name));
    // A card grouped by fours, as the console's "Refund to" shows it: the operator compares the two at a glance.
    const list = (locale: Locale) =>
      labelledRequisites(claim.refundRequisites ?? {}, inputs, locale).map(({ name, label, value }) => ({
        label,
        value: cards.has(name) ? formatCardNumber(value) : value,
      }));
    return { ru: list('ru'), en: list('en') };
  }

  /**
   * The status e-mail, written to the outbox in `tx`, the transaction of the change (docs/decisions/0020-mail-outbox.md):
   * the mail exists exactly when the change does. `extra` is what the operator wrote for the customer (a hold's
   * reason, a payout's reference); the server's own history reasons are never mailed (they are English notes, not
   * messages). Delivery starts when the caller kicks the outbox after its commit.
   */
  async function notifyStatus(claim: ClaimRow, extra: StatusExtra, tx: Tx) {
    const facts = await mailFacts(claim, tx);
    const reviews = claim.status === 'completed' ? ((await opts.reviewLinks?.(tx)) ?? []) : [];
    // A claim moved to paid by an operator (from hold) whose customer never said they paid: no "you marked".
    const customerMarked =
      claim.status !== 'paid' ||
      customerMarkedPaid((await repo.history(claim.id, tx)).map((h) => ({ status: h.toStatus, actor: h.actor })));
    const m = statusMail({ ...facts, status: claim.status, ...extra, reviews, customerMarked }, opts.publicUrl);
    await mail.enqueue(
      { to: claim.email, kind: 'claim.status', meta: { claimId: claim.id, status: claim.status }, ...m },
      tx,
    );
    const inbox = opts.operatorInbox?.();
    if (inbox && operatorAlertStatuses.includes(claim.status)) {
      const refundTo =
        claim.status === 'refund_requested' && claim.refundRequisites ? await wholeRefundTo(claim, tx) : null;
      const alert = operatorMail(
        { ...facts, status: claim.status, txid: claim.txid, comment: claim.customerComment, refundTo },
        opts.publicUrl,
      );
      await mail.enqueue(
        { to: inbox, kind: 'claim.operator', meta: { claimId: claim.id, status: claim.status }, ...alert },
        tx,
      );
    }
  }

  /**
   * The one way a claim's status changes: conditionally (only from one of `from`), with a history row, and a mail to
   * the customer in the same transaction. Returns the changed claim, or null when it was not in one of `from` (or,
   * with `unexpired`, its deadline had passed). Inside a caller's `tx` the caller writes the mail (`notifyStatus`,
   * once the claim is final) and calls `committed` after its commit.
   */
  async function transition(
    claimId: string,
    from: ClaimStatus[],
    to: ClaimStatus,
    actor: string,
    reason: string | null,
    options: {
      tx?: Tx;
      unexpired?: boolean;
      note?: string | null;
      reference?: string | null;
      amounts?: { course: string; toSumma: string; validUntil?: string; breakdown?: Quote | null } | null;
    } = {},
  ): Promise<ClaimRow | null> {
    for (const f of from) {
      if (!allowedTransitions[f].includes(to)) throw new Error(`claim status cannot go from ${f} to ${to}`);
    }
    const run = async (tx: Tx) => {
      const changed = await repo.setStatus(claimId, from, to, { unexpired: options.unexpired }, tx);
      if (!changed) return null;
      if (endsWithoutExchange.includes(to)) await opts.promocodes?.release(claimId, tx);
      const { note = null, reference = null, amounts = null } = options;
      await repo.addHistory(
        [{ claimId, fromStatus: changed.previous, toStatus: to, actor, reason, note, reference, amounts }],
        tx,
      );
      return changed.claim;
    };
    if (options.tx) return run(options.tx);
    const claim = await db.transaction(async (tx) => {
      const changed = await run(tx);
      if (changed) await notifyStatus(changed, {}, tx);
      return changed;
    });
    if (claim) committed(claim);
    return claim;
  }

  /** A claim as the customer reads it: one still 'new' past its deadline is expired first (lazy expiry). */
  async function read(claimId: string): Promise<ClaimRow | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claimId)) return null;
    const claim = await repo.find(claimId);
    if (claim?.status === 'new' && claim.expiresAt.getTime() <= Date.now()) {
      const expired = await transition(claimId, ['new'], 'expired', 'system', 'payment window passed');
      return expired ?? repo.find(claimId);
    }
    return claim;
  }

  return {
    transition,
    notifyStatus,
    /** After the commit of a caller's transaction that changed claims: their mail goes out, the streams hear. */
    committed,
    read,

    /** Waits for the mails due now to be tried (tests; app close). */
    async drain() {
      await mail.settled();
    },

    async create(input: ClaimCreateInput, ctx: CreateContext): Promise<{ uuid: string; replayed: boolean }> {
      const { locale } = ctx;
      // From memory, then (`fresh`) from the database: the claim's INSERT checks the flag itself, so a switch-on this
      // process has not heard of yet comes back as a stale creation and is read here again.
      const refuseInMaintenance = async (fresh: boolean) => {
        const maintenance = fresh ? await calculator.maintenance() : await calculator.cachedMaintenance();
        if (!maintenance.enabled) return;
        // The operator's own words when they wrote some; the catalogue's otherwise.
        const detail = maintenance.message[locale] || maintenance.message.ru;
        throw new AppError('maintenance', detail ? { detail } : {});
      };
      await refuseInMaintenance(false);
      if (input.fromPs === input.toPs) {
        throw new AppError('validation', { fields: { toPs: [fieldIssue('field_same_currency')] } });
      }

      const hash = requestHash(input, ctx.userId);
      const key = ctx.idempotencyKey ? scopedKey(ctx.idempotencyKey, ctx.userId, input.email) : null;
      // The key is looked up only when the claim cannot be created as asked (docs/decisions/0029): a repeated request
      // answers its first claim whatever the rate or the reserve do meanwhile, as before; a new one skips the read.
      const replay = async (): Promise<{ uuid: string; replayed: boolean } | null> => {
        if (!key) return null;
        const existing = await repo.findByKey(key);
        if (!existing) return null;
        if (existing.requestHash !== hash) throw new AppError('idempotency_mismatch');
        return { uuid: existing.id, replayed: true };
      };
      const who = { userId: ctx.userId, email: input.email };

      /**
       * Prices the claim and checks it: from the in-memory catalogue, or (`fresh`) from the database. Throws the
       * customer's error (validation, rate_changed, stale rate).
       */
      const price = async (fresh: boolean) => {
        const priced = await calculator.pairForClaim(
          input.fromPs,
          input.toPs,
          fresh ? { fresh: true, tx: db } : { fresh: false },
          ctx.userId,
        );
        if (!priced) {
          throw new AppError('validation', { fields: { toPs: [fieldIssue('field_pair_unavailable')] } });
        }
        const promo = input.promocode && opts.promocodes ? await opts.promocodes.quote(input.promocode, who) : null;
        const pair = promo
          ? { ...priced.pair, course: courseWithPromocode(priced.pair.course, promo.discountPercent) }
          : priced.pair;
        const check = checkClaim(pair, input, re2Match);
        if (Object.keys(check.errors).length) throw new AppError('validation', { fields: check.errors });
        if (!new Big(input.toSumma).eq(check.toSumma)) {
          throw new AppError('rate_changed', {
            // The terms the new course is made of, so the form's breakdown still adds up once it is accepted.
            extra: {
              course: pair.course,
              fromSumma: plain(input.fromSumma),
              toSumma: check.toSumma,
              breakdown: priced.pair.breakdown,
            },
          });
        }
        return { priced, promo, pair, check };
      };

      /** The claim written in one statement, or, with a promocode, a referral or a captcha to spend, one transaction. */
      const write = async (
        { priced, promo, pair, check }: Awaited<ReturnType<typeof price>>,
        useKey: string | null,
      ) => {
        const claim: NewClaim = {
          email: input.email,
          locale,
          directionId: priced.direction.id,
          fromCurrencyId: priced.from.id,
          toCurrencyId: priced.to.id,
          fromAmount: plain(input.fromSumma),
          toAmount: check.toSumma,
          course: pair.course,
          // Frozen: the claim page and its letters show the price as it was quoted, whatever the rate does next.
          breakdown: priced.quote(plain(input.fromSumma), promo?.discountPercent),
          fromRequisites: check.fromRequisites,
          toRequisites: check.toRequisites,
          userId: ctx.userId ?? null,
          refferal: input.refferal ?? null,
          promocode: promo?.code ?? input.promocode ?? null,
          idempotencyKey: key,
          requestHash: hash,
        };
        const insert = async (tx: Tx) => {
          const made = await repo.create(claim, priced.versions, priced.paymentWindowMinutes, tx);
          // The operator switched every detail of this currency off: a claim with nowhere to pay is never created.
          if (made === 'no_details') throw new AppError('no_payment_details');
          return made;
        };
        const withinTx = promo || claim.refferal !== null || claim.userId !== null || useKey;
        if (!withinTx) return insert(db);
        return db.transaction(async (tx) => {
          const made = await insert(tx);
          if (typeof made === 'string') return made;
          const row = { id: made.id, userId: claim.userId, email: claim.email, refferal: claim.refferal };
          if (promo) await opts.promocodes!.use(promo, row.id, who, tx);
          await opts.onCreated?.(row, { ip: ctx.ip, deviceId: ctx.deviceId ?? null }, tx);
          if (useKey && !(await captcha.consume(useKey, tx))) {
            throw new AppError('validation', { fields: { recaptcha: [fieldIssue('captcha_used')] } });
          }
          return made;
        });
      };

      let created: { id: string };
      try {
        // A refusal from the catalogue is confirmed on the database's own rows before the customer hears it.
        let quoted = await price(false).catch(async (e: unknown) => {
          if (!(e instanceof AppError)) throw e;
          await refuseInMaintenance(true);
          return price(true);
        });
        const proof = await captcha.verify(input.recaptcha, ctx.ip);
        if (!proof.ok) {
          throw new AppError('validation', { fields: { recaptcha: [fieldIssue('captcha_invalid')] } });
        }
        for (let attempt = 1; ; attempt++) {
          const made = await write(quoted, proof.useKey);
          if (made === 'key_taken') {
            const winner = await replay();
            if (winner) return winner;
            throw new Error('the Idempotency-Key was taken by a claim that cannot be read');
          }
          if (made !== 'stale') {
            created = made;
            break;
          }
          // This process's catalogue is behind the database (another process changed a rate and its word was lost,
          // or the change is in flight): drop it and price from the rows themselves.
          calculator.cache.invalidate();
          if (attempt === 3) throw new AppError('unavailable');
          await refuseInMaintenance(true);
          quoted = await price(true);
        }
      } catch (e) {
        // A request repeated with its key answers the first claim, whatever refuses a new one now (but maintenance,
        // which refuses every creation, repeated or not).
        if (key && e instanceof AppError && e.code !== 'idempotency_mismatch' && e.code !== 'maintenance') {
          const earlier = await replay();
          if (earlier) return earlier;
        }
        throw e;
      }
      // Delivered after the answer: the customer does not wait for SMTP. The console's queue hears of the new claim.
      committed({ id: created.id, status: 'new' });
      return { uuid: created.id, replayed: false };
    },

    /**
     * POST /claim/{id}/confirm/: the customer's "I have paid" (new -> paid, once, before the deadline), optionally with
     * the payment's reference (kept on the claim and in the history row).
     */
    async confirm(claimId: string, txid: string | null = null): Promise<ClaimRow> {
      const claim = await read(claimId);
      if (!claim) throw new AppError('not_found');
      const paid = await db.transaction(async (tx) => {
        const moved = await transition(claimId, ['new'], 'paid', 'customer', 'customer marked the claim paid', {
          tx,
          unexpired: true,
          reference: txid,
        });
        if (!moved) return null;
        const claim = txid ? await repo.update(claimId, { txid }, tx) : moved;
        if (claim) await notifyStatus(claim, { reference: txid }, tx);
        return claim;
      });
      if (paid) {
        committed(paid);
        return paid;
      }
      const now = await read(claimId);
      if (now?.status === 'expired') throw new AppError('claim_expired');
      throw new AppError('claim_not_new');
    },

    /**
     * Completing a claim (operator console, merchant callback): pays the reserve out, credits the referrer and tells
     * the customer. `from` narrows the statuses it completes from (the console passes the one the operator saw, so a
     * claim that moved meanwhile is not completed); `within` runs in the same transaction (the console's audit entry).
     */
    async complete(
      claimId: string,
      actor: string,
      reason: string | null = null,
      options: CompleteOptions = {},
    ): Promise<ClaimRow | null> {
      const from = options.from ?? ['paid', 'processing', 'hold'];
      const reference = options.reference ?? null;
      const claim = await db.transaction(async (tx) => {
        let done = await transition(claimId, from, 'completed', actor, reason, { tx, note: options.note, reference });
        if (done) {
          if (reference) done = (await repo.setPayoutReference(claimId, reference, tx)) ?? done;
          await repo.spendReserve(done.toCurrencyId, plain(done.toAmount), tx);
          await opts.onCompleted?.(done, tx);
          await options.within?.(done, tx);
          await notifyStatus(done, { reason, reference }, tx);
        }
        return done;
      });
      if (claim) {
        calculator.cache.invalidate();
        committed(claim);
      }
      return claim;
    },

    /** The expiry sweep (jobs module): unpaid claims past their deadline, with history rows and mails. */
    async expireDue(limit = 100): Promise<number> {
      const ids = await db.transaction(async (tx) => {
        const expired = await repo.expireDue(limit, tx);
        for (const claimId of expired) await opts.promocodes?.release(claimId, tx);
        await repo.addHistory(
          expired.map((claimId) => ({
            claimId,
            fromStatus: 'new' as const,
            toStatus: 'expired' as const,
            actor: 'system',
            reason: 'payment window passed',
          })),
          tx,
        );
        for (const claimId of expired) {
          const claim = await repo.find(claimId, tx);
          if (claim) await notifyStatus(claim, {}, tx);
        }
        return expired;
      });
      if (ids.length) committed(...ids.map((id) => ({ id, status: 'expired' as const })));
      await captcha.prune();
      return ids.length;
    },

    ...afterWindow({
      db,
      repo,
      calculator,
      promocodes: opts.promocodes,
      read,
      transition,
      notifyStatus,
      committed,
    }),

    ...claimViews({ repo, read }),
  };
}
export type ClaimsService = ReturnType<typeof claimsService>;
