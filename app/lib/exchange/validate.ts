import Big from 'big.js';
import { checkLimits, decimalPlaces, type Pair } from '../../../shared/exchange/calculator.ts';
import { checkRequisite, type RequisiteInput, type RequisiteProblem } from '../../../shared/exchange/requisites.ts';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locales.ts';
import { asDecimal, receiveOf } from './amounts.ts';

/**
 * The claim form's own checks before it calls the server: the same rules and the same messages (shared/errors.ts) as
 * the server's claim check (shared/exchange/claim-check.ts), so what the form says and what the API would answer
 * agree. Field keys are the API's (`fromSumma`, `fromRequisites.card`, ...), so server errors land in the same place.
 */

/**
 * A message of the error catalogue with its `{name}` placeholders filled. shared/schemas/fields.ts has the same
 * function, but importing it would bring zod (tens of KiB) into the page for one string replace.
 */
export function catalogueMessage(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}) {
  return errorCatalogue[code][locale].replace(/\{(\w+)\}/g, (all, key: string) =>
    key in params ? String(params[key]) : all,
  );
}

export interface PairForForm extends Pair {
  to: Pair['to'] & { reserve: string };
  structure: {
    from: { network: string | null; inputs: (Omit<RequisiteInput, 'label'> & { label: string })[] };
    to: { network: string | null; inputs: (Omit<RequisiteInput, 'label'> & { label: string })[] };
  };
}

export interface ClaimDraft {
  fromSumma: string;
  toSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  email: string;
}

export type FormErrors = Record<string, string[]>;

function requisiteMessage(problem: RequisiteProblem, example: string, network: string | null, locale: Locale) {
  switch (problem) {
    case 'required':
      return catalogueMessage('field_required', locale);
    case 'too_long':
      return catalogueMessage('field_too_long', locale, { max: 256 });
    case 'card':
      return catalogueMessage('field_invalid_card', locale);
    case 'address':
      return catalogueMessage('field_invalid_address', locale, { network: network ?? '' });
    case 'phone':
      return catalogueMessage('field_invalid_phone', locale);
    case 'email':
      return catalogueMessage('field_invalid_email', locale);
    case 'iban':
      return catalogueMessage('field_invalid_iban', locale);
    case 'format':
      return catalogueMessage('field_invalid_format', locale, { example });
  }
}

/** One requisite's message, or null when it is fine (the form checks a field when the customer leaves it). */
export function requisiteError(
  pair: PairForForm,
  side: 'from' | 'to',
  name: string,
  value: string,
  locale: Locale,
): string | null {
  const { network, inputs } = pair.structure[side];
  const input = inputs.find((i) => i.name === name);
  if (!input) return null;
  const problem = checkRequisite({ ...input, label: { ru: input.label, en: input.label } }, network, value);
  return problem ? requisiteMessage(problem, input.example, network, locale) : null;
}

// The server's e-mail rule is zod's `z.regexes.email`; the same pattern, copied so zod stays out of the browser.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(value: string, locale: Locale): string | null {
  const email = value.trim();
  if (!email) return catalogueMessage('field_required', locale);
  if (email.length > 254) return catalogueMessage('field_too_long', locale, { max: 254 });
  return emailPattern.test(email) ? null : catalogueMessage('field_invalid_email', locale);
}

/** Every problem of the draft, keyed like the API's field errors. Empty when the claim may be sent. */
export function validateClaim(pair: PairForForm, draft: ClaimDraft, locale: Locale): FormErrors {
  const errors: FormErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const send = asDecimal(draft.fromSumma);
  const fromDp = pair.from.roundCalculator;
  const toDp = pair.to.roundCalculator;
  if (send === null) add('fromSumma', catalogueMessage('field_required', locale));
  else if (decimalPlaces(send) > fromDp)
    add('fromSumma', catalogueMessage('field_amount_decimals', locale, { dp: fromDp }));
  else {
    const limit = checkLimits(pair, send);
    if (limit?.kind === 'below_min') add('fromSumma', catalogueMessage('field_amount_min', locale, { min: limit.min }));
    if (limit?.kind === 'above_max') add('fromSumma', catalogueMessage('field_amount_max', locale, { max: limit.max }));
    const got = new Big(receiveOf(pair, send));
    if (!limit) {
      if (pair.to.min !== null && got.lt(pair.to.min))
        add('fromSumma', catalogueMessage('field_amount_min', locale, { min: new Big(pair.to.min).toFixed(toDp) }));
      if (pair.to.max !== null && got.gt(pair.to.max))
        add('toSumma', catalogueMessage('field_amount_max', locale, { max: new Big(pair.to.max).toFixed(toDp) }));
      if (got.gt(pair.to.reserve))
        add(
          'toSumma',
          catalogueMessage('field_reserve_exceeded', locale, {
            max: new Big(pair.to.reserve).round(toDp, 0).toFixed(toDp),
          }),
        );
      if (got.lte(0)) add('fromSumma', catalogueMessage('field_invalid_amount', locale));
    }
  }

  for (const side of ['from', 'to'] as const) {
    const given = side === 'from' ? draft.fromRequisites : draft.toRequisites;
    for (const input of pair.structure[side].inputs) {
      const message = requisiteError(pair, side, input.name, given[input.name] ?? '', locale);
      if (message) add(`${side}Requisites.${input.name}`, message);
    }
  }

  const email = emailError(draft.email, locale);
  if (email) add('email', email);
  return errors;
}
