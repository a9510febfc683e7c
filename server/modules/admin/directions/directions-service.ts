import Big from 'big.js';
import { plain } from '../../../../shared/exchange/calculator.ts';
import { fieldIssue, type FieldErrors } from '../../../../shared/field-issues.ts';
import type { Locale } from '../../../../shared/locales.ts';
import { decimalsIssue, placesOf } from '../../../../shared/schemas/fields.ts';
import type {
  AdminDirection,
  DirectionCreateInput,
  DirectionPatchInput,
} from '../../../../shared/schemas/admin-directions.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { directionCourse, type CalculatorService } from '../../calculator/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminDirectionsRepository, CurrencyRow, DirectionRow } from './repository.ts';
import { given, invalid, nextPosition } from './service-kit.ts';

const nullable = (v: string | null) => (v === null ? null : plain(v));

/** The fields an audit entry keeps of a direction (what an operator can change). */
function auditable(d: DirectionRow) {
  return {
    courseMode: d.courseMode,
    courseManual: nullable(d.courseManual),
    rateSource: d.rateSource,
    markupPercent: plain(d.markupPercent),
    bonusPercent: plain(d.bonusPercent),
    fromFee: plain(d.fromFee),
    toFee: plain(d.toFee),
    fromMin: nullable(d.fromMin),
    fromMax: nullable(d.fromMax),
    toMin: nullable(d.toMin),
    toMax: nullable(d.toMax),
    active: d.active,
    maxRateAgeMinutes: d.maxRateAgeMinutes,
    fromRound: d.fromRound,
    toRound: d.toRound,
    fromNotify: d.fromNotify,
    toNotify: d.toNotify,
    paymentWindowMinutes: d.paymentWindowMinutes,
    position: d.position,
  };
}

/** A side's fee and limits are amounts of its currency. */
const sideAmounts = [
  ['fromFee', 'from'],
  ['fromMin', 'from'],
  ['fromMax', 'from'],
  ['toFee', 'to'],
  ['toMin', 'to'],
  ['toMax', 'to'],
] as const;

/**
 * Rules across fields, on the direction as it would be after the change. `typed` are the amounts the operator set now:
 * each may have no more decimal places than its side's currency (the column would keep them and the calculator round
 * them away). Amounts stored before a currency's decimals were lowered are not re-checked until changed.
 */
function check(
  d: DirectionRow,
  from: CurrencyRow,
  to: CurrencyRow,
  typed: Partial<Pick<DirectionRow, (typeof sideAmounts)[number][0]>>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, side] of sideAmounts) {
    const value = typed[field];
    const dp = (side === 'from' ? from : to).decimals;
    if (value !== undefined && value !== null && placesOf(value) > dp) errors[field] = [decimalsIssue(dp)];
  }
  // A side rounded finer than its currency would ask for (or pay out) amounts the currency cannot carry.
  if (d.fromRound > from.decimals) errors.fromRound = [fieldIssue('field_round_above_decimals', { dp: from.decimals })];
  if (d.toRound > to.decimals) errors.toRound = [fieldIssue('field_round_above_decimals', { dp: to.decimals })];
  for (const [min, max] of [
    ['fromMin', 'fromMax'],
    ['toMin', 'toMax'],
  ] as const) {
    const lo = d[min];
    const hi = d[max];
    if (lo !== null && hi !== null && new Big(lo).gt(hi)) errors[min] ??= [fieldIssue('field_min_above_max')];
  }
  if (d.courseMode === 'manual' && d.courseManual === null) errors.courseManual = [fieldIssue('field_course_missing')];
  if (d.courseMode === 'source' && !d.rateSource) errors.rateSource = [fieldIssue('field_course_missing')];
  return errors;
}

/**
 * The console's directions (issue 6 §3): a pair created; its course (manual, or a source with a markup), bonus,
 * per-side limits, rounding, notify texts, payment window and on/off changed. Every change is audited in its own
 * transaction and the calculator's answers are rebuilt after commit.
 */
export function adminDirectionsService(opts: {
  db: Db;
  repo: AdminDirectionsRepository;
  calculator: CalculatorService;
  audit: AuditService;
}) {
  const { db, repo, calculator, audit } = opts;

  /** Each currency as a direction's side shows it; `locale` picks the name. */
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
      fromFee: plain(d.fromFee),
      toFee: plain(d.toFee),
      maxRateAgeMinutes: d.maxRateAgeMinutes,
      stale: calculator.rateAge.isStale(d),
      course: directionCourse(d),
      fromMin: nullable(d.fromMin),
      fromMax: nullable(d.fromMax),
      toMin: nullable(d.toMin),
      toMax: nullable(d.toMax),
      fromRound: d.fromRound,
      toRound: d.toRound,
      fromNotify: d.fromNotify,
      toNotify: d.toNotify,
      paymentWindowMinutes: d.paymentWindowMinutes,
      position: d.position,
      active: d.active,
      updatedAt: d.updatedAt.toISOString(),
    };
  }

  /** The two sides of a direction, share-locked (see the repository); a missing one is a field error. */
  async function lockSides(fromId: number, toId: number, tx: Tx) {
    const { from, to } = await repo.sidesShared(fromId, toId, tx);
    const errors: FieldErrors = {};
    if (!from) errors.fromCurrencyId = [fieldIssue('field_invalid_choice')];
    if (!to) errors.toCurrencyId = [fieldIssue('field_invalid_choice')];
    if (!from || !to) throw invalid(errors);
    return { from, to };
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

    /** `locale` picks the currencies' names in the answer. */
    async updateDirection(actor: Actor, id: number, patch: DirectionPatchInput, locale: Locale) {
      const changed = await db.transaction(async (tx) => {
        const before = await repo.lockDirection(id, tx);
        if (!before) throw new AppError('not_found');
        const values = given(patch);
        const merged = { ...before, ...values } as DirectionRow;
        const { from, to } = await lockSides(before.fromCurrencyId, before.toCurrencyId, tx);
        // Only amounts that change are held to the currency's places (the form sends every field each time).
        const typed = Object.fromEntries(
          sideAmounts
            .map(([field]) => [field, values[field]] as const)
            .filter(([field, v]) => typeof v === 'string' && (before[field] === null || !new Big(v).eq(before[field]))),
        );
        const errors = check(merged, from, to, typed);
        if (Object.keys(errors).length) throw invalid(errors);
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

    /** A new pair; active, it is what the calculator offers at once (its ready answers are rebuilt after commit). */
    async createDirection(actor: Actor, input: DirectionCreateInput, locale: Locale) {
      const created = await db.transaction(async (tx) => {
        const { from, to } = await lockSides(input.fromCurrencyId, input.toCurrencyId, tx);
        const values: Omit<DirectionRow, 'id' | 'updatedAt' | 'sourceRate' | 'sourceUpdatedAt'> = {
          fromCurrencyId: from.id,
          toCurrencyId: to.id,
          courseMode: input.courseMode,
          courseManual: input.courseManual ?? null,
          rateSource: input.rateSource ?? null,
          markupPercent: input.markupPercent ?? '0',
          bonusPercent: input.bonusPercent ?? '0',
          fromFee: input.fromFee ?? '0',
          toFee: input.toFee ?? '0',
          fromMin: input.fromMin ?? null,
          fromMax: input.fromMax ?? null,
          toMin: input.toMin ?? null,
          toMax: input.toMax ?? null,
          maxRateAgeMinutes: input.maxRateAgeMinutes ?? null,
          paymentWindowMinutes: input.paymentWindowMinutes ?? null,
          fromNotify: input.fromNotify ?? { ru: '', en: '' },
          toNotify: input.toNotify ?? { ru: '', en: '' },
          active: input.active ?? true,
          // The currencies' own precision, unless the operator rounds coarser.
          fromRound: input.fromRound ?? from.decimals,
          toRound: input.toRound ?? to.decimals,
          position: input.position ?? nextPosition(await repo.directions(tx)),
        };
        const errors = check(
          { ...values, id: 0, sourceRate: null, sourceUpdatedAt: null, updatedAt: new Date() },
          from,
          to,
          values,
        );
        if (Object.keys(errors).length) throw invalid(errors);
        const row = await repo.insertDirection(values, tx);
        if (!row) throw invalid({ toCurrencyId: [fieldIssue('field_pair_taken')] });
        await audit.record(
          actor,
          { action: 'direction.create', entity: 'direction', entityId: row.id, after: auditable(row) },
          tx,
        );
        return row;
      });
      calculator.cache.invalidate();
      return view(created, await names(locale));
    },
  };
}
