import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';

/** Pure pieces of the claim page (/claim/{uuid}): countdown text, status groups, dates, known reasons. */

/** How the page presents a status: the badge colour and which panel it shows. */
export type StatusTone = 'waiting' | 'progress' | 'success' | 'warning' | 'danger' | 'muted';

export const statusTone: Record<ClaimStatusValue, StatusTone> = {
  new: 'waiting',
  paid: 'progress',
  processing: 'progress',
  completed: 'success',
  hold: 'warning',
  expired: 'muted',
  cancelled: 'danger',
  // The money went back as asked: done, not a failure (a red box with "!" read as an error).
  refunded: 'muted',
  error: 'danger',
  late_payment: 'progress',
  requoted: 'waiting',
  refund_requested: 'progress',
};

/**
 * Time left as mm:ss ('29:05'), h:mm:ss past an hour ('1:02:03'); never negative. Whole seconds round up, so the
 * display reaches 00:00 only when the deadline has really passed.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * Minutes-left marks a screen reader hears (the visible timer itself is silent): the mark just crossed, or null.
 * `previousMs` null means the first reading, which announces nothing (the page already says how long is left).
 */
const countdownMarks = [10, 5, 1] as const;
export function crossedMark(previousMs: number | null, ms: number): number | null {
  if (previousMs === null) return null;
  for (const mark of [...countdownMarks].reverse()) {
    const at = mark * 60_000;
    if (previousMs > at && ms <= at) return mark;
  }
  return null;
}

/**
 * Reasons the server itself writes into the history (server/modules/claims/service.ts) are in English for every
 * customer: the page shows them in the page's language. An operator's own words are shown as written.
 */
const systemReasons = {
  created: 'created',
  'customer marked the claim paid': 'markedPaid',
  'payment window passed': 'windowPassed',
  // After the window (server/modules/claims/after-window.ts).
  'customer paid late': 'paidLate',
  'customer accepted the offer': 'acceptedOffer',
  'customer asked for a refund': 'askedRefund',
} as const;
export type SystemReason = (typeof systemReasons)[keyof typeof systemReasons];

export function systemReason(reason: string | null): SystemReason | null {
  if (!reason) return null;
  return Object.hasOwn(systemReasons, reason) ? systemReasons[reason as keyof typeof systemReasons] : null;
}

/**
 * A known reason's catalogue key (`timeline.reason.*`): the customer's acceptance of an offer of the claim's own terms
 * (`confirmed`, shared/exchange/claim-display.ts `ownTermsRows`) confirmed the order, it accepted no new rate.
 */
export function reasonKey(known: SystemReason, confirmed: boolean) {
  return `timeline.reason.${confirmed && known === 'acceptedOffer' ? 'confirmedOffer' : known}` as const;
}

/** The reason given for the claim's current status (the latest history row that set it), e.g. why it is on hold. */
export function currentReason(
  history: readonly { status: ClaimStatusValue; reason: string | null }[],
  status: ClaimStatusValue,
): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const row = history[i]!;
    if (row.status === status) return row.reason;
  }
  return null;
}
