import './zod-config.ts';
import { z } from 'zod';
import { claimStatusValues, quoteSchema, type ClaimStatusValue } from './exchange.ts';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';
import { selfReferralReasons } from './referral.ts';

/** Contracts of the console's claims section and dashboard (issue 6 §2, §7). Amounts are decimal strings. */

/** What an operator can do to a claim: each is one conditional status change. */
export const claimActions = ['received', 'complete', 'hold', 'requote', 'refund', 'cancel'] as const;
export type ClaimAction = (typeof claimActions)[number];

/**
 * Which status each action leads to, and from which statuses the console offers it. The claims service's
 * `allowedTransitions` is the rule underneath; this is the operator's subset of it.
 */
export const claimActionRules: Record<ClaimAction, { to: ClaimStatusValue; from: readonly ClaimStatusValue[] }> = {
  received: { to: 'processing', from: ['new', 'paid', 'hold', 'error'] },
  complete: { to: 'completed', from: ['paid', 'processing', 'hold'] },
  hold: { to: 'hold', from: ['new', 'paid', 'processing', 'error'] },
  // A late payment gets the direction's current course; an offer the customer let lapse may be re-quoted.
  requote: { to: 'requoted', from: ['late_payment', 'requoted'] },
  refund: {
    to: 'refunded',
    from: ['paid', 'processing', 'hold', 'error', 'late_payment', 'requoted', 'refund_requested'],
  },
  cancel: { to: 'cancelled', from: ['new', 'paid', 'processing', 'hold', 'error', 'late_payment', 'requoted'] },
};

export function actionsFor(status: ClaimStatusValue): ClaimAction[] {
  return claimActions.filter((a) => claimActionRules[a].from.includes(status));
}

/**
 * Claims that wait for an operator: money said to be sent (in time or late), being processed, on hold, failed, a
 * refund asked for. An offer (`requoted`) waits for the customer while it holds, so its status is not here; once it
 * lapsed (`offer_valid_until` passed) the paid claim waits for the operator again: the queue's and the dashboard's
 * queries add those (`offer_lapsed`, read against the database clock at query time, with no job to mark them).
 */
export const waitingStatuses = [
  'paid',
  'processing',
  'hold',
  'error',
  'late_payment',
  'refund_requested',
] as const satisfies readonly ClaimStatusValue[];

/**
 * The queue's status filter: one status, `waiting` (every claim that waits for an operator, oldest first), or
 * `offer_lapsed` (re-quoted claims whose offer lapsed unanswered: part of `waiting`, oldest first too).
 */
export const claimQueueFilters = ['waiting', 'offer_lapsed', ...claimStatusValues] as const;
export type ClaimQueueFilter = (typeof claimQueueFilters)[number];

/** The longest search the queue takes (the form's field stops there too). */
export const adminClaimsSearchMax = 200;

/** `GET /api/v1/admin/claims/?page&size&status&q`: `q` is a uuid (or its first characters), an e-mail or requisites. */
export const adminClaimsQuery = paginationQuery(25).extend({
  // An empty choice (the form's "all statuses") is no filter, as DRF reads it.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(claimQueueFilters, { error: fieldIssue('field_invalid_choice') }).optional(),
  ),
  q: z
    .string()
    .trim()
    .max(adminClaimsSearchMax, { error: fieldIssue('field_too_long', { max: adminClaimsSearchMax }) })
    .optional()
    .transform((v) => v || undefined),
});

const sideSchema = z.object({
  code: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  logo: z.string(),
  amount: z.string(),
});

const adminClaimItemSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(claimStatusValues),
  email: z.string(),
  from: sideSchema,
  to: sideSchema,
  /**
   * A `requoted` claim whose offer lapsed unanswered: when it lapsed (the offer's validUntil). The customer's money is
   * still here: the operator offers a new rate or refunds. Null otherwise (a live offer waits for the customer).
   */
  offerLapsedAt: z.string().nullable(),
});
export type AdminClaimItem = z.infer<typeof adminClaimItemSchema>;
export const adminClaimsPageSchema = listOf(adminClaimItemSchema);

const requisiteSchema = z.object({ name: z.string(), label: z.string(), value: z.string() });

const detailSideSchema = z.object({
  currency: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int(),
    network: z.string().nullable(),
    logo: z.string(),
  }),
  amount: z.string(),
  requisites: z.array(requisiteSchema),
});

const adminClaimHistorySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  from: z.enum(claimStatusValues).nullable(),
  status: z.enum(claimStatusValues),
  /** 'customer', 'system' or 'operator'; with an operator, who (their account). */
  actor: z.enum(['customer', 'system', 'operator']),
  operator: z.object({ id: z.number().int(), email: z.string().nullable() }).nullable(),
  /** What the customer reads. */
  reason: z.string().nullable(),
  /** The operator's own note (never shown to the customer). */
  note: z.string().nullable(),
  reference: z.string().nullable(),
  /** A re-quote's offer, or the amounts an accepted offer replaced. */
  amounts: z.object({ course: z.string(), toSumma: z.string() }).nullable(),
});

/**
 * A re-quote offer: the claim's current one, or what one made now would be (GET .../requote/, shown before the
 * operator confirms; priced again when made).
 */
const requoteOfferSchema = z.object({
  course: z.string(),
  toSumma: z.string(),
  validUntil: z.string(),
  /** The claim's promocode the offer no longer applies (used up or expired); null when kept or none. */
  droppedPromocode: z.string().nullable(),
  /** That is all the offer changes: the market rate did not move (the customer's answer carries the same). */
  promocodeOnly: z.boolean(),
});
/** What a re-quote made now would offer, and for how long it would hold once made (the direction's payment window). */
export const requotePreviewSchema = requoteOfferSchema.extend({ validForMinutes: z.number().int() });
export type RequotePreview = z.infer<typeof requotePreviewSchema>;

export const adminClaimSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  status: z.enum(claimStatusValues),
  locale: z.enum(['ru', 'en']),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  email: z.string(),
  /** The account the claim was made from (null for a guest). */
  user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  course: z.string(),
  /** The price as quoted at creation, frozen (null for claims older than breakdowns). */
  breakdown: quoteSchema.nullable(),
  from: detailSideSchema,
  to: detailSideSchema,
  /** Where the customer was told to pay. */
  paymentDetail: z
    .object({ label: z.string(), value: z.string(), holder: z.string().nullable(), memo: z.string().nullable() })
    .nullable(),
  promocode: z.string().nullable(),
  /**
   * The claim's promocode when its price no longer applies it: the customer accepted a re-quote offer priced without
   * it, whose breakdown became the claim's (the console shows the code as not applied). Null when it applies or none.
   */
  droppedPromocode: z.string().nullable(),
  /** The referral code the claim carries, and the partner's accrual once it completed. */
  refferal: z.string().nullable(),
  accrual: z.object({ partner: z.string(), amount: z.string() }).nullable(),
  /** A self-referral: the partner the claim came with, who is not paid for it, and why (docs/decisions/0017). */
  selfReferral: z.object({ partner: z.string(), reason: z.enum(selfReferralReasons) }).nullable(),
  /** The partner a completion credits (the claim came with one and it is not a self-referral); null: none. */
  partner: z.string().nullable(),
  payoutReference: z.string().nullable(),
  /** The customer's payment reference and their comment on a late payment. */
  txid: z.string().nullable(),
  customerComment: z.string().nullable(),
  /** The current re-quote offer (while `requoted`). */
  offer: requoteOfferSchema.nullable(),
  /** Where the customer asked the refund to go (send side's inputs), with a refund request. */
  refundRequisites: z.array(requisiteSchema).nullable(),
  history: z.array(adminClaimHistorySchema),
  /** What the console offers from the current status. */
  actions: z.array(z.enum(claimActions)),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

const required = fieldIssue('field_required');
const actionText = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .max(max, { error: fieldIssue('field_too_long', { max }) });
const optionalText = (max: number) =>
  actionText(max)
    .nullish()
    .transform((v) => v || null);
const neededText = (max: number) => actionText(max).min(1, { error: required });

function actionBody(action: ClaimAction) {
  return z
    .object({
      expected: z.enum(claimStatusValues, { error: fieldIssue('field_invalid_choice') }),
      reason: action === 'hold' ? neededText(500) : optionalText(500),
      reference: action === 'complete' ? neededText(200) : optionalText(200),
      note: optionalText(1000),
    })
    .refine((b) => !(action === 'refund' && b.expected === 'refund_requested' && !b.reference), {
      // The customer asked for their money back: the refund's transfer reference is their proof it left.
      path: ['reference'],
      error: required,
    });
}

/**
 * Each action's body, one constant per action (the route of each action declares its own). `expected` is the status
 * the operator saw: if the claim moved since, the action is refused (409 claim_moved). `reason` is for the customer
 * (required to hold), `reference` is the payout's (required to complete), `note` stays in the console.
 */
export const claimActionBodies = Object.fromEntries(claimActions.map((a) => [a, actionBody(a)])) as Record<
  ClaimAction,
  ReturnType<typeof actionBody>
>;
export type ClaimActionBody = z.infer<ReturnType<typeof actionBody>>;

export const dashboardSchema = z.object({
  /** The day the figures are for in the exchange's own zone (EXCHANGE_TIME_ZONE, Moscow by default), YYYY-MM-DD. */
  day: z.string(),
  today: z.object({
    count: z.number().int(),
    byStatus: z.record(z.enum(claimStatusValues), z.number().int()),
  }),
  /** Completed claims of the day per direction: sums of each side as decimal strings. */
  volume: z.array(
    z.object({
      directionId: z.number().int(),
      from: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int(), amount: z.string() }),
      to: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int(), amount: z.string() }),
      count: z.number().int(),
    }),
  ),
  /**
   * What waits for an operator. `staleRates` is null when it could not be read; `unpayable` counts currencies with
   * active directions but no payment details switched on (the calculator does not offer them to pay in).
   */
  waiting: z.object({
    paid: z.number().int(),
    processing: z.number().int(),
    hold: z.number().int(),
    error: z.number().int(),
    latePayment: z.number().int(),
    refundRequested: z.number().int(),
    /** Re-quoted claims whose offer lapsed unanswered (a live offer waits for the customer and is not counted). */
    offerLapsed: z.number().int(),
    withdrawals: z.number().int(),
    staleRates: z.number().int().nullable(),
    unpayable: z.number().int().nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
