import type { AuditEntry } from '../../../../shared/schemas/admin.ts';
import type { Tx } from '../../../db/client.ts';
import type { AuditFilter, AuditRepository } from './repository.ts';

/** Who acts in the console: the operator's account as the bearer token names it. */
export interface Actor {
  id: number;
  email: string;
}

export interface AuditRecord {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy for the log: Dates become ISO strings, undefined fields disappear. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * The audit log (issue 6 §7). `record` takes the action's transaction: pass the same `tx` the change was written in,
 * so the entry commits with it or not at all.
 */
export function auditService(repo: AuditRepository) {
  return {
    async record(actor: Actor, entry: AuditRecord, tx: Tx): Promise<void> {
      await repo.insert(
        {
          actorId: actor.id,
          actorEmail: actor.email,
          action: entry.action,
          entity: entry.entity,
          entityId: String(entry.entityId),
          before: snapshot(entry.before),
          after: snapshot(entry.after),
        },
        tx,
      );
    },

    async list(filter: AuditFilter, page: { page: number; size: number }) {
      const { count, rows } = await repo.list(filter, page);
      const results: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        actor: { id: r.actorId, email: r.actorEmail },
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
      }));
      return { count, results };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
