import { plain } from '../../../../shared/exchange/calculator.ts';
import { dayMs, defaultExchangeTimeZone, zoneOffsetMs } from '../../../../shared/format.ts';
import type { Dashboard } from '../../../../shared/schemas/admin-claims.ts';
import { claimStatusValues, type ClaimStatusValue } from '../../../../shared/schemas/exchange.ts';
import type { DashboardRepository } from './repository.ts';

/**
 * The start of `now`'s day in the exchange's zone (EXCHANGE_TIME_ZONE, the zone the console and the e-mails write
 * times in), and that day as YYYY-MM-DD. The zone's offset is read at `now`: a day that changes to or from summer time
 * starts at most an hour off, which a day's figures can bear.
 */
export function exchangeDay(now: Date, timeZone = defaultExchangeTimeZone): { start: Date; day: string } {
  const offset = zoneOffsetMs(now, timeZone);
  const midnight = Math.floor((now.getTime() + offset) / dayMs) * dayMs;
  return { start: new Date(midnight - offset), day: new Date(midnight).toISOString().slice(0, 10) };
}

/**
 * The active directions whose source rate is older than their own limit: the rates section's rule (issue 6 §4,
 * `adminRatesService.staleDirections`), the same one that stops their claims.
 */
export type StaleDirections = () => Promise<readonly unknown[]>;

/** The console's landing figures (issue 6 §7): today's claims, today's volume per direction, what waits for action. */
export function dashboardService(
  repo: DashboardRepository,
  opts: {
    now?: () => Date;
    /** EXCHANGE_TIME_ZONE: whose midnight starts "today". */
    timeZone?: string;
    staleDirections: StaleDirections;
    /** How many currencies have active directions but no payment detail switched on. */
    unpayableCurrencies: () => Promise<number>;
  },
) {
  const now = opts.now ?? (() => new Date());
  return {
    async read(): Promise<Dashboard> {
      const at = now();
      const { start, day } = exchangeDay(at, opts.timeZone);
      const [created, completed, waiting, withdrawals, staleRates, unpayable] = await Promise.all([
        repo.createdSince(start),
        repo.completedSince(start),
        repo.waiting(),
        repo.pendingWithdrawals(),
        opts
          .staleDirections()
          .then((list) => list.length)
          .catch(() => null),
        opts.unpayableCurrencies().catch(() => null),
      ]);
      const byStatus = Object.fromEntries(claimStatusValues.map((s) => [s, 0])) as Record<ClaimStatusValue, number>;
      for (const row of created) byStatus[row.status] = row.n;
      const ids = [...new Set(completed.flatMap((r) => [r.fromCurrencyId, r.toCurrencyId]))];
      const found = await repo.currencies(ids);
      const currency = (id: number) => found.find((c) => c.id === id) ?? { code: '?', symbol: '', decimals: 2 };
      const waitingOf = (status: ClaimStatusValue) => waiting.find((w) => w.status === status)?.n ?? 0;
      return {
        day,
        today: { count: created.reduce((sum, r) => sum + r.n, 0), byStatus },
        volume: completed.map((r) => ({
          directionId: r.directionId,
          from: {
            code: currency(r.fromCurrencyId).code,
            symbol: currency(r.fromCurrencyId).symbol,
            decimals: currency(r.fromCurrencyId).decimals,
            amount: plain(r.fromSum),
          },
          to: {
            code: currency(r.toCurrencyId).code,
            symbol: currency(r.toCurrencyId).symbol,
            decimals: currency(r.toCurrencyId).decimals,
            amount: plain(r.toSum),
          },
          count: r.n,
        })),
        waiting: {
          paid: waitingOf('paid'),
          processing: waitingOf('processing'),
          hold: waitingOf('hold'),
          error: waitingOf('error'),
          latePayment: waitingOf('late_payment'),
          refundRequested: waitingOf('refund_requested'),
          // Only lapsed offers are counted as waiting: a `requoted` claim with a live offer waits for the customer.
          offerLapsed: waitingOf('requoted'),
          withdrawals,
          staleRates,
          unpayable,
        },
      };
    },
  };
}
