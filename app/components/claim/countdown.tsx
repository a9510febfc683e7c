import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Timer } from '../icons/timer.tsx';
import { useLocale } from '../../lib/locale.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import { crossedMark, formatCountdown } from './claim-format.ts';

/** Past this difference the browser's clock is wrong, not just late by the page load: count on the server's time. */
export const clockSkewToleranceMs = 30_000;

/**
 * The payment deadline as a running mm:ss timer. The first render uses the server's time (`serverNow`), so the
 * server's HTML and the hydrating browser print the same text; then it ticks on the browser's clock. The visible
 * timer is silent for screen readers (role=timer); they hear the 10, 5 and 1 minute marks only. `onExpire` runs once
 * when it reaches zero (the page then asks the server, which decides).
 */
export function Countdown({
  deadline,
  serverNow,
  onExpire,
  texts = 'countdown',
}: {
  deadline: string;
  serverNow: number;
  onExpire: () => void;
  /** Whose deadline: the payment window's (default) or a re-quote offer's. */
  texts?: 'countdown' | 'offerCountdown';
}) {
  // An offer's texts are the panels' (claimPanels): the offer panel, the one place that shows them, has loaded them.
  const { t: tClaim } = useTranslation('claim');
  const { t: tPanels } = useTranslation('claimPanels');
  // Stable while its namespaces are (the timer's effect depends on it).
  const t = useCallback(
    (key: 'label' | 'until' | 'over' | 'minutesLeft', vars?: { time?: string; count?: number }) =>
      texts === 'offerCountdown' ? tPanels(`offerCountdown.${key}`, vars) : tClaim(`countdown.${key}`, vars),
    [texts, tClaim, tPanels],
  );
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  const labelId = useId();
  const end = Date.parse(deadline);
  const [now, setNow] = useState(serverNow);
  const [announcement, setAnnouncement] = useState('');
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    const skew = serverNow - Date.now();
    const offset = Math.abs(skew) > clockSkewToleranceMs ? skew : 0;
    let previous: number | null = null;
    const tick = () => {
      const current = Date.now() + offset;
      const left = end - current;
      setNow(current);
      const mark = crossedMark(previous, left);
      if (mark !== null) setAnnouncement(t('minutesLeft', { count: mark }));
      previous = left;
      if (left <= 0) {
        clearInterval(timer);
        if (!expired.current) {
          expired.current = true;
          onExpireRef.current();
        }
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [end, serverNow, t, texts]);

  const left = end - now;
  return (
    <div className="rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200 lg:min-w-48">
      <p id={labelId} className="flex items-center gap-1.5 text-sm font-medium text-amber-900">
        <Timer aria-hidden="true" className="size-4" />
        {t('label')}
      </p>
      <p
        role="timer"
        aria-labelledby={labelId}
        className="mt-1 font-mono text-3xl font-bold tabular-nums text-ink"
        data-testid="countdown"
      >
        {formatCountdown(left)}
      </p>
      <p className="mt-1 text-sm text-amber-900">
        {left > 0 ? t('until', { time: formatDateTime(deadline, locale, zone, 'time') }) : t('over')}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
