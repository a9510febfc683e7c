/**
 * A claim's statuses and which may follow which: the one list the database column, the API schemas, the console's
 * queues, the status page and the e-mails all read (docs/decisions/0013-contracts.md). Adding a status here makes
 * every `Record<ClaimStatus, ...>` that names each status (messages, mail texts, transitions) fail to compile until
 * it says what the new status means. No zod here: the claim page's bundle reads it.
 */
export const claimStatuses = [
  'new',
  'paid',
  'processing',
  'completed',
  'expired',
  'cancelled',
  'hold',
  'refunded',
  'error',
  // After the window (docs/product/claims.md): the customer says they paid late, the operator re-quotes or refunds.
  'late_payment',
  'requoted',
  'refund_requested',
] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** Statuses whose money goes back to the customer: nothing is paid out (the page, the list, the letters, the console). */
export const refundStatuses: readonly ClaimStatus[] = ['refund_requested', 'refunded'];

/**
 * Statuses in which the claim's own amount will not be paid as it stands (cancelled, or its window passed: unpaid, or
 * paid late and waiting for an offer): the page and the letters write it as the claim's terms, not as a payout.
 */
export const unpaidStatuses: readonly ClaimStatus[] = ['cancelled', 'expired', 'late_payment'];

/** Which status may follow which; a status with no successor is terminal. */
export const allowedTransitions: Record<ClaimStatus, readonly ClaimStatus[]> = {
  // new -> processing: the operator saw the money arrive before the customer pressed "I have paid".
  new: ['paid', 'processing', 'expired', 'cancelled', 'hold', 'error'],
  paid: ['processing', 'completed', 'hold', 'cancelled', 'refunded', 'error'],
  processing: ['completed', 'hold', 'cancelled', 'refunded', 'error'],
  hold: ['paid', 'processing', 'completed', 'cancelled', 'refunded', 'error'],
  error: ['processing', 'hold', 'cancelled', 'refunded'],
  // The customer reports a payment made after the window; nothing else moves an expired claim.
  expired: ['late_payment'],
  late_payment: ['requoted', 'refunded', 'cancelled'],
  // Accepting the offer goes on to processing; the operator may re-quote an offer the customer let lapse.
  requoted: ['processing', 'refund_requested', 'requoted', 'refunded', 'cancelled'],
  refund_requested: ['refunded'],
  completed: [],
  cancelled: [],
  refunded: [],
};

/** A status nothing follows (completed, cancelled, refunded). */
export function isTerminal(status: ClaimStatus): boolean {
  return allowedTransitions[status].length === 0;
}

/**
 * Statuses in which only the customer can move the claim on (an expired claim until they report a late payment, an
 * offer until they answer it): the claim page need not poll while it shows one.
 */
export const customerTurn: readonly ClaimStatus[] = ['expired', 'requoted'];

/**
 * Whether the customer themself said they paid: "I have paid" (new -> paid) or a late payment (expired ->
 * late_payment). An operator can hold or process a claim nobody marked paid, and move a held one on to paid; only
 * this says "You marked this as paid" (the claim page, the status answer's message, the `paid` e-mail).
 */
export function customerMarkedPaid(history: readonly { status: string; actor: string }[]): boolean {
  return history.some((h) => h.actor === 'customer' && (h.status === 'paid' || h.status === 'late_payment'));
}
