import type { StaffGrantInput, StaffMember } from '../../../../shared/schemas/admin-staff.ts';
import { fieldIssue } from '../../../../shared/field-issues.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { UserRole } from '../../../db/schema-users.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminStaffRepository } from './repository.ts';

/**
 * The console's team (issue 6 §1): an admin gives an existing account the operator or admin role, changes it, or
 * takes it back (the account stays a customer). The role is read from the database on every request (the bearer
 * token's session is joined to its user), so a change applies to that person's next click; nobody is logged out.
 * Guard rails: nobody changes their own role (no admin locks themselves out by a slip), and the last admin stays one.
 */
export function adminStaffService(opts: { db: Db; repo: AdminStaffRepository; audit: AuditService }) {
  const { db, repo, audit } = opts;

  async function change(actor: Actor, id: number, from: UserRole, to: UserRole, tx: Tx) {
    if (id === actor.id) throw new AppError('staff_self');
    if (from === 'admin' && to !== 'admin' && (await repo.admins(tx)) <= 1) throw new AppError('staff_last_admin');
    if (from === to) return;
    await repo.setRole(id, to, tx);
    await audit.record(
      actor,
      { action: 'staff.role', entity: 'user', entityId: id, before: { role: from }, after: { role: to } },
      tx,
    );
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await repo.list()).map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role as StaffMember['role'],
        activated: r.activatedAt !== null,
        lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt).toISOString() : null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Gives the account with this e-mail a console role; it must have signed up (there are no invitations). */
    async grant(actor: Actor, input: StaffGrantInput) {
      await db.transaction(async (tx) => {
        await repo.lockRoles(tx);
        const account = await repo.byEmail(input.email, tx);
        if (!account) {
          throw new AppError('validation', { fields: { email: [fieldIssue('field_unknown_account')] } });
        }
        await change(actor, account.id, account.role, input.role, tx);
      });
    },

    /** Changes a team member's role; `customer` takes the console away. 404 (`staff_not_member`) for one not staff. */
    async setRole(actor: Actor, id: number, role: UserRole) {
      await db.transaction(async (tx) => {
        await repo.lockRoles(tx);
        const account = await repo.byId(id, tx);
        // A row the admin's page still shows after another admin took the access away (or an id never staff).
        if (!account || account.role === 'customer') throw new AppError('staff_not_member');
        await change(actor, id, account.role, role, tx);
      });
    },
  };
}
