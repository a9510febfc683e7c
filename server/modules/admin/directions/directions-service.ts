import Big from 'big.js';
import { plain } from '../../../../shared/exchange/calculator.ts';
import { fieldIssue, type FieldErrors } from '../../../../shared/field-issues.ts';
import type { Locale } from '../../../../shared/locales.ts';
import { decimalsIssue, placesOf } from '../../../../shared/schemas/fields.ts';
import {
  readableDirectionFields,
  type AdminDirection,
  type DirectionCreateInput,
  type DirectionPatchInput,
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

type SideAmounts = Partial<Pick<DirectionRow, (typeof sideAmounts)[number][0]>>;

/**
 * The rules that need the currencies, on the direction as it would be after the change. `typed` are the amounts the
 * operator set now: each may have no more decimal places than its side's currency (the column would keep them and the
 * calculator round them away). Amounts stored before a currency's decimals were lowered are not re-checked until
 * changed. A side whose currency is not known (null: a new direction's id that names none or does not read) is not
 * judged; the other side still is, so the operator learns both sides' refusals in one answer.
 */
function currencyRules(
  d: { fromRound?: number; toRound?: number },
  from: CurrencyRow | null,
  to: CurrencyRow | null,
  typed: SideAmounts,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, side] of sideAmounts) {
    const value = typed[field];
    const currency = side === 'from' ? from : to;
    if (currency && value !== undefined && value !== null && placesOf(value) > currency.decimals) {
      errors[field] = [decimalsIssue(currency.decimals)];
    }
  }
  // A side rounded finer than its currency would ask for (or pay out) amounts the currency cannot carry.
  for (const [field, currency] of [
    ['fromRound', from],
    ['toRound', to],
  ] as const) {
    const round = d[field];
    if (currency && round !== undefined && round > currency.decimals) {
      errors[field] = [fieldIssue('field_round_above_decimals', { dp: currency.decimals })];
    }
  }
  return errors;
}

/**
 * Which fields of a body the rules across fields may name and read. `sent`: the fields the operator sent that read
 * (a rule broken by a sent value against a stored one names the sent field). `refused`: fields the body's own rules
 * refused; a rule that reads one is not judged (its value is unknown; the operator is changing it).
 */
type Fields = { sent: ReadonlySet<string>; refused: ReadonlySet<string> };

/**
 * The rules across fields, on the direction as it would be (stored values merged with the sent ones): a minimum above
 * its maximum (on the maximum when only the maximum was sent, else on the minimum), a course missing for the mode.
 */
function acrossFields(d: DirectionRow, { sent, refused }: Fields): FieldErrors {
  const errors: FieldErrors = {};
  for (const [min, max] of [
    ['fromMin', 'fromMax'],
    ['toMin', 'toMax'],
  ] as const) {
    const lo = d[min];
    const hi = d[max];
    if (refused.has(min) || refused.has(max) || lo === null || hi === null || !new Big(lo).gt(hi)) continue;
    errors[sent.has(max) && !sent.has(min) ? max : min] = [fieldIssue('field_min_above_max')];
  }
  const course = d.courseMode === 'manual' ? 'courseManual' : 'rateSource';
  const missing = d.courseMode === 'manual' ? d.courseManual === null : !d.rateSource;
  if (missing && !refused.has('courseMode') && !refused.has(course))
    errors[course] = [fieldIssue('field_course_missing')];
  return errors;
}

/** Every rule across fields: the currencies' (`currencyRules`) and `acrossFields`. */
function check(d: DirectionRow, from: CurrencyRow, to: CurrencyRow, typed: SideAmounts, fields: Fields): FieldErrors {
  return { ...acrossFields(d, fields), ...currencyRules(d, from, to, typed) };
}

/**
 * A new direction's rules that need its currencies, each side held to its own currency: `undefined`, the side's id did
 * not read (the schema said so); `null`, it read but names no currency (refused here). Rounding left out is the
 * currency's own, never finer.
 */
function newSideRules(
  input: Partial<DirectionCreateInput>,
  from: CurrencyRow | null | undefined,
  to: CurrencyRow | null | undefined,
): FieldErrors {
  const errors = currencyRules(input, from ?? null, to ?? null, input);
  if (from === null) errors.fromCurrencyId = [fieldIssue('field_invalid_choice')];
  if (to === null) errors.toCurrencyId = [fieldIssue('field_invalid_choice')];
  return errors;
}

/** The amounts an edit changes: only those are held to the currency's places (the form sends every field each time). */
const changedAmounts = (before: DirectionRow, values: SideAmounts): SideAmounts =>
  Object.fromEntries(
    sideAmounts
      .map(([field]) => [field, values[field]] as const)
      .filter(([field, v]) => typeof v === 'string' && (before[field] === null || !new Big(v).eq(before[field]))),
  );

/** A new direction's rounding: the currencies' own precision, unless the operator rounds coarser. */
const roundings = (input: { fromRound?: number; toRound?: number }, from: CurrencyRow, to: CurrencyRow) => ({
  fromRound: input.fromRound ?? from.decimals,
  toRound: input.toRound ?? to.decimals,
});

/** A new direction's row before it is stored, as the rules read it. */
const unsaved = (values: Omit<DirectionRow, 'id' | 'updatedAt' | 'sourceRate' | 'sourceUpdatedAt'>): DirectionRow => ({
  ...values,
  id: 0,
  sourceRate: null,
  sourceUpdatedAt: null,
  updatedAt: new Date(),
});

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

  /** The two sides of a stored direction, share-locked (see the repository). */
  async function lockSides(fromId: number, toId: number, tx: Tx) {
    const { from, to } = await repo.sidesShared(fromId, toId, tx);
    if (!from || !to) throw new Error(`direction's currency ${fromId} or ${toId} is missing`);
    return { from, to };
  }

  /** The rules that need the currencies, on what a refused new direction's body read: each side that read. */
  async function newDirectionRules(read: Partial<DirectionCreateInput>): Promise<FieldErrors> {
    const from = read.fromCurrencyId === undefined ? undefined : await repo.currency(read.fromCurrencyId);
    const to = read.toCurrencyId === undefined ? undefined : await repo.currency(read.toCurrencyId);
    const errors = newSideRules(read, from, to);
    if (from && to && (await repo.pairExists(from.id, to.id))) errors.toCurrencyId = [fieldIssue('field_pair_taken')];
    return errors;
  }

  /**
   * The same on what a refused edit's body read, against the stored direction and its currencies: every rule, on the
   * stored values merged with those that read (a maximum sent alone below the stored minimum is refused now, not on
   * the next save); a rule that reads a refused field is not judged.
   */
  async function editRules(
    id: number,
    read: Partial<DirectionCreateInput>,
    refused: ReadonlySet<string>,
  ): Promise<FieldErrors> {
    const before = await repo.direction(id);
    const from = before && (await repo.currency(before.fromCurrencyId));
    const to = before && (await repo.currency(before.toCurrencyId));
    if (!before || !from || !to) return {};
    const values = given(read);
    const fields = { sent: new Set(Object.keys(values)), refused };
    return check({ ...before, ...values }, from, to, changedAmounts(before, values), fields);
  }

  return {
    /**
     * A direction body its schema refused (`fields`, the schema's field errors), as the error to answer: the rules
     * that need the currencies run on the fields that read all the same and join the schema's errors, so one refused
     * save names every refusal it can know (docs/admin/directions.md). The currencies are the body's two for a new
     * direction (a readable id that names none is refused too) or the stored direction's for an edit (`id`). Reads
     * only: nothing is locked or written, the answer is a refusal whatever the rules say. A field the schema refused
     * keeps the schema's message alone.
     */
    async refusal(fields: FieldErrors, body: unknown, id?: number): Promise<AppError> {
      const refused = new Set(Object.keys(fields).map((key) => key.split('.')[0]!));
      const read = readableDirectionFields(body, refused);
      const more = id === undefined ? await newDirectionRules(read) : await editRules(id, read, refused);
      const all = { ...fields };
      for (const [field, issues] of Object.entries(more)) if (!refused.has(field)) all[field] = issues;
      return invalid(all);
    },

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
        const fields = { sent: new Set(Object.keys(values)), refused: new Set<string>() };
        const errors = check(merged, from, to, changedAmounts(before, values), fields);
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
        const sides = await repo.sidesShared(input.fromCurrencyId, input.toCurrencyId, tx);
        // A side that names no currency is refused with the other side's rules (the body's own passed the schema).
        if (!sides.from || !sides.to) throw invalid(newSideRules(input, sides.from, sides.to));
        const { from, to } = sides;
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
          ...roundings(input, from, to),
          position: input.position ?? nextPosition(await repo.directions(tx)),
        };
        const fields = { sent: new Set(Object.keys(given(input))), refused: new Set<string>() };
        const errors = check(unsaved(values), from, to, values, fields);
        // An existing pair is said with the rest (the unique index below still decides between two racing creates).
        if (await repo.pairExists(from.id, to.id, tx)) errors.toCurrencyId = [fieldIssue('field_pair_taken')];
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
