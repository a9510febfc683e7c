import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { defaultExchangeTimeZone, formatDateTime } from '../../shared/format.ts';
import type { RootData } from '../root.tsx';
import { useLocale } from './locale.ts';

const noChange = () => () => {};
const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const serverZone = () => 'UTC';

/**
 * The zone public pages write times in: the visitor's own. The server cannot know it, so the server render and the
 * hydration write UTC (named, so never wrong), and React renders again with the browser's zone right after hydrating
 * (useSyncExternalStore's server snapshot): no hydration mismatch, and the text only changes its hour.
 */
export function useVisitorTimeZone(): string {
  return useSyncExternalStore(noChange, visitorZone, serverZone);
}

/** The exchange's zone (EXCHANGE_TIME_ZONE): the console writes times in it, as the e-mails do. */
export function useExchangeTimeZone(): string {
  return useRouteLoaderData<RootData>('root')?.site.exchangeTimeZone ?? defaultExchangeTimeZone;
}

/**
 * A day alone (a news item's date, a content page's "updated"): the exchange's calendar day (EXCHANGE_TIME_ZONE), on
 * the server, in the browser and in the console alike ("25 нояб. 2026 г." for 00:05 in Moscow, 21:05 UTC the day
 * before). A day names no zone, so it is the site's own, not the visitor's: a guest's page comes from the page cache,
 * one copy for every visitor (docs/decisions/0026), and a visitor's zone applied after hydration would change the day
 * under the reader around midnight. Moments with a time (a claim's) are the visitor's, named (docs/i18n.md).
 */
export function useCalendarDate(): (iso: string | Date) => string {
  const zone = useExchangeTimeZone();
  const locale = useLocale();
  return (iso) => formatDateTime(iso, locale, zone, 'date');
}

/**
 * The console's way of writing a moment: in the exchange's zone, named ("24 нояб. 2026 г., 14:05 (UTC+3)"), the same
 * on the server and in the browser whatever zone the operator's computer is in.
 */
export function useConsoleTime(): (iso: string | Date, withSeconds?: boolean) => string {
  const zone = useExchangeTimeZone();
  const locale = useLocale();
  return (iso, withSeconds = false) => formatDateTime(iso, locale, zone, withSeconds ? 'datetime-seconds' : 'datetime');
}
