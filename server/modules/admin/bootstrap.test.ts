import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { users } from '../../db/schema-users.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { activeUser } from '../../../tests/helpers/accounts.ts';
import { ensureAdmin } from './bootstrap.ts';

describe('first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  const row = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('does nothing when not configured', async () => {
    expect(await ensureAdmin(t.database.db, undefined)).toBe('not configured');
  });

  it('creates an activated admin once, and never touches it again', async () => {
    expect(await ensureAdmin(t.database.db, { email: 'boss@obmen.test', password: 'first password' })).toBe('created');
    const admin = await row('boss@obmen.test');
    expect(admin).toMatchObject({ role: 'admin' });
    expect(admin!.activatedAt).not.toBeNull();
    expect(await verifyPassword(admin!.passwordHash, 'first password')).toBe(true);
    // A restart with other values keeps the admin as it is.
    expect(await ensureAdmin(t.database.db, { email: 'boss@obmen.test', password: 'other password' })).toBe('exists');
    expect(await verifyPassword((await row('boss@obmen.test'))!.passwordHash, 'first password')).toBe(true);
  });

  it('promotes an existing customer when no admin exists', async () => {
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.email, 'boss@obmen.test'));
    await activeUser(t, 'owner@obmen.test', 'customer password');
    expect(await ensureAdmin(t.database.db, { email: 'owner@obmen.test', password: 'admin password' })).toBe(
      'promoted',
    );
    expect(await row('owner@obmen.test')).toMatchObject({ role: 'admin' });
  });
});
