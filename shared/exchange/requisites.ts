import { ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { checkAddress } from './addresses.ts';

/**
 * Requisite checks by input kind (card, address for a network, phone, e-mail, IBAN, text), shared by the claim form
 * and the server that refuses a claim whose requisites fail them. Each kind is checked for what it is, checksum
 * included (docs/product/claims.md, "Requisites"): a card's Luhn digit, an IBAN's country length and mod-97, a phone number by
 * libphonenumber's metadata, a wallet address by its network's encoding (./addresses.ts). A value shaped right whose
 * checksum fails is told apart from a value of the wrong shape: it is a typo, and the customer is told so.
 */

export const inputKinds = ['card', 'address', 'phone', 'email', 'iban', 'text'] as const;
export type InputKind = (typeof inputKinds)[number];

/** One field of a side's requisite structure. `example` passes its own rules and is the form's placeholder. */
export interface RequisiteInput {
  name: string;
  label: { ru: string; en: string };
  visible: boolean;
  required: boolean;
  kind: InputKind;
  /** An extra regular expression (anchored by the checker) the normalised value must match. */
  pattern: string | null;
  example: string;
  /**
   * The example an English page shows, for an example written in Russian ("Иван Петров" -> "Ivan Petrov"); absent or
   * empty: `example` in both languages. Passes the input's rules as `example` does.
   */
  exampleEn?: string;
}

/**
 * What a refund's form and every place that shows a refund's details call a send-side input: the money goes back to
 * the customer, so an operator's "Номер карты отправителя" / "Sender card number" reads "Карта для возврата" / "Card
 * for the refund" there. Only a card, an IBAN or an address is renamed, and only when it is the side's one input of
 * its kind (two cards keep the labels that tell them apart); a phone, a name or a memo keeps the operator's words.
 */
export function refundInputs<T extends RequisiteInput>(inputs: readonly T[]): T[] {
  return inputs.map((input) => {
    const label = refundLabels[input.kind];
    return label && inputs.filter((i) => i.kind === input.kind).length === 1 ? { ...input, label } : input;
  });
}

const refundLabels: Partial<Record<InputKind, RequisiteInput['label']>> = {
  card: { ru: 'Карта для возврата', en: 'Card for the refund' },
  iban: { ru: 'IBAN для возврата', en: 'IBAN for the refund' },
  address: { ru: 'Адрес для возврата', en: 'Refund address' },
};

/** The example (placeholder) a page in `locale` shows. */
export function exampleIn(input: Pick<RequisiteInput, 'example' | 'exampleEn'>, locale: 'ru' | 'en'): string {
  return (locale === 'en' && input.exampleEn) || input.example;
}

export type RequisiteProblem =
  | 'required'
  | 'too_long'
  | 'card'
  | 'card_checksum'
  | 'address'
  | 'address_checksum'
  | 'address_network'
  | 'phone'
  | 'email'
  | 'iban'
  | 'iban_checksum'
  | 'format';

/** Spaces and dashes people type into card numbers, IBANs and phones are not part of the value. */
export function normalise(kind: InputKind, value: string): string {
  const trimmed = value.trim();
  switch (kind) {
    case 'card':
      return trimmed.replace(/[\s-]/g, '');
    case 'iban':
      return trimmed.replace(/\s/g, '').toUpperCase();
    case 'phone':
      return trimmed.replace(/[\s()-]/g, '');
    default:
      return trimmed;
  }
}

/** Luhn check digit test (card numbers). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * An IBAN (ISO 13616) by ibantools: the country's length and BBAN format, then mod-97. Only a failing checksum on an
 * otherwise well-formed IBAN is a checksum problem.
 */
export function checkIban(iban: string): 'iban' | 'iban_checksum' | null {
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  const checksums = [ValidationErrorsIBAN.WrongIBANChecksum, ValidationErrorsIBAN.WrongAccountBankBranchChecksum];
  return errorCodes.every((code) => checksums.includes(code)) ? 'iban_checksum' : 'iban';
}

/**
 * A phone number in international format, by libphonenumber's metadata (the country code, the number's length and
 * leading digits per country). The `+` may be left out, as it always could: the digits are read as international.
 */
export function phoneValid(phone: string): boolean {
  if (!/^\+?[1-9]\d{6,14}$/.test(phone)) return false;
  return parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${phone}`)?.isValid() ?? false;
}

/** Whether the whole `value` matches `pattern` (an input's pattern, JavaScript syntax with the `u` flag). */
export type PatternMatch = (pattern: string, value: string) => boolean;

/**
 * The browser's matcher: RegExp, which backtracks. The server passes its own, linear-time one (RE2,
 * server/requisite-patterns.ts): there one customer's near miss on a polynomial pattern would hold every visitor.
 * `u`: patterns use Unicode classes (\p{L}) as the HTML `pattern` attribute does.
 */
export const regExpMatch: PatternMatch = (pattern, value) => new RegExp(`^(?:${pattern})$`, 'u').test(value);

const overlongShape: Record<Exclude<InputKind, 'text'>, RequisiteProblem> = {
  card: 'card',
  address: 'address',
  phone: 'phone',
  email: 'email',
  iban: 'iban',
};

/**
 * The value's problem under `input`'s rules, or null when it is fine (an empty optional value is fine). `match` runs
 * the input's pattern: the browser's RegExp unless the caller (the server) passes its own.
 */
export function checkRequisite(
  input: RequisiteInput,
  network: string | null,
  raw: unknown,
  match: PatternMatch = regExpMatch,
): RequisiteProblem | null {
  const value = typeof raw === 'string' ? normalise(input.kind, raw) : '';
  if (value === '') return input.required && input.visible ? 'required' : null;
  // Over what a claim stores: a field of a fixed shape says what it expects (a 300-digit card number is not a card
  // number; "at most 256 characters" meant nothing to someone typing 16 digits), without its checks reading it all.
  if (value.length > 256) return input.kind === 'text' ? 'too_long' : overlongShape[input.kind];
  switch (input.kind) {
    case 'card':
      if (!/^\d{13,19}$/.test(value)) return 'card';
      if (!luhnValid(value)) return 'card_checksum';
      break;
    case 'address': {
      const problem = checkAddress(network, value);
      if (problem) return problem === 'format' ? 'address' : `address_${problem}`;
      break;
    }
    case 'phone':
      if (!phoneValid(value)) return 'phone';
      break;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'email';
      break;
    case 'iban': {
      const problem = checkIban(value);
      if (problem) return problem;
      break;
    }
    case 'text':
      // Control characters (a pasted tab or newline) are never part of a name or an account.
      if ([...value].some((ch) => ch.charCodeAt(0) < 32)) return 'format';
      break;
  }
  if (input.pattern && !match(input.pattern, value)) return 'format';
  return null;
}

/** The requisites of one side, normalised: only the structure's own input names, in its order. */
export function pickRequisites(inputs: RequisiteInput[], given: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const input of inputs) {
    const raw = given[input.name];
    if (typeof raw === 'string' && raw.trim() !== '') out[input.name] = normalise(input.kind, raw);
  }
  return out;
}

/** A Luhn-valid card number from its first digits (demo data and examples). */
export function withLuhnDigit(prefix: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(prefix + d)) return prefix + d;
  throw new Error('unreachable');
}
