import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { selfReferralReasons } from '../../shared/schemas/referral.ts';
import { claims, money } from './schema-exchange.ts';
import { users } from './schema-users.ts';

/**
 * A customer's place in the referral programme (issue 5, docs/money.md): their code and their balance. The balance only
 * moves together with a `referral_ledger` row in the same transaction, by conditional UPDATEs; the CHECK is the
 * backstop against a race that slipped through.
 */
export const referralAccounts = pgTable(
  'referral_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Upper-case, what `?ref=` and the sign-up `refferal` carry. */
    code: text('code').notNull(),
    balance: money('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_accounts_code').on(t.code),
    check('referral_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

export const ledgerKinds = ['accrual', 'withdrawal', 'withdrawal_return'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * Every move of a referral balance, signed (+ accrual and returned withdrawal, - withdrawal reserved). One accrual per
 * claim: the unique `claim_id` makes a second completion (or a retried job) credit nothing.
 */
export const referralLedger = pgTable(
  'referral_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amount: money('amount').notNull(),
    claimId: uuid('claim_id'),
    withdrawalId: integer('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_ledger_claim').on(t.claimId), index('referral_ledger_user').on(t.userId, t.createdAt)],
);

export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** A partner's payout request: the amount is reserved (taken off the balance) at once; rejecting returns it. */
export const referralWithdrawals = pgTable(
  'referral_withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    requisites: text('requisites').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    /** The payout reference when paid, the reason when rejected (the customer sees both). */
    reference: text('reference'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_withdrawals_user').on(t.userId, t.createdAt),
    index('referral_withdrawals_status').on(t.status, t.createdAt),
    uniqueIndex('referral_withdrawals_idempotency').on(t.userId, t.idempotencyKey),
    check('referral_withdrawal_positive', sql`${t.amount} > 0`),
  ],
);

export const footprintKinds = ['device', 'ip'] as const;
export type FootprintKind = (typeof footprintKinds)[number];

/**
 * Where a customer's own sessions came from (docs/decisions/0017): their browser's device cookie and their IP
 * address (an IPv6 address by its /64 network), each kept only as a keyed hash, with when it was last seen (login and
 * every token refresh). A referral claim from one of its partner's footprints of the last 30 days earns nothing.
 */
export const referralFootprints = pgTable(
  'referral_footprints',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: footprintKinds }).notNull(),
    hash: text('hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.hash] })],
);

/**
 * Whom a claim would credit, decided when the claim is made (the partner's footprints of that moment count), and why
 * it will not, for a self-referral. One row per claim that came with a partner; the accrual at completion obeys it.
 */
export const referralAttributions = pgTable(
  'referral_attributions',
  {
    claimId: uuid('claim_id')
      .primaryKey()
      .references(() => claims.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refused: text('refused', { enum: selfReferralReasons }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The partner's page counts the customers their claims came from (`invitedCount`). Only a claim with a partner
    // writes a row here, so a claim without one pays nothing for the index.
    index('referral_attributions_partner').on(t.partnerId),
  ],
);
