import Big from 'big.js';
import { plain } from '../../../../shared/exchange/calculator.ts';
import { requisiteIssue } from '../../../../shared/exchange/claim-check.ts';
import { checkRequisite } from '../../../../shared/exchange/requisites.ts';
import { fieldIssue, type FieldErrors } from '../../../../shared/field-issues.ts';
import type { Locale } from '../../../../shared/locales.ts';
import { decimalsIssue, placesOf } from '../../../../shared/schemas/fields.ts';
import type {
  AdminCurrency,
  AdminCurrencyDetail,
  CurrencyCreateInput,
  CurrencyInput,
  ReserveChange,
} from '../../../../shared/schemas/admin-directions.ts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../errors.ts';
import { re2Match, runsOnRe2 } from '../../../requisite-patterns.ts';
import type { CalculatorService } from '../../calculator/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminDirectionsRepository, CurrencyRow } from './repository.ts';
import { given, invalid, nextPosition } from './service-kit.ts';

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
    explorerUrl: c.explorerUrl,
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

/** Rules across a currency's fields, on the currency as it would be after the change. */
function checkCurrency(c: CurrencyRow): FieldErrors {
  const errors: FieldErrors = {};
  if (c.kind === 'cash' && !c.city) errors.city = [fieldIssue('field_required')];
  // The example is the form's placeholder and what customers copy: it must pass the input's own rules.
  for (const side of ['fromInputs', 'toInputs'] as const) {
    c[side].forEach((input, n) => {
      // The console's form checks a pattern in JavaScript only (re2js is not sent to browsers): whether RE2 runs it
      // with the same meaning is known here, and the 400 names the field as the form's own checks would.
      if (input.pattern && !runsOnRe2(input.pattern)) {
        errors[`${side}.${n}.pattern`] = [fieldIssue('field_pattern_unsupported')];
        return;
      }
      const problem = checkRequisite({ ...input, required: false }, c.network, input.example, re2Match);
      if (problem) errors[`${side}.${n}.example`] = [requisiteIssue(problem, input, c.network)];
      const en = input.exampleEn && checkRequisite({ ...input, required: false }, c.network, input.exampleEn, re2Match);
      if (en) errors[`${side}.${n}.exampleEn`] = [requisiteIssue(en, { ...input, exampleEn: undefined }, c.network)];
    });
  }
  return errors;
}

const codeTaken = () => invalid({ code: [fieldIssue('field_currency_code_taken')] });

/**
 * The console's currencies (issue 6 §3): created and edited with their requisite inputs; a reserve changed by a
 * signed amount with a reason (history kept). Every change is audited in its own transaction and the calculator's
 * answers are rebuilt after commit.
 */
export function adminCurrenciesService(opts: {
  db: Db;
  repo: AdminDirectionsRepository;
  calculator: CalculatorService;
  audit: AuditService;
}) {
  const { db, repo, calculator, audit } = opts;

  return {
    async currency(id: number): Promise<AdminCurrencyDetail | null> {
      const row = await repo.currency(id);
      return row ? currencyDetail(row) : null;
    },

    async createCurrency(actor: Actor, input: CurrencyCreateInput) {
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
          explorerUrl: input.explorerUrl ?? null,
          fromInputs: input.fromInputs ?? [],
          toInputs: input.toInputs ?? [],
          position: input.position ?? nextPosition(await repo.currencies(tx)),
        };
        const errors = checkCurrency({ ...values, id: 0, reserve: '0', updatedAt: new Date() });
        if (Object.keys(errors).length) throw invalid(errors);
        const row = await repo.insertCurrency(values, tx);
        if (!row) throw codeTaken();
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
    async updateCurrency(actor: Actor, id: number, patch: CurrencyInput) {
      const changed = await db.transaction(async (tx) => {
        const before = await repo.lockCurrency(id, tx);
        if (!before) throw new AppError('not_found');
        const values = given(patch);
        const merged = { ...before, ...values } as CurrencyRow;
        const errors = checkCurrency(merged);
        if (merged.decimals < before.decimals) {
          const dp = await repo.maxRound(id, tx);
          if (dp !== null && dp > merged.decimals) {
            errors.decimals = [fieldIssue('field_decimals_below_round', { dp })];
          }
        }
        if (Object.keys(errors).length) throw invalid(errors);
        if (merged.code !== before.code && (await repo.codeTaken(merged.code, id, tx))) throw codeTaken();
        let after: CurrencyRow;
        try {
          after = await repo.updateCurrency(id, values, tx);
        } catch (e) {
          // Another edit took the code between the check and the update.
          if (isUniqueViolation(e, 'currencies_code')) throw codeTaken();
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

    /** Every currency with its reserve; `locale` picks the name. */
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

    /**
     * Adds `delta` to the reserve, with its reason in the history. `expected` is the reserve the operator's question
     * showed: claims' payouts and other operators change the reserve at any time, and the API applies a signed delta
     * to whatever it is then, so only the server, under the row lock, can tell that the figures asked about still
     * hold (as a claim action's `expected` status does). Fetching the reserve when the question opens would still
     * leave the time between the question and the answer. A mismatch is refused with the reserve as it is now.
     */
    async changeReserve(
      actor: Actor,
      currencyId: number,
      delta: string,
      reason: string,
      expected: string | null = null,
    ) {
      const reserve = await db.transaction(async (tx) => {
        // Locked: no payout or other change moves the reserve between the check below and the update.
        const before = await repo.lockCurrency(currencyId, tx);
        if (!before) throw new AppError('not_found');
        // No finer than the currency: what is applied (and kept in the history) is exactly what was typed.
        if (placesOf(delta) > before.decimals) throw invalid({ delta: [decimalsIssue(before.decimals)] });
        if (expected !== null && !new Big(expected).eq(before.reserve)) {
          const now = plain(before.reserve);
          throw new AppError('validation', {
            fields: {
              delta: [
                fieldIssue('field_reserve_moved', { reserve: now, symbol: before.symbol, decimals: before.decimals }),
              ],
            },
            // The figure as data too: the console asks its question again with it.
            extra: { current: { reserve: now } },
          });
        }
        const row = await repo.changeReserve(currencyId, plain(delta), tx);
        if (!row) {
          const now = plain((await repo.currency(currencyId, tx))?.reserve ?? before.reserve);
          const code = new Big(now).plus(delta).lt(0) ? 'field_reserve_below_zero' : 'field_reserve_too_large';
          // Written as money in the caller's language: "45 000,00 USDT", not "45000".
          const money = { reserve: now, symbol: before.symbol, decimals: before.decimals };
          throw invalid({ delta: [fieldIssue(code, money)] });
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
