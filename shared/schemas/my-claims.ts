import './zod-config.ts';
import { z } from 'zod';
import { claimStatusValues } from './exchange.ts';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** The customer's own claims (docs/product/api.md `GET /api/v1/users/me/claims/?page&size`, plus a `status` filter). */

const decimal = z.string().describe('decimal string');
const side = z.object({
  code: z.string(),
  name: z.string(),
  /** The ticker shown beside the amount (RUB, USDT); `code` is the monitors' internal code (SBERRUB). */
  symbol: z.string(),
  decimals: z.number().int(),
  logo: z.string(),
  amount: decimal,
});

const myClaimSchema = z.object({
  uuid: z.uuid(),
  /** Short, human: the first eight characters of the uuid, upper-case (what support asks for). */
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(claimStatusValues).describe('an unpaid claim past its deadline reads as expired'),
  course: decimal,
  from: side,
  to: side,
  sameTerms: z
    .boolean()
    .describe(
      'a `requoted` claim whose offer is the claim\'s own course and amount: named as a confirmation to ask for ("Подтвердите заявку" / "Confirm your order"), not a new rate; false otherwise',
    ),
  offerLapsed: z
    .boolean()
    .describe(
      'a `requoted` claim whose offer\'s time has passed (it can no longer be accepted): named "Срок предложения истёк" / "Offer expired"; false otherwise',
    ),
});
export const myClaimsPageSchema = listOf(myClaimSchema);
export type MyClaim = z.infer<typeof myClaimSchema>;

export const myClaimsQuery = paginationQuery(10).extend({
  // `?status=` (the filter's "all") is no filter.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(claimStatusValues, { error: fieldIssue('field_invalid_choice') }).optional(),
  ),
});
