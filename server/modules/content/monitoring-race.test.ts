import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';

/**
 * Duplicate monitoring requests arriving at once. PGlite runs one transaction at a time and would hide a
 * read-then-insert race (docs/testing.md), so this counts on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe(`monitoring registration race (${hasPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(() => t.close());

  it('10 parallel requests for one site: exactly one is stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.inject({
          method: 'POST',
          url: '/api/v1/content/monitoring/',
          // The same site written ten ways.
          payload: {
            name: `Monitor ${i}`,
            url: i % 2 ? 'https://race.example/' : 'www.race.example',
            email: `m${i}@race.example`,
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(9).fill(400)]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(Object.keys(a.json())).toEqual(['url']);
  });
});
