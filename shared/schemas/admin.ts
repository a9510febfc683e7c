import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts the operator console shares (issue 6); each section keeps its own in shared/schemas/admin-<section>.ts. */

/** One entry of the audit log: who did what to which record, and the record before and after. */
const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = listOf(auditEntrySchema);

/** `GET /api/v1/admin/audit/?page&size&entity&entity_id&actor`: `actor` is an e-mail or part of one. */
export const auditQuery = paginationQuery(50).extend({
  entity: z
    .string()
    .max(40, { error: fieldIssue('field_too_long', { max: 40 }) })
    .optional(),
  entity_id: z
    .string()
    .max(80, { error: fieldIssue('field_too_long', { max: 80 }) })
    .optional(),
  actor: z
    .string()
    .max(254, { error: fieldIssue('field_too_long', { max: 254 }) })
    .optional(),
});
