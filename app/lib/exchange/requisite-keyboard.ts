import type { InputKind } from '../../../shared/exchange/requisites.ts';

/**
 * Which keyboard a phone shows for a requisite input of each kind, and the input's type: the claim form and the refund
 * form of the claim page ask for the same requisites.
 */
export const requisiteInputMode = {
  card: 'numeric',
  phone: 'tel',
  email: 'email',
  iban: 'text',
  address: 'text',
  text: 'text',
} as const satisfies Record<InputKind, string>;

export const requisiteInputType = {
  card: 'text',
  address: 'text',
  phone: 'tel',
  email: 'email',
  iban: 'text',
  text: 'text',
} as const satisfies Record<InputKind, string>;
