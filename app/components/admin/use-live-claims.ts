import { useEffect, useEffectEvent } from 'react';
import { useRevalidator } from 'react-router';
import { apiUrl } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';

/** How long a burst of changes is gathered before the page reads itself again (one read, not one per claim). */
export const gatherMs = 300;
/** While the stream is down, how often the page reads itself again anyway. */
export const fallbackPollMs = 15_000;

/**
 * Keeps a console page's claims current (docs/decisions/0021-live-status.md): the console's stream
 * (GET /api/v1/admin/claims/events/, authenticated by the session cookie) says when a claim is created or changes
 * status, and the page runs its loaders again. Every (re)connection reads once too, for what happened while it was
 * away. While the stream is down the page reads itself every 15 s.
 */
export function useLiveClaims() {
  const locale = useLocale();
  const revalidator = useRevalidator();
  // The revalidator changes identity with its state; the stream must not reopen for that.
  const revalidate = useEffectEvent(() => void revalidator.revalidate());

  useEffect(() => {
    let gathering: ReturnType<typeof setTimeout> | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;
    const soon = () => {
      gathering ??= setTimeout(() => {
        gathering = null;
        revalidate();
      }, gatherMs);
    };
    const polling = (on: boolean) => {
      if (on && !poll) poll = setInterval(soon, fallbackPollMs);
      if (!on && poll) {
        clearInterval(poll);
        poll = null;
      }
    };
    if (typeof EventSource === 'undefined') {
      polling(true);
      return () => polling(false);
    }
    let first = true;
    const source = new EventSource(apiUrl(locale, '/api/v1/admin/claims/events/'));
    source.addEventListener('ready', () => {
      polling(false);
      // The page was rendered just now: only a reconnection may have missed something.
      if (!first) soon();
      first = false;
    });
    source.addEventListener('claim', soon);
    // Reconnecting (every ACCESS_TOKEN_TTL the server ends the stream to check the role again) or refused.
    source.addEventListener('error', () => polling(true));
    return () => {
      source.close();
      polling(false);
      if (gathering) clearTimeout(gathering);
    };
  }, [locale]);
}
