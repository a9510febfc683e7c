import { feesOf, fromMin, plain } from '../../../shared/exchange/calculator.ts';
import { paths } from '../../../shared/paths.ts';
import type { ExportItem, ExportLeftOutReason, ExportStatus } from '../../../shared/schemas/rates-export.ts';
import { prepareBody, type CachedAnswer, type HotCache } from '../calculator/cache.ts';
import type { CurrencyRow, DirectionRow } from '../calculator/repository.ts';
import { directionCourse, monitorNotation, sendableMax, type CalculatorService } from '../calculator/service.ts';

/**
 * The rates export for monitors (issue 14, docs/product/monitors.md): every direction a guest can buy right now, in
 * the BestChange XML format and as JSON, built from the calculator's own catalogue (the same course, limits, reserve
 * and "on sale" rule the calculator sells by).
 *
 * It is one entry of the calculator's hot cache, so it is dropped by the same invalidation as the calculator's answers
 * (rates refresh, direction/currency/reserve/payment-details edits, maintenance), in every process through the Redis
 * bus, and rebuilt by the first request after: never per request. An entry also expires when the soonest rate in it
 * goes stale, so a stale direction leaves the file at that moment even when nothing else changes.
 */

export interface ExportBuild {
  xml: CachedAnswer;
  json: CachedAnswer;
  status: ExportStatus;
  /** When the soonest rate in it goes stale (ms): the entry is rebuilt then. */
  expiresAt: number;
}

const cacheKey = 'rates-export';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The BestChange file: `<rates>` with one `<item>` per direction, fields in the format's order. */
function exportXml(items: ExportItem[]): string {
  if (!items.length) return '<?xml version="1.0" encoding="UTF-8"?>\n<rates/>\n';
  const lines = items.map((item) => {
    const fields = Object.entries(item).filter(([, v]) => v !== undefined) as [string, string][];
    return `<item>${fields.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('')}</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${lines.join('\n')}\n</rates>\n`;
}

/** One direction as a monitor reads it (one the calculator offers: `sendableMax` has a figure for it). */
function exportItem(d: DirectionRow, from: CurrencyRow, to: CurrencyRow): ExportItem {
  const course = directionCourse(d)!;
  const pair = {
    course,
    from: { min: d.fromMin, max: d.fromMax, roundCalculator: d.fromRound },
    to: { min: d.toMin, max: d.toMax, roundCalculator: d.toRound },
    breakdown: { fees: { from: d.fromFee, to: d.toFee } },
  };
  const fees = feesOf(pair);
  const min = fromMin(pair);
  const max = sendableMax(d, to)!;
  const city = to.kind === 'cash' ? to.city : from.kind === 'cash' ? from.city : null;
  return {
    from: from.code,
    to: to.code,
    ...monitorNotation(course),
    amount: plain(to.reserve),
    // The direction's own fees, as the calculator takes them (monitors list them beside the course).
    ...(fees.from.gt(0) ? { fromfee: `${plain(fees.from)} ${from.symbol}` } : {}),
    ...(fees.to.gt(0) ? { tofee: `${plain(fees.to)} ${to.symbol}` } : {}),
    ...(min !== null ? { minamount: `${plain(min)} ${from.symbol}` } : {}),
    maxamount: `${plain(max)} ${from.symbol}`,
    ...(city ? { city } : {}),
    // Every claim is checked by an operator before the payout (docs/product/claims.md): no direction pays out on its own.
    param: 'manual',
  };
}

export function ratesExportService(opts: { calculator: CalculatorService; cache: HotCache; publicUrl: string }) {
  const { calculator, cache } = opts;
  // The last content and when it first appeared: a rebuild with the same bytes keeps its Last-Modified.
  let last: { etag: string; at: Date } | null = null;

  async function build(): Promise<ExportBuild> {
    const [cat, maintenance] = await Promise.all([calculator.catalogue(), calculator.maintenance()]);
    const now = new Date();
    const items: ExportItem[] = [];
    const leftOut: ExportStatus['leftOut'] = [];
    const code = (id: number) => cat.byId.get(id)?.code ?? String(id);
    const leave = (d: DirectionRow, reason: ExportLeftOutReason) =>
      leftOut.push({ id: d.id, from: code(d.fromCurrencyId), to: code(d.toCurrencyId), reason });
    let expiresAt = Infinity;
    for (const d of cat.directions) {
      const reason = cat.unusable.get(d.id);
      if (reason) {
        leave(d, reason);
        continue;
      }
      items.push(exportItem(d, cat.byId.get(d.fromCurrencyId)!, cat.byId.get(d.toCurrencyId)!));
      expiresAt = Math.min(expiresAt, calculator.rateAge.staleAt(d)?.getTime() ?? Infinity);
    }
    // The monitors' rule: while the service is offline the file is empty (the report still says what would be in it).
    const carried = maintenance.enabled ? [] : items;
    const xml = prepareBody(exportXml(carried));
    if (last?.etag !== xml.etag) last = { etag: xml.etag, at: now };
    const lastModified = last.at.toUTCString();
    const json = prepareBody(JSON.stringify({ rates: carried }));
    return {
      xml: { ...xml, type: 'application/xml; charset=utf-8', lastModified },
      json: { ...json, type: 'application/json; charset=utf-8', lastModified },
      status: {
        builtAt: now.toISOString(),
        lastModified: last.at.toISOString(),
        etag: xml.etag,
        urls: { xml: `${opts.publicUrl}${paths.exportXml}`, json: `${opts.publicUrl}${paths.exportJson}` },
        maintenance: maintenance.enabled,
        carried: carried.length,
        leftOut,
      },
      expiresAt,
    };
  }

  return {
    /** The current export, built once per change (concurrent first requests share one build). */
    current: (): Promise<ExportBuild> => cache.ready(cacheKey, build, (b) => b.expiresAt),
  };
}
