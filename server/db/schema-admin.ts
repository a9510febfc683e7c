import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every operator action (issue 6 §7): who, what, on which record, the record before and after. Written inside the
 * action's own transaction, so an action that rolls back leaves no entry and a committed one always has its entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The operator's account; kept as a plain number so the log outlives a deleted account. */
    actorId: integer('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** Dotted verb: 'claim.complete', 'direction.update', 'withdrawal.pay', ... */
    action: text('action').notNull(),
    /** The kind of record ('claim', 'direction', 'currency', 'promocode', 'setting', ...) and its id as text. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity').on(t.entity, t.entityId, t.id), index('audit_log_actor').on(t.actorId, t.id)],
);
