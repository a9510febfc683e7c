import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../../tests/helpers/build.ts';
import { partners } from '../../../db/schema.ts';
import { staffUser } from '../../../../tests/helpers/staff.ts';

/** Two operators decide one monitor's request at once, on real PostgreSQL (PGlite would serialise them). */
describe.skipIf(!hasPostgres)('admin monitoring inbox on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, seed: false, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it.each([
    ['accept', 'accept'],
    ['accept', 'reject'],
  ])('an %s and an %s of one request at once: one wins, the other gets 409, listed at most once', async (a, b) => {
    const host = `race-${a}-${b}.example`;
    const sent = await t.inject({
      method: 'POST',
      url: '/api/v1/content/monitoring/',
      payload: { name: host, url: `https://${host}/`, email: `hi@${host}`, comment: '' },
      remoteAddress: `10.1.${a.length}.${b.length}`,
    });
    expect(sent.statusCode).toBeLessThan(300);
    const [one, two] = await Promise.all([staffUser(t, 'operator'), staffUser(t, 'admin')]);
    const inbox = (await one.inject({ method: 'GET', url: '/api/v1/admin/monitoring/?status=new' })).json() as {
      results: { id: number; name: string }[];
    };
    const { id } = inbox.results.find((r) => r.name === host)!;
    const answers = await Promise.all([
      one.inject({ method: 'POST', url: `/api/v1/admin/monitoring/${id}/${a}/` }),
      two.inject({ method: 'POST', url: `/api/v1/admin/monitoring/${id}/${b}/` }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const listed = await t.database.db.select().from(partners).where(eq(partners.name, host));
    const won = answers.find((r) => r.statusCode === 200)!.json() as { status: string };
    expect(listed).toHaveLength(won.status === 'accepted' ? 1 : 0);
  });
});
