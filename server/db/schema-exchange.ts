import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { claimStatuses, type ClaimStatus } from '../../shared/claim-statuses.ts';
import type { Quote } from '../../shared/exchange/quote.ts';
import type { RequisiteInput } from '../../shared/exchange/requisites.ts';
import { runnablePatterns } from '../requisite-patterns.ts';
import type { LocalizedText } from './schema.ts';

/** Money columns: numeric(36,18), read back as strings (never Number, docs/money.md). */
export const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const currencyKinds = ['card', 'bank', 'ewallet', 'crypto', 'cash'] as const;

/**
 * A side's requisite inputs (jsonb, as drizzle's `jsonb` writes and reads it), read through `runnablePatterns`:
 * a pattern stored before the console refused slow ones, or ones RE2 cannot run, must never check a customer's input,
 * whichever query reads the currency (docs/admin/directions.md).
 */
const requisiteInputs = customType<{ data: RequisiteInput[]; driverData: string | RequisiteInput[] }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => runnablePatterns(typeof value === 'string' ? (JSON.parse(value) as RequisiteInput[]) : value),
});

/**
 * A currency as the monitors name it (`code` is the cur_from/cur_to code: SBERRUB, USDTTRC20, BTC, ...).
 * `fromInputs`/`toInputs` are the requisites asked when it is the sent/received side.
 */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    kind: text('kind', { enum: currencyKinds }).notNull(),
    /** The ticker people pay in (RUB, USDT, BTC): the unit shown beside amounts. */
    symbol: text('symbol').notNull(),
    network: text('network'),
    decimals: integer('decimals').notNull(),
    logo: text('logo').notNull(),
    /** Shown on the send side / the receive side of the calculator. */
    sendVisible: boolean('send_visible').notNull().default(true),
    receiveVisible: boolean('receive_visible').notNull().default(true),
    reserve: money('reserve').notNull().default('0'),
    fromInputs: requisiteInputs('from_inputs').notNull().default([]),
    toInputs: requisiteInputs('to_inputs').notNull().default([]),
    /** City of a cash currency (the monitors' `city`). */
    city: text('city'),
    /**
     * A block-explorer link for a payout's transaction, `{ref}` standing for its hash
     * ('https://tronscan.org/#/transaction/{ref}'); null where no public explorer exists (cards, banks).
     */
    explorerUrl: text('explorer_url'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('currencies_code').on(t.code), check('currencies_reserve_nonnegative', sql`${t.reserve} >= 0`)],
);

/**
 * A direction (pair). Its course is `courseManual`, or `sourceRate` of `rateSource` lowered by `markupPercent`.
 * Limits are per side and may be empty (null); the calculator derives a missing send minimum
 * (docs/product/behaviour.md).
 */
export const directions = pgTable(
  'directions',
  {
    id: serial('id').primaryKey(),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id),
    courseMode: text('course_mode', { enum: ['manual', 'source'] }).notNull(),
    courseManual: money('course_manual'),
    /** 'binance:USDTRUB', 'cbr:USD', ... (fixtures only here: no network). */
    rateSource: text('rate_source'),
    sourceRate: money('source_rate'),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    /** Minutes a source rate stays usable; older, the direction takes no claims (issue 6 §4). Null = never stale. */
    maxRateAgeMinutes: integer('max_rate_age_minutes'),
    markupPercent: money('markup_percent').notNull().default('0'),
    /** Percent a logged-in customer's course improves by (the pair's `bonus`). */
    bonusPercent: money('bonus_percent').notNull().default('0'),
    /** Fixed fees per side, each in its side's currency (a bank's on the send side, a network's on the receive side). */
    fromFee: money('from_fee').notNull().default('0'),
    toFee: money('to_fee').notNull().default('0'),
    fromMin: money('from_min'),
    fromMax: money('from_max'),
    toMin: money('to_min'),
    toMax: money('to_max'),
    fromRound: integer('from_round').notNull(),
    toRound: integer('to_round').notNull(),
    fromNotify: jsonb('from_notify').$type<LocalizedText>().notNull().default({ ru: '', en: '' }),
    toNotify: jsonb('to_notify').$type<LocalizedText>().notNull().default({ ru: '', en: '' }),
    active: boolean('active').notNull().default(true),
    /** Minutes the rate is held for an unpaid claim; null = PAYMENT_WINDOW_MINUTES. */
    paymentWindowMinutes: integer('payment_window_minutes'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('directions_pair').on(t.fromCurrencyId, t.toCurrencyId),
    check('directions_distinct_sides', sql`${t.fromCurrencyId} <> ${t.toCurrencyId}`),
  ],
);

/** The operator's payment details a claim shows ("where to pay"): a pool per currency, handed out in rotation. */
export const paymentDetails = pgTable(
  'payment_details',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    label: jsonb('label').$type<LocalizedText>().notNull(),
    /** Card number, wallet, address, IBAN... */
    value: text('value').notNull(),
    holder: text('holder'),
    /** Memo/tag some networks need (TON). */
    memo: text('memo'),
    active: boolean('active').notNull().default(true),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('payment_details_rotation').on(t.currencyId, t.active, t.lastUsedAt)],
);

export { claimStatuses, type ClaimStatus };

/** What a claim shows as "where to pay", copied at creation so later pool edits do not change it. */
export type PaymentDetailSnapshot = {
  id: number;
  label: LocalizedText;
  value: string;
  holder: string | null;
  memo: string | null;
};

export const claims = pgTable(
  'claims',
  {
    /** Random UUID: the claim's id in URLs. */
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    locale: text('locale', { enum: ['ru', 'en'] }).notNull(),
    directionId: integer('direction_id')
      .notNull()
      .references(() => directions.id),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id),
    fromAmount: money('from_amount').notNull(),
    toAmount: money('to_amount').notNull(),
    /** The course locked for the payment window. */
    course: money('course').notNull(),
    /** The price breakdown quoted at creation, frozen (null for claims older than breakdowns). */
    breakdown: jsonb('breakdown').$type<Quote>(),
    fromRequisites: jsonb('from_requisites').$type<Record<string, string>>().notNull(),
    toRequisites: jsonb('to_requisites').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: claimStatuses }).notNull().default('new'),
    /** Hook for the accounts issue: the logged-in customer (no FK: the users table lives in that module). */
    userId: integer('user_id'),
    /** Recorded as given (the API's spelling of the payload field, docs/product/api.md). */
    refferal: text('refferal'),
    promocode: text('promocode'),
    paymentDetail: jsonb('payment_detail').$type<PaymentDetailSnapshot | null>(),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the canonical request: the same key with another body is refused. */
    requestHash: text('request_hash'),
    /** The operator's reference of the payout (transaction hash, transfer number), set when the claim completes. */
    payoutReference: text('payout_reference'),
    /** The customer's reference of their payment (transaction hash, bank or SBP reference), given with "I have paid". */
    txid: text('txid'),
    /** What the customer wrote when reporting a payment made after the window. */
    customerComment: text('customer_comment'),
    /** The operator's re-quote of a late payment: the new course and amount, valid until the time given. */
    offerCourse: money('offer_course'),
    offerToAmount: money('offer_to_amount'),
    offerValidUntil: timestamp('offer_valid_until', { withTimezone: true }),
    /** The breakdown the offer was priced from; accepting the offer makes it the claim's frozen `breakdown`. */
    offerBreakdown: jsonb('offer_breakdown').$type<Quote>(),
    /** Where the customer asked their money back to (the send side's requisites), with a refund request. */
    refundRequisites: jsonb('refund_requisites').$type<Record<string, string>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Races on one key end here (ON CONFLICT), not in a read-then-insert.
    uniqueIndex('claims_idempotency_key').on(t.idempotencyKey),
    // The expiry sweep reads exactly these rows.
    index('claims_expiry').on(t.status, t.expiresAt),
    index('claims_user').on(t.userId, t.createdAt),
    // No index by e-mail: nothing reads claims by it (the console's search matches '%text%', which no btree serves),
    // and every claim's INSERT would pay for one (migration 0014).
    // The console's queue (newest first, by status) and its dashboard (today's claims).
    index('claims_status_created').on(t.status, t.createdAt),
    index('claims_created').on(t.createdAt),
  ],
);

/** Every status change of a claim: time, actor ('customer', 'system', 'operator:<id>'), reason. */
export const claimHistory = pgTable(
  'claim_history',
  {
    id: serial('id').primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id),
    fromStatus: text('from_status', { enum: claimStatuses }),
    toStatus: text('to_status', { enum: claimStatuses }).notNull(),
    actor: text('actor').notNull(),
    /** What the customer reads (the status page, the e-mail): a hold's reason, a cancellation's. */
    reason: text('reason'),
    /** The operator's own note: the console shows it, the customer never sees it. */
    note: text('note'),
    /** A payout's or refund's reference (transaction hash, transfer number). */
    reference: text('reference'),
    /**
     * Amounts of the step: a re-quote's offer, or the amounts an accepted offer replaced (with the breakdown it
     * replaced, when the claim had one).
     */
    amounts: jsonb('amounts').$type<{
      course: string;
      toSumma: string;
      validUntil?: string;
      breakdown?: Quote | null;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_history_claim').on(t.claimId, t.id)],
);

/** Captcha solutions already accepted: each may pass once (altcha challenges are stateless otherwise). */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    key: text('key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_uses_created').on(t.createdAt)],
);
