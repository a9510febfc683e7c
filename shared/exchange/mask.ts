import { formatCardNumber } from '../format.ts';
import type { InputKind, RequisiteInput } from './requisites.ts';

/**
 * What a claim's public answers show of the customer's own details (GET /api/v1/claim/{id}/form/ and the claim page
 * built from it): a card number, IBAN, phone or e-mail keeps only its ends, because the claim is private by its URL
 * only and a URL travels (screenshots, shared links, browser history). Addresses and names stay whole: the customer
 * must be able to check where the money goes. Operators read claims unmasked through the console.
 */

const dot = '•';
const keep = (value: string, head: number, tail: number) =>
  value.length <= head + tail ? value : `${value.slice(0, head)}${dot.repeat(4)}${value.slice(value.length - tail)}`;

/** One requisite, masked by its input's kind. */
export function maskRequisite(kind: InputKind, value: string): string {
  const v = value.trim();
  switch (kind) {
    case 'card': {
      const digits = v.replace(/\D/g, '');
      return digits.length < 12 ? keep(digits, 2, 2) : formatCardNumber(digits, { masked: true });
    }
    case 'iban': {
      const compact = v.replace(/\s/g, '').toUpperCase();
      return keep(compact, 4, 4);
    }
    case 'phone':
      return keep(v, 4, 2);
    case 'email':
      return maskEmail(v);
    default:
      return v;
  }
}

/** 'anna@example.com' -> 'a•••@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return keep(email, 1, 0);
  return `${email[0]}${dot.repeat(3)}${email.slice(at)}`;
}

/**
 * The kind of a value no input names any more (an operator renamed or removed the input after the claim): by the
 * value's shape first, so a card number or an e-mail under an unknown name is still masked, else by the name.
 */
function guessKind(name: string, value: string): InputKind {
  const v = value.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return 'email';
  if (/^\d[\d ]{11,22}\d$/.test(v) && v.replace(/\D/g, '').length >= 13) return 'card';
  if (/^[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}$/i.test(v)) return 'iban';
  if (/^\+\d[\d ()-]{7,}$/.test(v)) return 'phone';
  if (name === 'card') return 'card';
  if (name === 'iban') return 'iban';
  if (name === 'phone') return 'phone';
  if (name === 'email') return 'email';
  if (name === 'address' || name === 'refund') return 'address';
  return 'text';
}

/** A side's requisites masked by the kinds of the currency's inputs; a value no input names any more, by a guess. */
export function maskRequisites(values: Record<string, string>, inputs: RequisiteInput[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      maskRequisite(inputs.find((i) => i.name === name)?.kind ?? guessKind(name, value), value),
    ]),
  );
}
