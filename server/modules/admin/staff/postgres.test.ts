import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { users } from '../../../db/schema-users.ts';
import { staffUser } from '../../../../tests/helpers/staff.ts';

/** Two admins demote each other at once, on real PostgreSQL (PGlite would serialise them): one admin remains. */
describe.skipIf(!hasPostgres)('admin team on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, seed: false, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('two admins demoting each other at once: one succeeds, the other is refused, one admin is left', async () => {
    const [a, b] = await Promise.all([staffUser(t, 'admin'), staffUser(t, 'admin')]);
    const demote = (who: typeof a, target: typeof a) =>
      who.inject({ method: 'PUT', url: `/api/v1/admin/staff/${target.id}/`, payload: { role: 'operator' } });
    const answers = await Promise.all([demote(a, b), demote(b, a)]);
    // Both past the role check, the second waits on the first's lock and gets 409. When the first has committed before
    // the second's role check runs (a busy machine), the second is no admin any more: 403. One admin is left either way.
    const [won, lost] = answers.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});
