import Big from 'big.js';
import { courseFromSource, invertPrice, plain } from '../../../../shared/exchange/calculator.ts';
import {
  knownRateSymbols,
  rateSourceNames,
  splitRateSource,
  type RateSourceName,
} from '../../../../shared/rate-sources.ts';
import type {
  RateDirection,
  RateHistoryItem,
  RateHistoryQuery,
  RateSourceProblem,
  RatesStatus,
  RefreshResult,
} from '../../../../shared/schemas/admin-rates.ts';
import type { Db } from '../../../db/client.ts';
import type { CalculatorService } from '../../calculator/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import { parseBinance } from './binance.ts';
import { parseCbr } from './cbr.ts';
import { parseEcb } from './ecb.ts';
import type { AdminRatesRepository, SourceFailureFacts } from './repository.ts';

/** A fetch that failed, with its kind decided where it failed: no text is classified afterwards. */
class SourceFailure extends Error {
  readonly problem: RateSourceProblem;
  constructor(message: string, problem: RateSourceProblem) {
    super(message);
    this.problem = problem;
  }
}

/** The stored facts of a failed fetch: the technical text (what the log says too) and its kind. */
function failureFacts(err: unknown): SourceFailureFacts {
  if (err instanceof SourceFailure) return { error: err.message, problem: err.problem };
  return { error: err instanceof Error ? err.message : String(err), problem: { kind: 'unreadable' } };
}

/** Each source's parser: the fetched bytes to rates by symbol. */
const parsers: Record<RateSourceName, (body: Uint8Array) => Map<string, string>> = {
  binance: (b) => parseBinance(new TextDecoder().decode(b)),
  // The CBR answers in windows-1251: the adapter decodes the bytes itself.
  cbr: (b) => parseCbr(b),
  ecb: (b) => parseEcb(new TextDecoder().decode(b)),
};

/**
 * A symbol's rate from a source's answer. A Binance pair asked the other way round ('RUBUSDT' for the listed
 * 'USDTRUB': a direction selling roubles for USDT) is the listed price inverted, to all 18 places a rate keeps.
 */
function lookupRate(source: RateSourceName, rates: Map<string, string>, symbol: string): string | null {
  const direct = rates.get(symbol);
  if (direct) return direct;
  if (source !== 'binance') return null;
  for (let i = 2; i <= symbol.length - 2; i++) {
    const listed = rates.get(symbol.slice(i) + symbol.slice(0, i));
    // Rounded up to the course's places (invertPrice): one over it reads the listed price again.
    if (listed) return invertPrice(listed);
  }
  return null;
}

interface RatesLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface AdminRatesServiceOptions {
  db: Db;
  repo: AdminRatesRepository;
  calculator: CalculatorService;
  audit: AuditService;
  urls: Record<RateSourceName, string>;
  refreshMinutes: number;
  /** Per-source fetch limit (a slow source must not hold the others). */
  timeoutMs?: number;
  log?: RatesLog;
  now?: () => Date;
}

/**
 * Rate sources (issue 6 §4): fetch Binance, the CBR and the ECB for the symbols directions name, keep every value in
 * the rate history, move the directions' source rates and drop the calculator's cached answers. A failing source is
 * a warning and its last error, never an exception into the site: its directions keep their last rate until it goes
 * stale (`maxRateAgeMinutes`), and then take no claims until a fresh one arrives.
 */
export function adminRatesService(opts: AdminRatesServiceOptions) {
  const { db, repo, calculator, audit } = opts;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 5000;
  let running: Promise<RefreshResult> | null = null;

  async function fetchSource(source: RateSourceName): Promise<Map<string, string>> {
    let res: Response;
    let body: Uint8Array;
    try {
      res = await fetch(opts.urls[source], {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json, application/xml, text/xml' },
      });
      body = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      // fetch() rejects with "fetch failed" when nothing came back (refused, reset, DNS), or with a TimeoutError.
      const text = err instanceof Error ? (err.name === 'TimeoutError' ? 'timeout' : err.message) : String(err);
      throw new SourceFailure(text, { kind: 'no_answer' });
    }
    if (!res.ok) throw new SourceFailure(`HTTP ${res.status}`, { kind: 'http_status', status: res.status });
    try {
      return parsers[source](body);
    } catch (err) {
      throw new SourceFailure(err instanceof Error ? err.message : String(err), { kind: 'unreadable' });
    }
  }

  /** The symbols each source must give: those of the directions priced from it. */
  async function wanted() {
    const rows = await repo.sourcedDirections();
    const bySource = new Map<RateSourceName, Set<string>>();
    for (const { d } of rows) {
      if (d.courseMode !== 'source' || !d.rateSource) continue;
      const parsed = splitRateSource(d.rateSource);
      if (!parsed) continue;
      const set = bySource.get(parsed[0]) ?? new Set<string>();
      set.add(parsed[1]);
      bySource.set(parsed[0], set);
    }
    return bySource;
  }

  async function run(actor: Actor | null): Promise<RefreshResult> {
    const bySource = await wanted();
    // Fetch first, outside any transaction: the network never holds database locks.
    const fetched = await Promise.all(
      [...bySource].map(async ([source, symbols]) => {
        try {
          const rates = await fetchSource(source);
          const missing = [...symbols].filter((s) => lookupRate(source, rates, s) === null);
          const failure: SourceFailureFacts | null = missing.length
            ? { error: `missing ${missing.join(', ')}`, problem: { kind: 'missing', symbols: missing } }
            : null;
          return { source, symbols, rates, failure };
        } catch (err) {
          return { source, symbols, rates: new Map<string, string>(), failure: failureFacts(err) };
        }
      }),
    );
    const at = now();
    const results: RefreshResult['results'] = [];
    await db.transaction(async (tx) => {
      for (const f of fetched) {
        const history: { source: RateSourceName; symbol: string; rate: string; fetchedAt: Date }[] = [];
        let directions = 0;
        for (const symbol of f.symbols) {
          const rate = lookupRate(f.source, f.rates, symbol);
          if (!rate) continue;
          history.push({ source: f.source, symbol, rate, fetchedAt: at });
          directions += (await repo.setSourceRate(`${f.source}:${symbol}`, rate, at, tx)).length;
        }
        await repo.addHistory(history, tx);
        await repo.recordAttempt(f.source, at, f.failure, tx);
        if (f.failure) opts.log?.warn({ source: f.source, error: f.failure.error }, 'rate source refresh failed');
        results.push({
          source: f.source,
          ok: f.failure === null,
          error: f.failure?.error ?? null,
          problem: f.failure?.problem ?? null,
          symbols: history.length,
          directions,
        });
      }
      if (actor) {
        await audit.record(
          actor,
          { action: 'rates.refresh', entity: 'rates', entityId: 'all', before: null, after: { results } },
          tx,
        );
      }
    });
    calculator.cache.invalidate();
    return { results };
  }

  type Sourced = Awaited<ReturnType<AdminRatesRepository['sourcedDirections']>>[number];
  /** The rates among `rows` that a refresh read (readRates); the others were written by the demo seed. */
  async function readRates(rows: Sourced[]) {
    const times = new Map<number, Date>();
    for (const { d } of rows) if (d.sourceUpdatedAt) times.set(d.sourceUpdatedAt.getTime(), d.sourceUpdatedAt);
    return repo.readRates([...times.values()]);
  }

  function directionItem({ d, from, to, fromSymbol, toSymbol }: Sourced, at: Date, read: Set<string>): RateDirection {
    const parsed = d.rateSource ? splitRateSource(d.rateSource) : null;
    return {
      id: d.id,
      from,
      to,
      fromSymbol,
      toSymbol,
      active: d.active,
      symbol: parsed ? parsed[1] : (d.rateSource ?? ''),
      sourceRate: d.sourceRate === null ? null : plain(d.sourceRate),
      markupPercent: plain(d.markupPercent),
      course: d.sourceRate === null ? null : courseFromSource(d.sourceRate, d.markupPercent),
      sourceUpdatedAt: d.sourceUpdatedAt?.toISOString() ?? null,
      rateOrigin:
        d.sourceRate === null || d.sourceUpdatedAt === null
          ? null
          : read.has(`${d.rateSource}@${d.sourceUpdatedAt.getTime()}`)
            ? 'source'
            : 'seed',
      ageMinutes:
        d.sourceUpdatedAt === null
          ? null
          : Math.max(0, Math.floor((at.getTime() - d.sourceUpdatedAt.getTime()) / 60_000)),
      maxRateAgeMinutes: d.maxRateAgeMinutes,
      rateAgeLimitMinutes: d.maxRateAgeMinutes ?? calculator.rateAge.defaultMinutes(),
      stale: calculator.rateAge.isStale(d, at),
    };
  }

  return {
    /**
     * One refresh of every source some direction uses. Concurrent calls share the running one (the schedule and an
     * operator's button never fetch twice at once). Never throws for a source's failure; a database failure is the
     * caller's to log.
     */
    refresh(actor: Actor | null = null): Promise<RefreshResult> {
      running ??= run(actor).finally(() => (running = null));
      return running;
    },

    /** The console's view: each source's last fetch and the directions priced from it. */
    async status(): Promise<RatesStatus> {
      const at = now();
      const [rows, states] = await Promise.all([repo.sourcedDirections(), repo.sourceStates()]);
      const read = await readRates(rows);
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      const unknown: RateDirection[] = [];
      const bySource = new Map<RateSourceName, RateDirection[]>(rateSourceNames.map((s) => [s, []]));
      for (const row of rows) {
        if (row.d.courseMode !== 'source') continue;
        const parsed = row.d.rateSource ? splitRateSource(row.d.rateSource) : null;
        (parsed ? bySource.get(parsed[0])! : unknown).push(directionItem(row, at, read));
      }
      return {
        refreshMinutes: opts.refreshMinutes,
        sources: rateSourceNames.map((source) => {
          const state = states.find((s) => s.source === source);
          return {
            source,
            url: opts.urls[source],
            lastAttemptAt: iso(state?.lastAttemptAt ?? null),
            lastSuccessAt: iso(state?.lastSuccessAt ?? null),
            lastError: state?.lastError ?? null,
            lastProblem: state?.lastProblem ?? null,
            directions: bySource.get(source)!,
          };
        }),
        unknown,
      };
    },

    /** The symbols a direction's editor offers per source: the common ones and every one a direction uses. */
    async knownSymbols(): Promise<Record<RateSourceName, string[]>> {
      const rows = await repo.sourcedDirections();
      return knownRateSymbols(rows.map(({ d }) => d.rateSource ?? ''));
    },

    /** Active source-priced directions whose rate is older than their limit (the dashboard's "stale rates"). */
    async staleDirections(): Promise<RateDirection[]> {
      const at = now();
      const rows = (await repo.sourcedDirections()).filter(({ d }) => d.active && calculator.rateAge.isStale(d, at));
      const read = await readRates(rows);
      return rows.map((row) => directionItem(row, at, read));
    },

    async history(query: RateHistoryQuery): Promise<{ count: number; results: RateHistoryItem[] }> {
      const { count, rows } = await repo.history(query);
      return {
        count,
        results: rows.map((r) => ({
          id: r.id,
          source: r.source,
          symbol: r.symbol,
          rate: new Big(r.rate).toFixed(),
          fetchedAt: r.fetchedAt.toISOString(),
        })),
      };
    },
  };
}
