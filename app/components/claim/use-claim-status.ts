import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { claimStatusSchema } from '../../../shared/schemas/exchange.ts';
import { apiUrl, getJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { customerTurn, isTerminal } from '../../../shared/claim-statuses.ts';

export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** How often an open claim page asks for its status while the claim can still change and the tab is visible. */
export const pollIntervalMs = 5000;

const sameStatus = (a: ClaimStatus, b: ClaimStatus) =>
  a.status === b.status &&
  a.expiresAt === b.expiresAt &&
  a.history.length === b.history.length &&
  a.txid === b.txid &&
  a.offer?.validUntil === b.offer?.validUntil &&
  a.payout?.reference === b.payout?.reference;

/**
 * The claim's live status. Redis pub/sub is the planned way to push it (docs/architecture.md); for now the page polls
 * GET /api/v1/claim/{id}/status/ instead: every 5 s while the claim is not final and the tab is visible, at once when
 * the tab comes back (visibility or focus), and whenever the page asks (`refresh`: the deadline passed, a confirm).
 * Polling stops for good on a final status. The newest request wins: a slower earlier answer never overwrites it.
 */
export function useClaimStatus(uuid: string, initial: ClaimStatus) {
  const locale = useLocale();
  const [status, setStatus] = useState(initial);
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const res = await getJson<ClaimStatus>(apiUrl(locale, `/api/v1/claim/${encodeURIComponent(uuid)}/status/`), {
        signal: controller.signal,
      });
      // A failed poll changes nothing on the page: the next one tries again.
      if (res.ok) setStatus((previous) => (sameStatus(previous, res.data) ? previous : res.data));
    } catch {
      // Aborted: a newer request or the page's unmount took over.
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [uuid, locale]);

  // Nothing follows a terminal status. Only the customer moves an expired claim or an offer on: no timer then (the
  // customer's own action sets the next status with `assume`, and polling resumes), but a tab they come back to still
  // asks once — an operator may have re-quoted a lapsed offer or refunded meanwhile, and the e-mail sent them here.
  const final = isTerminal(status.status);
  const waitsForCustomer = customerTurn.includes(status.status);
  useEffect(() => {
    if (final) return;
    const poll = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = waitsForCustomer ? null : setInterval(poll, pollIntervalMs);
    document.addEventListener('visibilitychange', poll);
    window.addEventListener('focus', poll);
    return () => {
      if (timer) clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
      window.removeEventListener('focus', poll);
    };
  }, [final, waitsForCustomer, refresh]);

  useEffect(() => () => inFlight.current?.abort(), []);

  /** What the page knows before the server says it (the confirm's own answer): the next poll brings the history. */
  const assume = useCallback((next: ClaimStatus['status']) => {
    setStatus((previous) => ({ ...previous, status: next }));
  }, []);

  return { status, refresh, assume };
}
