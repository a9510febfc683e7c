import Big from 'big.js';
import type { Locale } from '../locales.ts';
import { fieldMessage, type FieldErrors } from '../schemas/fields.ts';
import { checkLimits, decimalPlaces, format, receiveFor, type Pair } from './calculator.ts';
import { checkRequisite, pickRequisites, type RequisiteInput, type RequisiteProblem } from './requisites.ts';

/**
 * The checks of a claim that depend on its pair: decimals, limits, reserve, requisites by kind. Shared by the claim
 * form and the server; the server then compares the client's toSumma with its own (rate_changed).
 */

export interface PairForCheck extends Pair {
  /** What the receive side has left to pay out. */
  reserve: string;
  structure: {
    from: { network: string | null; inputs: RequisiteInput[] };
    to: { network: string | null; inputs: RequisiteInput[] };
  };
}

export interface ClaimAmounts {
  fromSumma: string;
  toSumma: string;
  fromRequisites: Record<string, unknown>;
  toRequisites: Record<string, unknown>;
}

export interface ClaimCheck {
  errors: FieldErrors;
  /** The receive amount by the pair's course (meaningful when `errors` is empty). */
  toSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
}

/** The field message of a requisite's problem (a claim's value, an input's example, a payment detail in the console). */
export function requisiteMessage(
  problem: RequisiteProblem,
  input: RequisiteInput,
  network: string | null,
  locale: Locale,
) {
  switch (problem) {
    case 'required':
      return fieldMessage('field_required', locale);
    case 'too_long':
      return fieldMessage('field_too_long', locale, { max: 256 });
    case 'card':
      return fieldMessage('field_invalid_card', locale);
    case 'address':
      return fieldMessage('field_invalid_address', locale, { network: network ?? '' });
    case 'phone':
      return fieldMessage('field_invalid_phone', locale);
    case 'email':
      return fieldMessage('field_invalid_email', locale);
    case 'iban':
      return fieldMessage('field_invalid_iban', locale);
    case 'format':
      return fieldMessage('field_invalid_format', locale, { example: input.example });
  }
}

export function checkClaim(pair: PairForCheck, claim: ClaimAmounts, locale: Locale): ClaimCheck {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const fromDp = pair.from.roundCalculator;
  const toDp = pair.to.roundCalculator;
  let toSumma = '0';
  if (decimalPlaces(claim.fromSumma) > fromDp) {
    add('fromSumma', fieldMessage('field_amount_decimals', locale, { dp: fromDp }));
  } else {
    const limit = checkLimits(pair, claim.fromSumma);
    if (limit?.kind === 'below_min') add('fromSumma', fieldMessage('field_amount_min', locale, { min: limit.min }));
    if (limit?.kind === 'above_max') add('fromSumma', fieldMessage('field_amount_max', locale, { max: limit.max }));
    toSumma = receiveFor(pair, claim.fromSumma);
    const got = new Big(toSumma);
    if (!limit) {
      if (pair.to.min !== null && got.lt(pair.to.min))
        add('fromSumma', fieldMessage('field_amount_min', locale, { min: format(new Big(pair.to.min), toDp) }));
      if (pair.to.max !== null && got.gt(pair.to.max))
        add('toSumma', fieldMessage('field_amount_max', locale, { max: format(new Big(pair.to.max), toDp) }));
      if (got.gt(pair.reserve))
        add(
          'toSumma',
          fieldMessage('field_reserve_exceeded', locale, { max: format(new Big(pair.reserve).round(toDp, 0), toDp) }),
        );
      if (got.lte(0)) add('fromSumma', fieldMessage('field_invalid_amount', locale));
    }
  }
  if (decimalPlaces(claim.toSumma) > toDp) add('toSumma', fieldMessage('field_amount_decimals', locale, { dp: toDp }));

  for (const side of ['from', 'to'] as const) {
    const { network, inputs } = pair.structure[side];
    const given = side === 'from' ? claim.fromRequisites : claim.toRequisites;
    for (const input of inputs) {
      const problem = checkRequisite(input, network, given[input.name]);
      if (problem) add(`${side}Requisites.${input.name}`, requisiteMessage(problem, input, network, locale));
    }
  }
  return {
    errors,
    toSumma,
    fromRequisites: pickRequisites(pair.structure.from.inputs, claim.fromRequisites),
    toRequisites: pickRequisites(pair.structure.to.inputs, claim.toRequisites),
  };
}
