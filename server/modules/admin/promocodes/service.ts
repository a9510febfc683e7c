import { plain } from '../../../../shared/exchange/calculator.ts';
import type { Locale } from '../../../../shared/locales.ts';
import type { AdminPromocode, PromocodeInput } from '../../../../shared/schemas/admin-promocodes.ts';
import { fieldMessage, type FieldErrors } from '../../../../shared/schemas/fields.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { promocodes } from '../../../db/schema-promocodes.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminPromocodesRepository } from './repository.ts';

type Row = typeof promocodes.$inferSelect;

function view(code: Row, assignedTo: string | null): AdminPromocode {
  return {
    id: code.id,
    code: code.code,
    discountPercent: plain(code.discountPercent),
    validFrom: code.validFrom?.toISOString() ?? null,
    validTo: code.validTo?.toISOString() ?? null,
    maxUses: code.maxUses,
    usesCount: code.usesCount,
    perCustomer: code.perCustomer,
    assignedTo,
    active: code.active,
    createdAt: code.createdAt.toISOString(),
  };
}

/**
 * The console's promocodes (issue 6 §5): create and change codes — discount, validity, total and per-customer uses,
 * assignment to one customer, on/off. A change applies to claims created afterwards; claims already priced keep
 * their course. Uses are counted by the promocodes module (under the code's row lock), never here.
 */
export function adminPromocodesService(opts: { db: Db; repo: AdminPromocodesRepository; audit: AuditService }) {
  const { db, repo, audit } = opts;

  async function values(input: PromocodeInput, locale: Locale, tx: Tx) {
    const errors: FieldErrors = {};
    const userId = input.assignedTo ? await repo.userId(input.assignedTo, tx) : null;
    if (input.assignedTo && userId === null) errors.assignedTo = [fieldMessage('field_unknown_customer', locale)];
    if (Object.keys(errors).length) throw new AppError('validation', { fields: errors });
    return {
      code: input.code,
      discountPercent: plain(input.discountPercent),
      validFrom: input.validFrom,
      validTo: input.validTo,
      maxUses: input.maxUses,
      perCustomer: input.perCustomer,
      userId,
      active: input.active,
    };
  }
  const taken = (locale: Locale) =>
    new AppError('validation', { fields: { code: [fieldMessage('field_promocode_taken', locale)] } });

  return {
    async list(page: { page: number; size: number }) {
      const { count, rows } = await repo.list(page);
      return { count, results: rows.map((r) => view(r.code, r.assignedTo)) };
    },

    async get(id: number): Promise<AdminPromocode | null> {
      const row = await repo.get(id);
      return row ? view(row.code, row.assignedTo) : null;
    },

    async create(actor: Actor, input: PromocodeInput, locale: Locale): Promise<AdminPromocode> {
      const id = await db.transaction(async (tx) => {
        const row = await repo.insert(await values(input, locale, tx), tx);
        if (!row) throw taken(locale);
        await audit.record(
          actor,
          { action: 'promocode.create', entity: 'promocode', entityId: row.id, after: view(row, input.assignedTo) },
          tx,
        );
        return row.id;
      });
      return (await this.get(id))!;
    },

    async update(actor: Actor, id: number, input: PromocodeInput, locale: Locale): Promise<AdminPromocode> {
      await db.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('not_found');
        if (await repo.codeTaken(input.code, id, tx)) throw taken(locale);
        // Uses already counted stay counted: a total below them would break the code's own CHECK.
        if (input.maxUses !== null && input.maxUses < before.usesCount) {
          throw new AppError('validation', {
            fields: { maxUses: [fieldMessage('field_amount_min', locale, { min: before.usesCount })] },
          });
        }
        const after = await repo.update(id, await values(input, locale, tx), tx);
        await audit.record(
          actor,
          {
            action: 'promocode.update',
            entity: 'promocode',
            entityId: id,
            before: view(before, null),
            after: view(after, input.assignedTo),
          },
          tx,
        );
      });
      return (await this.get(id))!;
    },
  };
}
export type AdminPromocodesService = ReturnType<typeof adminPromocodesService>;
