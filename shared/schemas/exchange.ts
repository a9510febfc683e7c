import './zod-config.ts';
import { claimStatuses as claimStatusValues, type ClaimStatus as ClaimStatusValue } from '../claim-statuses.ts';
import { z } from 'zod';
import { fitsMoneyColumn, isDecimal } from '../exchange/calculator.ts';
import { inputKinds } from '../exchange/requisites.ts';
import { asciiEmail, fieldIssue, isEmail, refusingText } from './fields.ts';
import { listOf } from './pagination.ts';

/**
 * Schemas of the exchange API (/api/v1/calculator/..., /api/v1/claim/...), shared by the server routes and the
 * calculator and claim forms. Amounts and courses are decimal strings (docs/money.md); names are in the request's locale.
 */

export const currencyKindValues = ['card', 'bank', 'ewallet', 'crypto', 'cash'] as const;
export { claimStatusValues, type ClaimStatusValue };

const decimal = z.string().describe('decimal string, e.g. "92.45"');

const currencyItemSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('monitor code (cur_from/cur_to), e.g. USDTTRC20'),
  name: z.string(),
  symbol: z.string(),
  kind: z.enum(currencyKindValues),
  network: z.string().nullable(),
  decimals: z.number().int(),
  logo: z.string(),
  from: z.object({ visible: z.boolean() }),
  to: z.object({ visible: z.boolean() }),
  /** Ids of the currencies this one can be exchanged into (active directions). */
  ids: z.array(z.number().int()),
});
export type CurrencyItem = z.infer<typeof currencyItemSchema>;
export const currencyListSchema = listOf(currencyItemSchema);
export type CurrencyList = z.infer<typeof currencyListSchema>;

const inputSchema = z.object({
  name: z.string(),
  label: z.string(),
  visible: z.boolean(),
  required: z.boolean(),
  kind: z.enum(inputKinds),
  pattern: z.string().nullable(),
  example: z.string(),
});
export type PairInput = z.infer<typeof inputSchema>;

const sideSchema = z.object({
  min: decimal.nullable(),
  max: decimal.nullable(),
  roundCalculator: z.number().int(),
  notify: z.string(),
});

const structureSideSchema = z.object({
  currency: z.string().describe('currency code'),
  network: z.string().nullable(),
  inputs: z.array(inputSchema),
});

const feesSchema = z.object({
  from: decimal.describe('fixed fee in the send currency, taken before the exchange'),
  to: decimal.describe('fixed fee in the receive currency, taken from what is received'),
});

/** What a direction's course is made of for this customer (docs/money.md, decision 0024). */
const priceTermsSchema = z.object({
  rate: decimal.describe('market rate: the source’s last rate, or the operator’s course for a manual direction'),
  source: z.string().describe('`manual`, or the rate source (`binance:BTCUSDT`, `cbr:USD`, `ecb:USD`)'),
  updatedAt: z.string().describe('when the rate last changed (ISO 8601)'),
  markupPercent: decimal.describe('the exchange’s markup on the source rate, percent (0 for a manual course)'),
  bonusPercent: decimal.describe('the registered customer’s bonus, percent (0 for a guest)'),
  fees: feesSchema,
});

/** A price broken down for one amount: every part in the receive currency unless named otherwise; they add up. */
export const quoteSchema = priceTermsSchema.extend({
  promocodePercent: decimal,
  course: decimal.describe('the course the customer gets'),
  send: decimal,
  market: decimal.describe('`send` at the market rate'),
  markup: decimal.describe('subtracted'),
  bonus: decimal.describe('added'),
  promocode: decimal.describe('added'),
  fromFee: decimal.describe('the send side’s fee, in the send currency'),
  fromFeeValue: decimal.describe('the send side’s fee as it lowers the amount received (subtracted)'),
  toFee: decimal.describe('subtracted'),
  receive: decimal.describe('market - markup + bonus + promocode - fromFeeValue - toFee'),
});

export const pairSchema = z.object({
  fromCurrencyId: z.number().int(),
  toCurrencyId: z.number().int(),
  course: decimal.describe('how much of `to` one unit of `from` buys'),
  bonus: decimal.describe('percent a logged-in customer’s course improves by'),
  paymentWindowMinutes: z.number().int(),
  from: sideSchema,
  to: sideSchema.extend({ reserve: decimal }),
  structure: z.object({ from: structureSideSchema, to: structureSideSchema }),
  breakdown: priceTermsSchema.describe('what `course` is made of; amounts follow from the shared calculation'),
});
export type PairSettings = z.infer<typeof pairSchema>;

export const courseSchema = z.object({
  fromCurrencyId: z.number().int(),
  toCurrencyId: z.number().int(),
  course: decimal,
  /** Give `in` of from, get `out` of to (the monitors' notation). */
  in: decimal,
  out: decimal,
  updatedAt: z.string(),
});

const reserveItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  reserve: decimal,
});
export const reserveListSchema = listOf(reserveItemSchema);

export const exchangeAttributesSchema = z.object({
  fromCurrencyId: z.number().int().nullable(),
  toCurrencyId: z.number().int().nullable(),
});

export const techSchema = z.object({ maintenance: z.boolean(), message: z.string() });
export type Tech = z.infer<typeof techSchema>;

/* Claims */

const maxAmountLength = 40;

/**
 * The claim payload (docs/product/api.md), shape only: amounts must be decimal strings (a JSON number is refused), ids positive
 * integers. What depends on the pair (limits, decimals, requisites) is checked by shared/exchange/claim-check.ts.
 */
const requiredIssue = fieldIssue('field_required');
const claimAmount = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: requiredIssue })
  .refine((v) => v === undefined || v === null || v === '' || (isDecimal(v) && v.length <= maxAmountLength), {
    error: fieldIssue('field_invalid_amount'),
  })
  // A number, but with more whole digits than the money columns hold: said as such (an operator's mistyped course can
  // make the amount to receive that large), not "enter the amount as a number".
  .refine((v) => !isDecimal(v) || v.length > maxAmountLength || fitsMoneyColumn(v), {
    error: fieldIssue('field_amount_too_large'),
  })
  .transform((v) => v as string)
  .meta({ type: 'string', description: 'a decimal string ("1500.00"); a JSON number is refused' });
const claimPsId = z
  .union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: fieldIssue('field_invalid_choice') },
  )
  .refine((v) => v > 0, { error: fieldIssue('field_invalid_choice') });
// A value may be longer than a claim stores (256, checked per field by shared/exchange/requisites.ts, which names the
// field's own problem: a card number of 300 digits is told to check the card number); 1,024 bounds what is read.
const claimRequisites = z
  .record(z.string().max(64), z.string().max(1024), { error: fieldIssue('field_invalid_body') })
  .optional()
  .transform((v) => v ?? {});
const claimOptionalText = (max: number) =>
  z
    .string({ error: fieldIssue('field_invalid_choice') })
    .trim()
    .max(max, { error: fieldIssue('field_too_long', { max }) })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const claimCreateSchema = z.strictObject(
  {
    email: z
      .string({ error: requiredIssue })
      .trim()
      .min(1, { error: requiredIssue })
      .max(254, { error: fieldIssue('field_too_long', { max: 254 }) })
      .refine(isEmail, { error: fieldIssue('field_invalid_email') })
      .transform((v) => asciiEmail(v).toLowerCase()),
    fromPs: claimPsId,
    toPs: claimPsId,
    fromSumma: claimAmount,
    toSumma: claimAmount,
    fromRequisites: claimRequisites,
    toRequisites: claimRequisites,
    recaptcha: z
      .string({ error: requiredIssue })
      .max(8192)
      .optional()
      .transform((v) => v ?? ''),
    refferal: claimOptionalText(64),
    promocode: claimOptionalText(64),
  },
  { error: fieldIssue('field_invalid_body') },
);
export type ClaimCreateInput = z.output<typeof claimCreateSchema>;

export const claimCreatedSchema = z.object({ uuid: z.uuid() });
export type ClaimCreated = z.infer<typeof claimCreatedSchema>;

export const rateChangedSchema = z.object({
  detail: z.string(),
  code: z.literal('rate_changed'),
  course: decimal,
  fromSumma: decimal,
  toSumma: decimal,
  breakdown: priceTermsSchema.describe('what the new course is made of before a promocode (as the pair answer’s)'),
});

const claimCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int().describe('decimal places of the currency: how many the amounts are written with'),
  network: z.string().nullable(),
  logo: z.string(),
});

export const claimFormSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(claimStatusValues),
  email: z.string(),
  course: decimal,
  from: z.object({ currency: claimCurrencySchema, amount: decimal, requisites: z.record(z.string(), z.string()) }),
  to: z.object({ currency: claimCurrencySchema, amount: decimal, requisites: z.record(z.string(), z.string()) }),
  createdAt: z.string(),
  /** The payment deadline: an unpaid claim expires then. */
  expiresAt: z.string(),
  /** The price as quoted when the claim was created (frozen); null for claims created before breakdowns existed. */
  breakdown: quoteSchema.nullable(),
  /**
   * The claim's promocode its price no longer applies: the customer accepted a re-quote offer priced without it (used
   * up or expired meanwhile), whose breakdown became the claim's. Null when the code applies or there is none.
   */
  droppedPromocode: z.string().nullable(),
  /**
   * Where the customer asked the refund to go (the send side's inputs, masked like the requisites above); null until
   * a refund is asked for.
   */
  refundRequisites: z.record(z.string(), z.string()).nullable(),
});
export type ClaimForm = z.infer<typeof claimFormSchema>;

export const claimRequisiteSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(claimStatusValues),
  expiresAt: z.string(),
  amount: decimal,
  currency: claimCurrencySchema,
  /** Where to pay; null when no details are free (the operator is notified and sends them by e-mail). */
  details: z
    .object({
      label: z.string(),
      value: z.string(),
      holder: z.string().nullable(),
      memo: z.string().nullable(),
      uri: z
        .string()
        .nullable()
        .describe(
          'The payment link a wallet opens with the address, amount and memo filled in (BIP21, EIP-681, ton://); null for non-crypto money and where no widely supported standard exists (TRON).',
        ),
    })
    .nullable(),
});

/** A re-quote's offer: the new course and receive amount for the same amount sent, valid until the time given. */
const claimOfferSchema = z.object({
  course: decimal,
  toSumma: decimal,
  validUntil: z.string(),
  /** The claim's promocode the offer no longer applies (used up or expired meanwhile); null when kept or none. */
  droppedPromocode: z.string().nullable(),
  /**
   * The offer changes nothing but that: its course is the claim's own without the promocode's discount (the market
   * rate did not move). False when the rate moved too, or when no promocode was dropped.
   */
  promocodeOnly: z.boolean(),
});
export type ClaimOffer = z.infer<typeof claimOfferSchema>;

export const claimStatusSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(claimStatusValues),
  /** What the status means to the customer, in the request's locale. */
  message: z.string(),
  expiresAt: z.string(),
  /** The customer's own reference of their payment, as given with "I have paid" or a late payment. */
  txid: z.string().nullable(),
  /** While `requoted`: the operator's offer (accept it, or ask for a refund). */
  offer: claimOfferSchema.nullable(),
  /** A completed or refunded claim with a reference: the proof that the money left, with an explorer link for crypto. */
  payout: z.object({ reference: z.string(), url: z.string().nullable() }).nullable(),
  history: z.array(
    z.object({
      status: z.enum(claimStatusValues),
      at: z.string(),
      actor: z.enum(['customer', 'system', 'operator']),
      reason: z.string().nullable(),
      /** The step's reference: the customer's payment reference, or the operator's payout or refund transfer. */
      reference: z.string().nullable(),
      /** A re-quote's offer, or (on accepting one) the amounts it replaced. */
      amounts: z.object({ course: decimal, toSumma: decimal }).nullable(),
    }),
  ),
});

/**
 * A payment or transfer reference as a person types it (a transaction hash, a bank or SBP reference): trimmed,
 * printable (no control or lone surrogate characters: the database and the mails cannot hold them), at most `max`;
 * '' or absent = none.
 */
function referenceField(max: number) {
  const issue = fieldIssue('field_invalid_reference', { max });
  return z
    .string({ error: issue })
    .trim()
    .max(max, { error: issue })
    .regex(/^[^\p{Cc}\p{Cs}\p{Co}\p{Cn}]*$/u, { error: issue })
    .nullish()
    .transform((v) => v || null);
}

/** POST /claim/{uuid}/confirm/: "I have paid", optionally with the payment's reference. */
export const claimConfirmSchema = z.object({ txid: referenceField(200) }, { error: fieldIssue('field_invalid_body') });

/** A control character other than a line break or tab, or half of a surrogate pair: nothing a person types. */
function isForbiddenInText(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  if (ch === '\n' || ch === '\r' || ch === '\t') return false;
  return code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff);
}

/** POST /claim/{uuid}/late/: "I paid after the deadline", with the payment's reference and a word for the operator. */
export const claimLateSchema = z.object(
  {
    txid: referenceField(200),
    // Line breaks and tabs are fine in a comment; other control characters and lone surrogates are not.
    comment: refusingText(
      z
        .string({ error: fieldIssue('field_invalid_body') })
        .trim()
        .max(1000, { error: fieldIssue('field_too_long', { max: 1000 }) }),
      (v) => [...v].some(isForbiddenInText),
    )
      .nullish()
      .transform((v) => v || null),
  },
  { error: fieldIssue('field_invalid_body') },
);

/** POST /claim/{uuid}/refund/: where to send the money back, checked against the send side's requisite inputs. */
export const claimRefundRequestSchema = z.object(
  {
    // 1,024 as a claim's requisites: the 256 a claim stores is checked per field (claimRequisites above).
    requisites: z.record(z.string().max(64), z.string().max(1024), { error: fieldIssue('field_required') }),
  },
  { error: fieldIssue('field_invalid_body') },
);

export const captchaCheckSchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'none']),
  /** Where the altcha widget gets its challenge. */
  challengeUrl: z.string().nullable(),
  /** reCAPTCHA site key, when that provider is on. */
  siteKey: z.string().nullable(),
});
export type CaptchaCheck = z.infer<typeof captchaCheckSchema>;
