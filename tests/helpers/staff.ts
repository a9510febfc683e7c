import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './build.ts';
import { users, type UserRole } from '../../server/db/schema-users.ts';
import { activeUser, bearer, login } from './accounts.ts';

let seq = 0;

/**
 * An activated account with `role`, logged in: `inject` calls the app as that user (the console's tests' injectAs).
 */
export async function staffUser(t: TestApp, role: UserRole, email = `${role}-${++seq}-${Date.now()}@obmen.test`) {
  const password = 'operator password 1';
  await activeUser(t, email, password);
  const [row] = await t.database.db.update(users).set({ role }).where(eq(users.email, email)).returning();
  const { access, cookie } = await login(t, email, password);
  return {
    id: row!.id,
    email,
    headers: bearer(access),
    /** The refresh cookie's value (what the console's EventSource sends). */
    cookie,
    inject(opts: InjectOptions) {
      return t.inject({ ...opts, headers: { ...opts.headers, ...bearer(access) } });
    },
  };
}
export type StaffUser = Awaited<ReturnType<typeof staffUser>>;
