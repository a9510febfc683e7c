import { plain } from '../../../../shared/exchange/calculator.ts';
import type { AdminPromocode, PromocodeInput } from '../../../../shared/schemas/admin-promocodes.ts';
import { fieldIssue } from '../../../../shared/field-issues.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { promocodes } from '../../../db/schema-promocodes.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminPromocodesRepository } from './repository.ts';

type Row = typeof promocodes.$inferSelect;

function view(code: Row, assignedTo: string[]): AdminPromocode {
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
 * the customers it is assigned to (a list of e-mails; empty = anyone), on/off. A change applies to claims created afterwards; claims already priced keep
 * their course. Uses are counted by the promocodes module (under the code's row lock), never here.
 */
export function adminPromocodesService(opts: { db: Db; repo: AdminPromocodesRepository; audit: AuditService }) {
  const { db, repo, audit } = opts;

  /** The row's values and the list's user ids; unknown e-mails are one field error naming them. */
  async function values(input: PromocodeInput, tx: Tx) {
    const found = await repo.userIds(input.assignedTo, tx);
    const unknown = input.assignedTo.filter((email) => !found.has(email));
    if (unknown.length) {
      throw new AppError('validation', {
        fields: { assignedTo: [fieldIssue('field_unknown_customers', { emails: unknown.join(', ') })] },
      });
    }
    return {
      row: {
        code: input.code,
        discountPercent: plain(input.discountPercent),
        validFrom: input.validFrom,
        validTo: input.validTo,
        maxUses: input.maxUses,
        perCustomer: input.perCustomer,
        active: input.active,
      },
      customers: [...found.values()],
    };
  }
  const taken = () => new AppError('validation', { fields: { code: [fieldIssue('field_promocode_taken')] } });

  async function withCustomers(rows: Row[], tx?: Tx): Promise<AdminPromocode[]> {
    const lists = await repo.customers(
      rows.map((r) => r.id),
      tx,
    );
    return rows.map((r) => view(r, lists.get(r.id) ?? []));
  }

  return {
    async list(page: { page: number; size: number }) {
      const { count, rows } = await repo.list(page);
      return { count, results: await withCustomers(rows) };
    },

    async get(id: number): Promise<AdminPromocode | null> {
      const row = await repo.get(id);
      return row ? (await withCustomers([row]))[0]! : null;
    },

    async create(actor: Actor, input: PromocodeInput): Promise<AdminPromocode> {
      const id = await db.transaction(async (tx) => {
        const { row: fields, customers } = await values(input, tx);
        const row = await repo.insert(fields, tx);
        if (!row) throw taken();
        await repo.setCustomers(row.id, customers, tx);
        await audit.record(
          actor,
          {
            action: 'promocode.create',
            entity: 'promocode',
            entityId: row.id,
            after: view(row, [...input.assignedTo].sort()),
          },
          tx,
        );
        return row.id;
      });
      return (await this.get(id))!;
    },

    async update(actor: Actor, id: number, input: PromocodeInput): Promise<AdminPromocode> {
      await db.transaction(async (tx) => {
        const locked = await repo.lock(id, tx);
        if (!locked) throw new AppError('not_found');
        const [before] = await withCustomers([locked], tx);
        if (await repo.codeTaken(input.code, id, tx)) throw taken();
        // Uses already counted stay counted: a total below them would break the code's own CHECK.
        if (input.maxUses !== null && input.maxUses < locked.usesCount) {
          throw new AppError('validation', {
            fields: { maxUses: [fieldIssue('field_uses_below_count', { count: locked.usesCount })] },
          });
        }
        const { row: fields, customers } = await values(input, tx);
        const after = await repo.update(id, fields, tx);
        await repo.setCustomers(id, customers, tx);
        await audit.record(
          actor,
          {
            action: 'promocode.update',
            entity: 'promocode',
            entityId: id,
            before,
            after: view(after, [...input.assignedTo].sort()),
          },
          tx,
        );
      });
      return (await this.get(id))!;
    },
  };
}
