import Big from 'big.js';
import { plain } from '../../../../shared/exchange/calculator.ts';
import type { Locale } from '../../../../shared/locales.ts';
import type {
  AdminCurrency,
  AdminDirection,
  DirectionPatchInput,
  ReserveChange,
} from '../../../../shared/schemas/admin-directions.ts';
import { fieldMessage, type FieldErrors } from '../../../../shared/schemas/fields.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { directionCourse, type CalculatorService } from '../../calculator/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import { isRateStale } from '../rates/stale.ts';
import type { AdminDirectionsRepository, DirectionRow } from './repository.ts';

const nullable = (v: string | null) => (v === null ? null : plain(v));

/** The fields an audit entry keeps of a direction (what an operator can change). */
function auditable(d: DirectionRow) {
  return {
    courseMode: d.courseMode,
    courseManual: nullable(d.courseManual),
    rateSource: d.rateSource,
    markupPercent: plain(d.markupPercent),
    bonusPercent: plain(d.bonusPercent),
    fromMin: nullable(d.fromMin),
    fromMax: nullable(d.fromMax),
    toMin: nullable(d.toMin),
    toMax: nullable(d.toMax),
    active: d.active,
    maxRateAgeMinutes: d.maxRateAgeMinutes,
  };
}

/**
 * The console's directions section (issue 6 §3), first slice: a direction's course (manual, or a source with a markup),
 * bonus, per-side limits and on/off; a currency's reserve changed by a signed amount with a reason (history kept).
 * Every change is audited in its own transaction and the calculator's answers are rebuilt after commit.
 */
export function adminDirectionsService(opts: {
  db: Db;
  repo: AdminDirectionsRepository;
  calculator: CalculatorService;
  audit: AuditService;
}) {
  const { db, repo, calculator, audit } = opts;

  async function names(locale: Locale) {
    const rows = await repo.currencies();
    return new Map(
      rows.map((c) => [c.id, { id: c.id, code: c.code, name: c.name[locale] || c.name.ru, symbol: c.symbol }]),
    );
  }

  function view(d: DirectionRow, sides: Awaited<ReturnType<typeof names>>): AdminDirection {
    return {
      id: d.id,
      from: sides.get(d.fromCurrencyId)!,
      to: sides.get(d.toCurrencyId)!,
      courseMode: d.courseMode,
      courseManual: nullable(d.courseManual),
      rateSource: d.rateSource,
      sourceRate: nullable(d.sourceRate),
      sourceUpdatedAt: d.sourceUpdatedAt?.toISOString() ?? null,
      markupPercent: plain(d.markupPercent),
      bonusPercent: plain(d.bonusPercent),
      maxRateAgeMinutes: d.maxRateAgeMinutes,
      stale: isRateStale(d),
      course: directionCourse(d),
      fromMin: nullable(d.fromMin),
      fromMax: nullable(d.fromMax),
      toMin: nullable(d.toMin),
      toMax: nullable(d.toMax),
      active: d.active,
      updatedAt: d.updatedAt.toISOString(),
    };
  }

  /** Rules across fields, on the direction as it would be after the change. */
  function check(d: DirectionRow, locale: Locale): FieldErrors {
    const errors: FieldErrors = {};
    for (const [min, max] of [
      ['fromMin', 'fromMax'],
      ['toMin', 'toMax'],
    ] as const) {
      const lo = d[min];
      const hi = d[max];
      if (lo !== null && hi !== null && new Big(lo).gt(hi)) errors[min] = [fieldMessage('field_min_above_max', locale)];
    }
    if (d.courseMode === 'manual' && d.courseManual === null) {
      errors.courseManual = [fieldMessage('field_course_missing', locale)];
    }
    if (d.courseMode === 'source' && !d.rateSource) errors.rateSource = [fieldMessage('field_course_missing', locale)];
    return errors;
  }

  return {
    async directions(locale: Locale): Promise<AdminDirection[]> {
      const sides = await names(locale);
      return (await repo.directions()).map((d) => view(d, sides));
    },

    async direction(id: number, locale: Locale): Promise<AdminDirection | null> {
      const d = (await repo.directions()).find((r) => r.id === id);
      return d ? view(d, await names(locale)) : null;
    },

    async updateDirection(actor: Actor, id: number, patch: DirectionPatchInput, locale: Locale) {
      const changed = await db.transaction(async (tx) => {
        const before = await repo.lockDirection(id, tx);
        if (!before) throw new AppError('not_found');
        const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const merged = { ...before, ...values } as DirectionRow;
        const errors = check(merged, locale);
        if (Object.keys(errors).length) throw new AppError('validation', { fields: errors });
        const after = await repo.updateDirection(id, values, tx);
        await audit.record(
          actor,
          {
            action: 'direction.update',
            entity: 'direction',
            entityId: id,
            before: auditable(before),
            after: auditable(after),
          },
          tx,
        );
        return after;
      });
      // After commit: the calculator's ready answers are rebuilt from the new row (claims price from the row itself).
      calculator.cache.invalidate();
      return view(changed, await names(locale));
    },

    async currencies(locale: Locale): Promise<AdminCurrency[]> {
      return (await repo.currencies()).map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name[locale] || c.name.ru,
        kind: c.kind,
        symbol: c.symbol,
        network: c.network,
        decimals: c.decimals,
        reserve: plain(c.reserve),
        sendVisible: c.sendVisible,
        receiveVisible: c.receiveVisible,
      }));
    },

    async changeReserve(actor: Actor, currencyId: number, delta: string, reason: string, locale: Locale) {
      const reserve = await db.transaction(async (tx) => {
        const before = await repo.currency(currencyId, tx);
        if (!before) throw new AppError('not_found');
        const row = await repo.changeReserve(currencyId, plain(delta), tx);
        if (!row) {
          const now = (await repo.currency(currencyId, tx))?.reserve ?? before.reserve;
          throw new AppError('validation', {
            fields: { delta: [fieldMessage('field_reserve_below_zero', locale, { reserve: plain(now) })] },
          });
        }
        await repo.addReserveHistory(
          {
            currencyId,
            delta: plain(delta),
            reserveAfter: row.reserve,
            reason,
            actorId: actor.id,
            actorEmail: actor.email,
          },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'currency.reserve',
            entity: 'currency',
            entityId: currencyId,
            before: { reserve: plain(before.reserve) },
            after: { reserve: plain(row.reserve), delta: plain(delta), reason },
          },
          tx,
        );
        return plain(row.reserve);
      });
      calculator.cache.invalidate();
      return reserve;
    },

    async reserveHistory(currencyId: number, page: { page: number; size: number }) {
      if (!(await repo.currency(currencyId))) throw new AppError('not_found');
      const { count, rows } = await repo.reserveHistory(currencyId, page);
      const results: ReserveChange[] = rows.map((r) => ({
        id: r.id,
        delta: plain(r.delta),
        reserveAfter: plain(r.reserveAfter),
        reason: r.reason,
        actor: r.actorEmail,
        at: r.createdAt.toISOString(),
      }));
      return { count, results };
    },
  };
}
export type AdminDirectionsService = ReturnType<typeof adminDirectionsService>;
