import type { CurrencyItem, PairSettings, Tech } from '../../../shared/schemas/exchange.ts';

/**
 * What the home page's loader gives the calculator: everything the first paint shows, from the services in-process.
 * It is inlined into the HTML, so currencies go in a compact form.
 */

export interface CurrencyOption {
  id: number;
  code: string;
  name: string;
  symbol: string;
  /** The currency's own decimal places: amounts are written with them (shared/format.ts). */
  decimals: number;
  kind: CurrencyItem['kind'];
  network: string | null;
  logo: string;
  /** Whether it can be sent (visible on the send side with at least one usable direction). */
  send: boolean;
  /** What it can be exchanged into. */
  ids: number[];
}

export interface ExchangeInitial {
  /** Every currency of either side, in the operator's order. */
  currencies: CurrencyOption[];
  fromId: number | null;
  toId: number | null;
  pair: PairSettings | null;
  tech: Tech;
  /**
   * The address asked for a pair (`?cur_from=&cur_to=`, a monitor's link) that cannot be had right now (unknown, off
   * sale, its rate stale): the form says so beside the pair it opened instead, rather than swapping it unseen.
   */
  linkUnavailable?: boolean;
}

export function toOption(c: CurrencyItem): CurrencyOption {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    decimals: c.decimals,
    kind: c.kind,
    network: c.network,
    logo: c.logo,
    send: c.from.visible && c.ids.length > 0,
    ids: c.ids,
  };
}

/** What can be received for `from`, in the operator's order (the order of GET /calculator/from/{id}/). */
export function receiveOptions(currencies: CurrencyOption[], from: CurrencyOption | undefined): CurrencyOption[] {
  if (!from) return [];
  const ids = new Set(from.ids);
  return currencies.filter((c) => ids.has(c.id));
}

/**
 * The preselected pair (docs/product/behaviour.md): the `cur_from`/`cur_to` currencies when they exist and go together, else the first
 * send currency and the first it can be exchanged into. A known `cur_to` alone picks the first currency sending to it.
 */
export function pickPair(
  currencies: CurrencyOption[],
  wanted: { fromId: number | null; toId: number | null },
): { fromId: number | null; toId: number | null } {
  const senders = currencies.filter((c) => c.send);
  const from =
    senders.find((c) => c.id === wanted.fromId) ??
    (wanted.toId !== null ? senders.find((c) => c.ids.includes(wanted.toId!)) : undefined) ??
    senders[0];
  if (!from) return { fromId: null, toId: null };
  const targets = receiveOptions(currencies, from);
  const to = targets.find((c) => c.id === wanted.toId) ?? targets[0];
  return { fromId: from.id, toId: to?.id ?? null };
}

/** The calculator service's part the loader needs (server/modules/calculator/service.ts). */
interface CalculatorReads {
  directions(locale: 'ru' | 'en'): Promise<{ results: CurrencyItem[] }>;
  exchangeAttributes(
    curFrom: string | undefined,
    curTo: string | undefined,
  ): Promise<{ fromCurrencyId: number | null; toCurrencyId: number | null }>;
  pair(fromId: number, toId: number, locale: 'ru' | 'en', customer?: boolean): Promise<PairSettings | null>;
  tech(locale: 'ru' | 'en'): Promise<Tech>;
}

/**
 * The calculator's first state for `?cur_from=CODE&cur_to=CODE` (monitor codes, as GET /calculator/settings/).
 * `customer`: the visitor is logged in, so the pair's course carries the bonus from the first paint. Priced as a guest,
 * a customer read the guests' rate beside "bonus for registered customers" until the form's code woke on a touch
 * (exchange-island.tsx) and asked for their own; the bonus is the same for every customer, so the page cache still
 * keeps one copy per role (docs/decisions/0036).
 */
export async function loadExchange(
  calculator: CalculatorReads,
  locale: 'ru' | 'en',
  query: URLSearchParams,
  customer = false,
): Promise<ExchangeInitial> {
  const curFrom = query.get('cur_from')?.slice(0, 32) || undefined;
  const curTo = query.get('cur_to')?.slice(0, 32) || undefined;
  const [list, attributes, tech] = await Promise.all([
    calculator.directions(locale),
    calculator.exchangeAttributes(curFrom, curTo),
    calculator.tech(locale),
  ]);
  const currencies = list.results.map(toOption);
  const { fromId, toId } = pickPair(currencies, {
    fromId: attributes.fromCurrencyId,
    toId: attributes.toCurrencyId,
  });
  const pair = fromId !== null && toId !== null ? await calculator.pair(fromId, toId, locale, customer) : null;
  const linkUnavailable =
    (curFrom !== undefined && attributes.fromCurrencyId !== fromId) ||
    (curTo !== undefined && attributes.toCurrencyId !== toId);
  return { currencies, fromId, toId, pair, tech, ...(linkUnavailable ? { linkUnavailable } : {}) };
}
