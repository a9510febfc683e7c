import Big from 'big.js';
import {
  courseFromSource,
  fromMax,
  fromMin,
  plain,
  receiveFor,
  sendCovering,
} from '../../../shared/exchange/calculator.ts';
import { coursesOf, quote, type PriceTerms, type Quote } from '../../../shared/exchange/quote.ts';
import type { PairForCheck } from '../../../shared/exchange/claim-check.ts';
import { exampleIn, type RequisiteInput } from '../../../shared/exchange/requisites.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { CurrencyItem, PairSettings } from '../../../shared/schemas/exchange.ts';
import type { Tx } from '../../db/client.ts';
import type { LocalizedText } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isRateStale, staleAt, type RateAgeFields } from './stale.ts';
import type { HotCache } from './cache.ts';
import type { CalculatorRepository, CurrencyRow, DirectionPatch, DirectionRow, Versioned } from './repository.ts';

/** The 'maintenance' setting (GET /calculator/tech/): while on, claim creation is refused with its message. */
export type MaintenanceSetting = { enabled: boolean; message: LocalizedText };
export const maintenanceKey = 'maintenance';

const pick = (text: LocalizedText, locale: Locale) => text[locale] || text.ru;

/** A direction's course for guests: manual, or the source's rate lowered by the markup. Null when not priced. */
export function directionCourse(d: DirectionRow): string | null {
  if (d.courseMode === 'manual') return d.courseManual === null ? null : plain(d.courseManual);
  if (d.sourceRate === null) return null;
  return courseFromSource(d.sourceRate, d.markupPercent);
}

/**
 * What a direction's price is made of for a visitor (`customer`: logged in, so the pair's bonus applies). Null when
 * the direction is not priced.
 */
function priceTerms(d: DirectionRow, customer: boolean): PriceTerms | null {
  const rate = d.courseMode === 'manual' ? d.courseManual : d.sourceRate;
  if (rate === null) return null;
  const manual = d.courseMode === 'manual';
  return {
    rate: plain(rate),
    source: manual ? 'manual' : (d.rateSource ?? 'source'),
    updatedAt: ((!manual && d.sourceUpdatedAt) || d.updatedAt).toISOString(),
    markupPercent: manual ? '0' : plain(d.markupPercent),
    bonusPercent: customer ? plain(d.bonusPercent) : '0',
    fees: { from: plain(d.fromFee), to: plain(d.toFee) },
  };
}

/** The course a customer gets: the direction's, improved by the bonus for a logged-in customer. */
function customerCourse(d: DirectionRow, customer: boolean): string | null {
  const terms = priceTerms(d, customer);
  return terms && coursesOf(terms).customer;
}

const nullable = (v: string | null) => (v === null ? null : plain(v));

export interface Catalogue {
  currencies: Versioned<CurrencyRow>[];
  byId: Map<number, Versioned<CurrencyRow>>;
  byCode: Map<string, Versioned<CurrencyRow>>;
  directions: Versioned<DirectionRow>[];
  /** Directions a customer can use: active, priced, both sides visible. */
  usable: Versioned<DirectionRow>[];
  /** Why each other direction is not offered (the rates export's console report reads it). */
  unusable: Map<number, UnusableReason>;
}

/**
 * Why a direction is not on sale: switched off (or a side hidden), no payment details, no course, a stale rate, or a
 * reserve that cannot pay out even the least amount a claim may send.
 */
export type UnusableReason = 'off' | 'no_details' | 'unpriced' | 'stale' | 'no_reserve';

/**
 * The most a claim on `d` (priced) may send now: its limit, or what `to`'s reserve can pay out, fees included, as the
 * calculator clamps an amount (a claim for it is taken; above it the reserve refuses one, field_reserve_exceeded).
 * Null when that is below the direction's minimum or buys nothing: no amount the form allows could be paid out, so the
 * calculator offered "Min 54.32 USDT, Max 11.19 USDT" and a receive amount past the reserve.
 */
export function sendableMax(d: DirectionRow, to: Pick<CurrencyRow, 'reserve'>): Big | null {
  const pair = {
    course: directionCourse(d)!,
    from: { min: d.fromMin, max: d.fromMax, roundCalculator: d.fromRound },
    to: { min: d.toMin, max: d.toMax, roundCalculator: d.toRound },
    breakdown: { fees: { from: d.fromFee, to: d.toFee } },
  };
  const min = fromMin(pair);
  const byReserve = sendCovering(pair, to.reserve) ?? new Big(0);
  const limit = fromMax(pair);
  const max = limit === null || limit.gt(byReserve) ? byReserve : limit;
  // An empty reserve still "covers" the fees: nothing a claim could receive is on sale.
  const empty = new Big(to.reserve).lte(0) || max.lte(0) || (min !== null && min.gt(max));
  return empty || new Big(receiveFor(pair, plain(max))).lte(0) ? null : max;
}

/** The one rule of what a customer can buy now (the calculator's lists and the rates export both apply it). */
function unusableReason(
  d: DirectionRow,
  byId: Map<number, CurrencyRow>,
  payable: Set<number>,
  now: Date,
  defaultRateAge: number,
): UnusableReason | null {
  const from = byId.get(d.fromCurrencyId);
  const to = byId.get(d.toCurrencyId);
  if (!d.active || !from?.sendVisible || !to?.receiveVisible) return 'off';
  // A currency with no payment details switched on cannot be paid in: its directions are not offered (a claim would be
  // refused with `no_payment_details`, after the customer filled in the whole form).
  if (!payable.has(d.fromCurrencyId)) return 'no_details';
  if (directionCourse(d) === null) return 'unpriced';
  if (isRateStale(d, defaultRateAge, now)) return 'stale';
  if (!sendableMax(d, to)) return 'no_reserve';
  return null;
}

/**
 * A course in monitors' notation: "give 1 get N" or, for courses under 1, "give N get 1" (so neither side is a tiny
 * fraction a monitor would round away).
 */
export function monitorNotation(course: string): { in: string; out: string } {
  const big = new Big(course);
  // Eight places on both sides, as monitors' importers store a course (the course itself kept all 18, so one pair's
  // `out` read 1.052851711026615969 beside every other's eight): `out` rounded down and `in` up, never a better
  // course than the claim's own.
  return big.gte(1)
    ? { in: '1', out: plain(big.round(8, Big.roundDown)) }
    : { in: plain(new Big(1).div(big).round(8, Big.roundUp)), out: '1' };
}

export interface CalculatorServiceOptions {
  cache: HotCache;
  /**
   * How long an unpaid claim holds its rate when the direction sets none: PAYMENT_WINDOW_MINUTES or the admin's
   * site setting (read per answer; a change invalidates the cache).
   */
  paymentWindowMinutes: () => number;
  /**
   * How old a source rate may get when the direction sets no limit of its own: RATES_MAX_AGE_MINUTES or the admin's
   * site setting (read per catalogue; a change invalidates the cache).
   */
  maxRateAgeMinutes: () => number;
}

export function calculatorService(repo: CalculatorRepository, opts: CalculatorServiceOptions) {
  const { cache } = opts;
  let snapshot: Promise<Catalogue> | null = null;
  // The soonest moment a source rate in the snapshot goes stale: the snapshot is rebuilt then (issue 6 §4).
  let snapshotStaleAt = Infinity;
  // Origins of https logos in the last catalogue read: the CSP's img-src allows them (read synchronously per request,
  // so it is the last known list: after a logo change, the first page built before the catalogue is read again misses
  // it once).
  let logoOrigins = "'self'";
  cache.onInvalidate(() => {
    snapshot = null;
  });

  /** Currencies and directions, read once per change (they are small; every public answer derives from them). */
  function catalogue(): Promise<Catalogue> {
    if (Date.now() >= snapshotStaleAt) snapshot = null;
    snapshot ??= (async () => {
      const [currencies, directions, payable] = await Promise.all([
        repo.listCurrencies(),
        repo.listDirections(),
        repo.payableCurrencyIds(),
      ]);
      const now = new Date();
      const defaultRateAge = opts.maxRateAgeMinutes();
      snapshotStaleAt = Math.min(
        Infinity,
        ...directions.map((d) => staleAt(d, defaultRateAge)?.getTime() ?? Infinity).filter((t) => t > now.getTime()),
      );
      const byId = new Map(currencies.map((c) => [c.id, c]));
      const origins = currencies.filter((c) => c.logo.startsWith('https://') && URL.canParse(c.logo));
      logoOrigins = [...new Set(origins.map((c) => new URL(c.logo).origin))].join(' ') || "'self'";
      const usable: Versioned<DirectionRow>[] = [];
      const unusable = new Map<number, UnusableReason>();
      for (const d of directions) {
        const reason = unusableReason(d, byId, payable, now, defaultRateAge);
        if (reason) unusable.set(d.id, reason);
        else usable.push(d);
      }
      const byCode = new Map(currencies.map((c) => [c.code, c]));
      return { currencies, byId, byCode, directions, usable, unusable };
    })();
    snapshot.catch(() => {
      snapshot = null;
    });
    return snapshot;
  }

  function currencyItem(c: CurrencyRow, cat: Catalogue, locale: Locale): CurrencyItem {
    return {
      id: c.id,
      code: c.code,
      name: pick(c.name, locale),
      symbol: c.symbol,
      kind: c.kind,
      network: c.network,
      decimals: c.decimals,
      logo: c.logo,
      from: { visible: c.sendVisible },
      to: { visible: c.receiveVisible },
      ids: cat.usable.filter((d) => d.fromCurrencyId === c.id).map((d) => d.toCurrencyId),
    };
  }

  const list = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

  const inputsFor = (inputs: RequisiteInput[], locale: Locale) =>
    inputs.map(({ exampleEn, ...i }) => ({
      ...i,
      label: pick(i.label, locale),
      example: exampleIn({ example: i.example, exampleEn }, locale),
    }));

  function pairSettings(
    d: DirectionRow,
    from: CurrencyRow,
    to: CurrencyRow,
    locale: Locale,
    customer: boolean,
  ): PairSettings {
    return {
      fromCurrencyId: from.id,
      toCurrencyId: to.id,
      course: customerCourse(d, customer)!,
      bonus: plain(d.bonusPercent),
      paymentWindowMinutes: d.paymentWindowMinutes ?? opts.paymentWindowMinutes(),
      from: {
        min: nullable(d.fromMin),
        max: nullable(d.fromMax),
        roundCalculator: d.fromRound,
        notify: pick(d.fromNotify, locale),
      },
      to: {
        min: nullable(d.toMin),
        max: nullable(d.toMax),
        roundCalculator: d.toRound,
        notify: pick(d.toNotify, locale),
        reserve: plain(to.reserve),
      },
      structure: {
        from: { currency: from.code, network: from.network, inputs: inputsFor(from.fromInputs, locale) },
        to: { currency: to.code, network: to.network, inputs: inputsFor(to.toInputs, locale) },
      },
      breakdown: priceTerms(d, customer)!,
    };
  }

  /** A direction and its currencies from the catalogue, whatever their state (the caller judges it). */
  async function cachedPair(fromId: number, toId: number) {
    const cat = await catalogue();
    const direction = cat.directions.find((x) => x.fromCurrencyId === fromId && x.toCurrencyId === toId);
    const from = cat.byId.get(fromId);
    const to = cat.byId.get(toId);
    return direction && from && to ? { direction, from, to } : null;
  }

  async function findUsable(fromId: number, toId: number) {
    const cat = await catalogue();
    const d = cat.usable.find((x) => x.fromCurrencyId === fromId && x.toCurrencyId === toId);
    if (!d) return null;
    return { d, from: cat.byId.get(fromId)!, to: cat.byId.get(toId)! };
  }

  return {
    cache,
    catalogue,
    /**
     * When the soonest source rate of the last catalogue read goes stale (ms since the epoch; Infinity: none will).
     * What was built from that catalogue (a cached page) must not outlive it: nothing announces that moment.
     */
    nextRateStaleAt: () => snapshotStaleAt,
    /** The CSP img-src entries for currencies' https logos (`'self'` when there are none). */
    logoOrigins: () => logoOrigins,
    /** The staleness rule with the site's default limit (stale.ts), for the console and the rates export. */
    rateAge: {
      defaultMinutes: () => opts.maxRateAgeMinutes(),
      staleAt: (d: RateAgeFields) => staleAt(d, opts.maxRateAgeMinutes()),
      isStale: (d: RateAgeFields, now?: Date) => isRateStale(d, opts.maxRateAgeMinutes(), now),
    },

    /** GET /calculator/: every currency shown on either side, with the ids it can be exchanged into. */
    async directions(locale: Locale) {
      const cat = await catalogue();
      return list(
        cat.currencies.filter((c) => c.sendVisible || c.receiveVisible).map((c) => currencyItem(c, cat, locale)),
      );
    },

    /** GET /calculator/from/: what can be sent (visible, with at least one usable direction). */
    async fromList(locale: Locale) {
      const cat = await catalogue();
      const senders = new Set(cat.usable.map((d) => d.fromCurrencyId));
      return list(cat.currencies.filter((c) => senders.has(c.id)).map((c) => currencyItem(c, cat, locale)));
    },

    /** GET /calculator/from/{fromId}/: what can be received for it; null when it cannot be sent at all. */
    async toList(fromId: number, locale: Locale) {
      const cat = await catalogue();
      const from = cat.byId.get(fromId);
      if (!from?.sendVisible) return null;
      const targets = new Set(cat.usable.filter((d) => d.fromCurrencyId === fromId).map((d) => d.toCurrencyId));
      return list(cat.currencies.filter((c) => targets.has(c.id)).map((c) => currencyItem(c, cat, locale)));
    },

    /** `customer`: the visitor is logged in, so the course carries the pair's bonus. */
    async pair(fromId: number, toId: number, locale: Locale, customer = false): Promise<PairSettings | null> {
      const found = await findUsable(fromId, toId);
      return found ? pairSettings(found.d, found.from, found.to, locale, customer) : null;
    },

    async course(fromId: number, toId: number) {
      const found = await findUsable(fromId, toId);
      if (!found) return null;
      const course = directionCourse(found.d)!;
      return {
        fromCurrencyId: fromId,
        toCurrencyId: toId,
        course,
        ...monitorNotation(course),
        updatedAt: (found.d.sourceUpdatedAt ?? found.d.updatedAt).toISOString(),
      };
    },

    async reserves(locale: Locale) {
      const cat = await catalogue();
      return list(
        cat.currencies
          .filter((c) => c.receiveVisible)
          .map((c) => ({
            id: c.id,
            code: c.code,
            name: pick(c.name, locale),
            symbol: c.symbol,
            reserve: plain(c.reserve),
          })),
      );
    },

    /** `?cur_from=CODE&cur_to=CODE` of monitors: the ids the calculator preselects (null when unknown or hidden). */
    async exchangeAttributes(curFrom: string | undefined, curTo: string | undefined) {
      const cat = await catalogue();
      const from = curFrom ? cat.byCode.get(curFrom.toUpperCase()) : undefined;
      const to = curTo ? cat.byCode.get(curTo.toUpperCase()) : undefined;
      return {
        fromCurrencyId: from?.sendVisible ? from.id : null,
        toCurrencyId: to?.receiveVisible ? to.id : null,
      };
    },

    async maintenance(tx?: Tx): Promise<MaintenanceSetting> {
      const value = await repo.getSetting<Partial<MaintenanceSetting>>(maintenanceKey, tx);
      return { enabled: value?.enabled === true, message: value?.message ?? { ru: '', en: '' } };
    },

    /**
     * GET /calculator/tech/ and the home page's render: the flag from the hot cache (every change of it invalidates),
     * not a query per page. Claim creation still reads it fresh (`maintenance()`).
     */
    async tech(locale: Locale) {
      const m = await cache.ready('setting:maintenance', () => this.maintenance());
      return { maintenance: m.enabled, message: m.enabled ? pick(m.message, locale) : '' };
    },

    /* Changes (the operator console and the rate refresh call these): each drops the hot answers. */

    /** A setting written inside the caller's transaction (the console audits it there); invalidate after commit. */
    putSetting: (key: string, value: unknown, tx: Tx) => repo.putSetting(key, value, tx),

    async setMaintenance(value: MaintenanceSetting) {
      await repo.putSetting(maintenanceKey, value);
      cache.invalidate();
    },

    async updateDirection(id: number, patch: DirectionPatch) {
      const row = await repo.updateDirection(id, patch);
      cache.invalidate();
      return row;
    },

    async setSourceRate(source: string, rate: string) {
      const rows = await repo.setSourceRate(source, plain(rate));
      cache.invalidate();
      return rows.length;
    },

    async setReserve(currencyId: number, reserve: string) {
      const row = await repo.setReserve(currencyId, plain(reserve));
      cache.invalidate();
      return row;
    },

    /**
     * The pair as claim creation prices it. `fresh`: read from the database now; otherwise from the in-memory catalogue,
     * which is only as good as its last invalidation: the claim's INSERT then goes through only while the rows still
     * carry the versions priced from (`versions`), so a cached course never prices money
     * (docs/decisions/0029-claims-at-database-speed.md). Null when the direction is missing, disabled, hidden or
     * unpriced.
     */
    async pairForClaim(
      fromId: number,
      toId: number,
      source: { fresh: true; tx: Tx } | { fresh: false },
      userId?: number,
    ) {
      const found = source.fresh ? await repo.findPair(fromId, toId, source.tx) : await cachedPair(fromId, toId);
      if (!found) return null;
      const { direction: d, from, to } = found;
      if (!d.active || !from.sendVisible || !to.receiveVisible) return null;
      // The clock moves on, the rows do not: judged on every claim, whatever is remembered. A direction without a
      // fetched rate is unpriced (null below), not stale.
      if (d.sourceRate !== null && isRateStale(d, opts.maxRateAgeMinutes())) throw new AppError('direction_rate_stale');
      const customer = userId !== undefined;
      const who = customer ? 'customer' : 'guest';
      let made = source.fresh ? undefined : pricedFromCatalogue.get(d)?.[who];
      if (made?.from !== from || made.to !== to) {
        made = pricedPair(d, from, to, customer) ?? undefined;
        if (!made) return null;
        if (!source.fresh) pricedFromCatalogue.set(d, { ...pricedFromCatalogue.get(d), [who]: made });
      }
      const { pair, terms } = made;
      return {
        pair,
        direction: d,
        from,
        to,
        versions: { direction: d.version, from: from.version, to: to.version },
        paymentWindowMinutes: d.paymentWindowMinutes ?? opts.paymentWindowMinutes(),
        /** The one server function of a price: this pair, an amount and the customer's promocode, broken down. */
        quote: (send: string, promocodePercent = '0'): Quote => quote(pair, terms, send, promocodePercent),
      };
    },

    /**
     * The maintenance flag as claim creation reads it: kept with the hot answers (every change of it invalidates them);
     * the claim's INSERT checks the setting itself.
     */
    cachedMaintenance(): Promise<MaintenanceSetting> {
      return cache.ready('setting:maintenance', () => this.maintenance());
    },
  };
}
export type CalculatorService = ReturnType<typeof calculatorService>;

/**
 * A direction's pair as claims are checked against it (course, limits, fees, reserve, inputs), and its price terms;
 * null when it has no course. Built from the rows alone, so the catalogue's rows (kept until the next invalidation)
 * each need it built once: `pricedFromCatalogue` (a claim priced it twice in ~25 decimal operations, ~10 % of its CPU).
 */
function pricedPair(d: DirectionRow, from: CurrencyRow, to: CurrencyRow, customer: boolean) {
  const course = customerCourse(d, customer);
  if (course === null) return null;
  const terms = priceTerms(d, customer)!;
  const pair: PairForCheck = {
    course,
    from: { min: nullable(d.fromMin), max: nullable(d.fromMax), roundCalculator: d.fromRound },
    to: { min: nullable(d.toMin), max: nullable(d.toMax), roundCalculator: d.toRound },
    breakdown: terms,
    reserve: plain(to.reserve),
    structure: {
      from: { network: from.network, inputs: from.fromInputs },
      to: { network: to.network, inputs: to.toInputs },
    },
  };
  return { pair, terms, from, to };
}

/** `pricedPair` of each catalogue direction row, for guests and for customers (the rows are replaced, never changed). */
const pricedFromCatalogue = new WeakMap<
  DirectionRow,
  Partial<Record<'guest' | 'customer', NonNullable<ReturnType<typeof pricedPair>>>>
>();
