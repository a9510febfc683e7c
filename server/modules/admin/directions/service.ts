import Big from 'big.js';
import { plain } from '../../../../shared/exchange/calculator.ts';
import type { Locale } from '../../../../shared/locales.ts';
import { requisiteMessage } from '../../../../shared/exchange/claim-check.ts';
import { checkRequisite } from '../../../../shared/exchange/requisites.ts';
import type {
  AdminCurrency,
  AdminCurrencyDetail,
  AdminDirection,
  CurrencyCreateInput,
  CurrencyInput,
  DirectionCreateInput,
  DirectionPatchInput,
  ReserveChange,
} from '../../../../shared/schemas/admin-directions.ts';
import { fieldMessage, type FieldErrors } from '../../../../shared/schemas/fields.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../errors.ts';
import { directionCourse, type CalculatorService } from '../../calculator/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import { isRateStale } from '../rates/stale.ts';
import type { AdminDirectionsRepository, CurrencyRow, DirectionRow } from './repository.ts';

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
    fromRound: d.fromRound,
    toRound: d.toRound,
    fromNotify: d.fromNotify,
    toNotify: d.toNotify,
    paymentWindowMinutes: d.paymentWindowMinutes,
    position: d.position,
  };
}

/** A currency as the editor reads it (and its audit entries keep it, reserve aside: that has its own history). */
function currencyDetail(c: CurrencyRow): AdminCurrencyDetail {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    symbol: c.symbol,
    network: c.network,
    decimals: c.decimals,
    logo: c.logo,
    sendVisible: c.sendVisible,
    receiveVisible: c.receiveVisible,
    city: c.city,
    position: c.position,
    fromInputs: c.fromInputs,
    toInputs: c.toInputs,
    reserve: plain(c.reserve),
    updatedAt: c.updatedAt.toISOString(),
  };
}
const currencyAuditable = (c: CurrencyRow) => {
  const { reserve: _reserve, updatedAt: _updatedAt, id: _id, ...rest } = currencyDetail(c);
  return rest;
};

/** The next position: new rows go to the end of their list. */
const nextPosition = (rows: { position: number }[]) => Math.max(-1, ...rows.map((r) => r.position)) + 1;

/** The fields a partial change gives (left-out ones stay as they are; null is a value: it clears). */
const given = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

const invalid = (fields: FieldErrors) => new AppError('validation', { fields });

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

  /** Rules across fields, on the direction as it would be after the change. */
  function check(d: DirectionRow, from: CurrencyRow, to: CurrencyRow, locale: Locale): FieldErrors {
    const errors: FieldErrors = {};
    // A side rounded finer than its currency would ask for (or pay out) amounts the currency cannot carry.
    if (d.fromRound > from.decimals)
      errors.fromRound = [fieldMessage('field_round_above_decimals', locale, { dp: from.decimals })];
    if (d.toRound > to.decimals)
      errors.toRound = [fieldMessage('field_round_above_decimals', locale, { dp: to.decimals })];
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

  /** The two sides of a direction, share-locked (see the repository); a missing one is a field error. */
  async function lockSides(fromId: number, toId: number, tx: Tx, locale: Locale) {
    const { from, to } = await repo.sidesShared(fromId, toId, tx);
    const errors: FieldErrors = {};
    if (!from) errors.fromCurrencyId = [fieldMessage('field_invalid_choice', locale)];
    if (!to) errors.toCurrencyId = [fieldMessage('field_invalid_choice', locale)];
    if (!from || !to) throw invalid(errors);
    return { from, to };
  }

  /** Rules across a currency's fields, on the currency as it would be after the change. */
  function checkCurrency(c: CurrencyRow, locale: Locale): FieldErrors {
    const errors: FieldErrors = {};
    if (c.kind === 'cash' && !c.city) errors.city = [fieldMessage('field_required', locale)];
    // The example is the form's placeholder and what customers copy: it must pass the input's own rules.
    for (const side of ['fromInputs', 'toInputs'] as const) {
      c[side].forEach((input, n) => {
        const problem = checkRequisite({ ...input, required: false }, c.network, input.example);
        if (problem) errors[`${side}.${n}.example`] = [requisiteMessage(problem, input, c.network, locale)];
      });
    }
    return errors;
  }

  const codeTaken = (locale: Locale) => invalid({ code: [fieldMessage('field_currency_code_taken', locale)] });

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
        const values = given(patch);
        const merged = { ...before, ...values } as DirectionRow;
        const { from, to } = await lockSides(before.fromCurrencyId, before.toCurrencyId, tx, locale);
        const errors = check(merged, from, to, locale);
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
        const { from, to } = await lockSides(input.fromCurrencyId, input.toCurrencyId, tx, locale);
        const values: Omit<DirectionRow, 'id' | 'updatedAt' | 'sourceRate' | 'sourceUpdatedAt'> = {
          fromCurrencyId: from.id,
          toCurrencyId: to.id,
          courseMode: input.courseMode,
          courseManual: input.courseManual ?? null,
          rateSource: input.rateSource ?? null,
          markupPercent: input.markupPercent ?? '0',
          bonusPercent: input.bonusPercent ?? '0',
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
          locale,
        );
        if (Object.keys(errors).length) throw invalid(errors);
        const row = await repo.insertDirection(values, tx);
        if (!row) throw invalid({ toCurrencyId: [fieldMessage('field_pair_taken', locale)] });
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

    async currency(id: number): Promise<AdminCurrencyDetail | null> {
      const row = await repo.currency(id);
      return row ? currencyDetail(row) : null;
    },

    async createCurrency(actor: Actor, input: CurrencyCreateInput, locale: Locale) {
      const created = await db.transaction(async (tx) => {
        const values: Omit<CurrencyRow, 'id' | 'reserve' | 'updatedAt'> = {
          code: input.code,
          name: input.name,
          kind: input.kind,
          symbol: input.symbol,
          network: input.network ?? null,
          decimals: input.decimals,
          logo: input.logo,
          sendVisible: input.sendVisible ?? true,
          receiveVisible: input.receiveVisible ?? true,
          city: input.city ?? null,
          fromInputs: input.fromInputs ?? [],
          toInputs: input.toInputs ?? [],
          position: input.position ?? nextPosition(await repo.currencies(tx)),
        };
        const errors = checkCurrency({ ...values, id: 0, reserve: '0', updatedAt: new Date() }, locale);
        if (Object.keys(errors).length) throw invalid(errors);
        const row = await repo.insertCurrency(values, tx);
        if (!row) throw codeTaken(locale);
        await audit.record(
          actor,
          { action: 'currency.create', entity: 'currency', entityId: row.id, after: currencyAuditable(row) },
          tx,
        );
        return row;
      });
      calculator.cache.invalidate();
      // Read the currencies again now: the pages' CSP allows a new https logo from the next answer on.
      await calculator.catalogue();
      return currencyDetail(created);
    },

    /**
     * Changes what is given; the reserve is not one of them (it has its own call and history). Amounts already stored
     * (reserve, claims, limits) are numeric(36,18) and never re-rounded: decimals only bound the directions' rounding.
     */
    async updateCurrency(actor: Actor, id: number, patch: CurrencyInput, locale: Locale) {
      const changed = await db.transaction(async (tx) => {
        const before = await repo.lockCurrency(id, tx);
        if (!before) throw new AppError('not_found');
        const values = given(patch);
        const merged = { ...before, ...values } as CurrencyRow;
        const errors = checkCurrency(merged, locale);
        if (merged.decimals < before.decimals) {
          const dp = await repo.maxRound(id, tx);
          if (dp !== null && dp > merged.decimals) {
            errors.decimals = [fieldMessage('field_decimals_below_round', locale, { dp })];
          }
        }
        if (Object.keys(errors).length) throw invalid(errors);
        if (merged.code !== before.code && (await repo.codeTaken(merged.code, id, tx))) throw codeTaken(locale);
        let after: CurrencyRow;
        try {
          after = await repo.updateCurrency(id, values, tx);
        } catch (e) {
          // Another edit took the code between the check and the update.
          if (isUniqueViolation(e, 'currencies_code')) throw codeTaken(locale);
          throw e;
        }
        await audit.record(
          actor,
          {
            action: 'currency.update',
            entity: 'currency',
            entityId: id,
            before: currencyAuditable(before),
            after: currencyAuditable(after),
          },
          tx,
        );
        return after;
      });
      calculator.cache.invalidate();
      await calculator.catalogue();
      return currencyDetail(changed);
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
        logo: c.logo,
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
