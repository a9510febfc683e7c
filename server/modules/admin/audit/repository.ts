import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema-admin.ts';

export interface AuditFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Part of the actor's e-mail. */
  actor?: string | undefined;
}

export function auditRepository(db: Db) {
  return {
    async insert(row: typeof auditLog.$inferInsert, tx: Tx = db): Promise<void> {
      await tx.insert(auditLog).values(row);
    },

    async list(filter: AuditFilter, page: { page: number; size: number }, tx: Tx = db) {
      const where: SQL[] = [];
      if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
      if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
      // The pattern is the operator's text taken literally: %, _ and \ are escaped.
      if (filter.actor) where.push(ilike(auditLog.actorEmail, `%${filter.actor.replace(/[\\%_]/g, '\\$&')}%`));
      const cond = where.length ? and(...where) : undefined;
      const [total] = await tx.select({ n: count() }).from(auditLog).where(cond);
      const rows = await tx
        .select()
        .from(auditLog)
        .where(cond)
        .orderBy(desc(auditLog.id))
        .limit(page.size)
        .offset((page.page - 1) * page.size);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
