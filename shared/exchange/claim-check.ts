import Big from 'big.js';
import { fieldIssue, type FieldErrors } from '../field-issues.ts';
import { checkLimits, decimalPlaces, format, receiveFor, type Pair } from './calculator.ts';
import { addressIssue } from './payout-address.ts';
import {
  checkRequisite,
  pickRequisites,
  type PatternMatch,
  type RequisiteInput,
  type RequisiteProblem,
} from './requisites.ts';

/**
 * The checks of a claim that depend on its pair: decimals, limits, reserve, requisites by kind. Shared by the claim
 * form and the server; the server then compares the client's toSumma with its own (rate_changed). What is wrong comes
 * back as catalogue codes (shared/field-issues.ts): the API's error plugin and the form translate them.
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

/** The field issue (a catalogue code) of a requisite's problem: a claim's value, an input's example, a payment detail. */
export function requisiteIssue(problem: RequisiteProblem, input: RequisiteInput, network: string | null): string {
  switch (problem) {
    case 'required':
      return fieldIssue('field_required');
    case 'too_long':
      return fieldIssue('field_too_long', { max: 256 });
    case 'card':
      return fieldIssue('field_invalid_card');
    case 'card_checksum':
      return fieldIssue('field_card_checksum');
    case 'address':
      return addressIssue('format', network);
    case 'address_checksum':
      return addressIssue('checksum', network);
    case 'address_network':
      return addressIssue('network', network);
    case 'phone':
      return fieldIssue('field_invalid_phone');
    case 'email':
      return fieldIssue('field_invalid_email');
    case 'iban':
      return fieldIssue('field_invalid_iban');
    case 'iban_checksum':
      return fieldIssue('field_iban_checksum');
    case 'format':
      // The English message takes `exampleEn` when there is one (shared/field-issues.ts, catalogueMessage).
      return fieldIssue('field_invalid_format', {
        example: input.example,
        ...(input.exampleEn ? { exampleEn: input.exampleEn } : {}),
      });
  }
}

/** `match`: how requisite patterns are run (checkRequisite): the browser's RegExp by default, RE2 on the server. */
export function checkClaim(pair: PairForCheck, claim: ClaimAmounts, match?: PatternMatch): ClaimCheck {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const fromDp = pair.from.roundCalculator;
  const toDp = pair.to.roundCalculator;
  let toSumma = '0';
  if (decimalPlaces(claim.fromSumma) > fromDp) {
    add('fromSumma', fieldIssue('field_amount_decimals', { dp: fromDp }));
  } else {
    // Each amount with its side's places, so the message writes it as the page writes money ("1 000,00").
    const limit = checkLimits(pair, claim.fromSumma);
    if (limit?.kind === 'below_min')
      add('fromSumma', fieldIssue('field_amount_min', { min: limit.min, decimals: fromDp }));
    if (limit?.kind === 'above_max')
      add('fromSumma', fieldIssue('field_amount_max', { max: limit.max, decimals: fromDp }));
    toSumma = receiveFor(pair, claim.fromSumma);
    const got = new Big(toSumma);
    if (!limit) {
      if (pair.to.min !== null && got.lt(pair.to.min))
        add('fromSumma', fieldIssue('field_amount_min', { min: format(new Big(pair.to.min), toDp), decimals: toDp }));
      if (pair.to.max !== null && got.gt(pair.to.max))
        add('toSumma', fieldIssue('field_amount_max', { max: format(new Big(pair.to.max), toDp), decimals: toDp }));
      if (got.gt(pair.reserve))
        add(
          'toSumma',
          fieldIssue('field_reserve_exceeded', {
            max: format(new Big(pair.reserve).round(toDp, 0), toDp),
            decimals: toDp,
          }),
        );
      if (got.lte(0)) add('fromSumma', fieldIssue('field_invalid_amount'));
    }
  }
  if (decimalPlaces(claim.toSumma) > toDp) add('toSumma', fieldIssue('field_amount_decimals', { dp: toDp }));

  for (const side of ['from', 'to'] as const) {
    const { network, inputs } = pair.structure[side];
    const given = side === 'from' ? claim.fromRequisites : claim.toRequisites;
    for (const input of inputs) {
      const problem = checkRequisite(input, network, given[input.name], match);
      if (problem) add(`${side}Requisites.${input.name}`, requisiteIssue(problem, input, network));
    }
  }
  return {
    errors,
    toSumma,
    fromRequisites: pickRequisites(pair.structure.from.inputs, claim.fromRequisites),
    toRequisites: pickRequisites(pair.structure.to.inputs, claim.toRequisites),
  };
}
