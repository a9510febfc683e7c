/**
 * Requisite checks by input kind (card, address for a network, phone, e-mail, IBAN, text), shared by the claim form
 * and the server that refuses a claim whose requisites fail them. Shape checks only: no network, no checksums of
 * base58/bech32 (a wrong character class or length is what customers actually get wrong).
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
}

export type RequisiteProblem = 'required' | 'too_long' | 'card' | 'address' | 'phone' | 'email' | 'iban' | 'format';

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

/** IBAN mod-97 (ISO 13616): country, check digits, up to 30 alphanumerics. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of n) rest = (rest * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const bech32 = '[ac-hj-np-z02-9]';

/** Address shapes per network (the `network` of a currency). Unknown networks accept any 16-128 visible chars. */
const addressPatterns: Record<string, RegExp> = {
  TRC20: new RegExp(`^T${base58}{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BTC: new RegExp(`^(bc1${bech32}{11,71}|[13]${base58}{25,34})$`),
  LTC: new RegExp(`^(ltc1${bech32}{11,71}|[LM3]${base58}{26,33})$`),
  TON: /^((EQ|UQ)[A-Za-z0-9_-]{46}|-?[01]:[0-9a-fA-F]{64})$/,
};

export function addressValid(network: string | null, value: string): boolean {
  const pattern = network ? addressPatterns[network.toUpperCase()] : undefined;
  return pattern ? pattern.test(value) : /^[\x21-\x7e]{16,128}$/.test(value);
}

/** The value's problem under `input`'s rules, or null when it is fine (an empty optional value is fine). */
export function checkRequisite(input: RequisiteInput, network: string | null, raw: unknown): RequisiteProblem | null {
  const value = typeof raw === 'string' ? normalise(input.kind, raw) : '';
  if (value === '') return input.required && input.visible ? 'required' : null;
  if (value.length > 256) return 'too_long';
  switch (input.kind) {
    case 'card':
      if (!/^\d{13,19}$/.test(value) || !luhnValid(value)) return 'card';
      break;
    case 'address':
      if (!addressValid(network, value)) return 'address';
      break;
    case 'phone':
      if (!/^\+?[1-9]\d{9,14}$/.test(value)) return 'phone';
      break;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'email';
      break;
    case 'iban':
      if (!ibanValid(value)) return 'iban';
      break;
    case 'text':
      // Control characters (a pasted tab or newline) are never part of a name or an account.
      if ([...value].some((ch) => ch.charCodeAt(0) < 32)) return 'format';
      break;
  }
  // `u`: patterns use Unicode classes (\p{L}) as the HTML `pattern` attribute does.
  if (input.pattern && !new RegExp(`^(?:${input.pattern})$`, 'u').test(value)) return 'format';
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
