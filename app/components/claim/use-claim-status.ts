import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { claimStatusSchema } from '../../../shared/schemas/exchange.ts';
import { apiUrl, getJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { customerTurn, isTerminal } from '../../../shared/claim-statuses.ts';

export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/**
 * How often an open claim page asks for its status while its live stream is down, the claim can still change and the
 * tab is visible.
 */
export const pollIntervalMs = 5000;
/** After the stream was refused or failed for good (limits, a restart), how long before the page opens it again. */
export const reopenStreamMs = 30_000;

const sameStatus = (a: ClaimStatus, b: ClaimStatus) =>
  a.status === b.status &&
  a.expiresAt === b.expiresAt &&
  a.history.length === b.history.length &&
  a.txid === b.txid &&
  a.offer?.validUntil === b.offer?.validUntil &&
  a.payout?.reference === b.payout?.reference;

/**
 * The claim's live status (docs/decisions/0021-live-status.md). The server pushes every change over
 * GET /api/v1/claim/{id}/events/ (EventSource, which reconnects by itself and resumes with Last-Event-ID). While that
 * stream is not open (connecting, refused, failed, or no EventSource at all), the page polls GET .../status/ instead:
 * every 5 s while the claim is not final and the tab is visible, at once when the tab comes back (visibility or
 * focus); a stream refused for good is tried again after 30 s. The page may also ask (`refresh`: the deadline passed,
 * a confirm). Everything stops on a final status. The newest poll wins: a slower earlier answer never overwrites it.
 */
export function useClaimStatus(uuid: string, initial: ClaimStatus) {
  const locale = useLocale();
  const [status, setStatus] = useState(initial);
  const inFlight = useRef<AbortController | null>(null);
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);

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

  // Nothing follows a terminal status. Polling: only the customer moves an expired claim or an offer on, so no timer
  // then (the customer's own action sets the next status with `assume`, and polling resumes), but a tab they come back
  // to still asks once — an operator may have re-quoted a lapsed offer or refunded meanwhile. The stream stays open in
  // those statuses: it costs nothing while nothing happens.
  const final = isTerminal(status.status);
  const waitsForCustomer = customerTurn.includes(status.status);

  useEffect(() => {
    if (final || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(locale, `/api/v1/claim/${encodeURIComponent(uuid)}/events/`));
    let reopen: ReturnType<typeof setTimeout> | null = null;
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('status', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as ClaimStatus;
      setStatus((previous) => (sameStatus(previous, next) ? previous : next));
    });
    source.addEventListener('error', () => {
      // Reconnecting (EventSource retries by itself) or refused for good: poll meanwhile.
      setLive(false);
      if (source.readyState === EventSource.CLOSED && !reopen) {
        reopen = setTimeout(() => setAttempt((n) => n + 1), reopenStreamMs);
      }
    });
    return () => {
      source.close();
      if (reopen) clearTimeout(reopen);
      setLive(false);
    };
  }, [uuid, locale, final, attempt]);

  useEffect(() => {
    if (final || live) return;
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
  }, [final, live, waitsForCustomer, refresh]);

  useEffect(() => () => inFlight.current?.abort(), []);

  /** What the page knows before the server says it (the confirm's own answer): the next event or poll brings the history. */
  const assume = useCallback((next: ClaimStatus['status']) => {
    setStatus((previous) => ({ ...previous, status: next }));
  }, []);

  return { status, refresh, assume };
}
