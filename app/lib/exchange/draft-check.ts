import { checkClaim, requisiteIssue, type PairForCheck } from '../../../shared/exchange/claim-check.ts';
import { checkRequisite } from '../../../shared/exchange/requisites.ts';
import { fieldIssue, type FieldErrors } from '../../../shared/field-issues.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { asDecimal } from './amounts.ts';

/**
 * The claim form's checks before it calls the server. What depends on the pair is the server's own check
 * (shared/exchange/claim-check.ts), so the form and the API say the same; this adds only what the route's schema checks
 * there (an amount is given, the e-mail). Everything comes back as catalogue codes keyed like the API's field errors
 * (`fromSumma`, `fromRequisites.card`); the form translates them with `translateFieldErrors`.
 *
 * Nothing here imports zod: the home page's bundle must not carry the validator.
 */

export interface ClaimDraft {
  fromSumma: string;
  toSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  email: string;
}

/**
 * The pair as the shared check takes it. The form's labels are already in the page's language and no check reads
 * them, so the one text stands for both.
 */
function pairForCheck(pair: PairSettings): PairForCheck {
  const side = (s: 'from' | 'to') => ({
    network: pair.structure[s].network,
    inputs: pair.structure[s].inputs.map((input) => ({ ...input, label: { ru: input.label, en: input.label } })),
  });
  return { ...pair, reserve: pair.to.reserve, structure: { from: side('from'), to: side('to') } };
}

/** One requisite's issue, or null when it is fine (the form checks a field when the customer leaves it). */
export function requisiteIssueOf(pair: PairSettings, side: 'from' | 'to', name: string, value: string): string | null {
  const { network, inputs } = pairForCheck(pair).structure[side];
  const input = inputs.find((i) => i.name === name);
  const problem = input ? checkRequisite(input, network, value) : null;
  return input && problem ? requisiteIssue(problem, input, network) : null;
}

/** zod's `z.regexes.email`, the claim route's rule, written out so zod stays out of the page (a test holds them equal). */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailIssue(value: string): string | null {
  const email = value.trim();
  if (!email) return fieldIssue('field_required');
  if (email.length > 254) return fieldIssue('field_too_long', { max: 254 });
  return emailPattern.test(email) ? null : fieldIssue('field_invalid_email');
}

/** Every issue of the draft as catalogue codes, keyed like the API's field errors. Empty when the claim may be sent. */
export function checkDraft(pair: PairSettings, draft: ClaimDraft): FieldErrors {
  const send = asDecimal(draft.fromSumma);
  const { errors } = checkClaim(pairForCheck(pair), {
    fromSumma: send ?? '0',
    toSumma: asDecimal(draft.toSumma) ?? '0',
    fromRequisites: draft.fromRequisites,
    toRequisites: draft.toRequisites,
  });
  // Without an amount there is nothing to check the pair's limits against (the route's schema says "required").
  const out = send === null ? { fromSumma: [fieldIssue('field_required')], ...withoutAmounts(errors) } : errors;
  const email = emailIssue(draft.email);
  if (email) out.email = [email];
  return out;
}

function withoutAmounts(errors: FieldErrors): FieldErrors {
  const { fromSumma: _from, toSumma: _to, ...rest } = errors;
  return rest;
}
