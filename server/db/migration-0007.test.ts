import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migration 0007 on a database that already has promocodes assigned the old way (`promocodes.user_id`): each code's
 * customer must end up on its list, and public codes must stay public. The migrations are applied file by file, as
 * drizzle runs them, so the state before 0007 is what 0006 left.
 */
describe('migration 0007: promocode customers', () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  const apply = async (tag: string) => {
    const sql = readFileSync(new URL(`../../drizzle/${tag}.sql`, import.meta.url), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await pg.exec(statement);
  };

  it('moves each assigned customer onto the code’s list and drops the old column', async () => {
    const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf('0007_promocode_customers');
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) await apply(tag);

    await pg.exec(`
      insert into users (id, email, password_hash) values (1, 'a@example.com', 'x'), (2, 'b@example.com', 'x');
      insert into promocodes (id, code, discount_percent, user_id) values
        (1, 'FOR-A', 1, 1), (2, 'FOR-B', 1, 2), (3, 'PUBLIC', 1, null);
    `);
    await apply(tags[at]!);

    const lists = await pg.query<{ promocode_id: number; user_id: number }>(
      'select promocode_id, user_id from promocode_customers order by promocode_id',
    );
    expect(lists.rows).toEqual([
      { promocode_id: 1, user_id: 1 },
      { promocode_id: 2, user_id: 2 },
    ]);
    const columns = await pg.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'promocodes' and column_name = 'user_id'",
    );
    expect(columns.rows).toEqual([]);
  });
});
