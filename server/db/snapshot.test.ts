import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../tests/helpers/build.ts';
import { openDatabase } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';
import { makeSnapshot, rebaseSeedTimes, restoreSnapshot, snapshotKey } from './snapshot.ts';

/**
 * A fresh DATA_DIR starts from the prepared snapshot (docs/decisions/0030-start-from-snapshot.md): what a visitor and
 * an API client see must be what a seed made at that moment gives, and a snapshot made for other migrations or another
 * seed must never be used.
 */

const day = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `obmen-${name}-`));
  dirs.push(dir);
  return dir;
};

/** The public listings a visitor's pages and the monitors read. */
const listings = [
  '/api/v1/calculator/',
  '/api/v1/calculator/reserves/',
  '/api/v1/calculator/settings/',
  '/api/v1/content/news/',
  '/api/v1/content/faq/',
  '/api/v1/content/partners/',
  '/api/v1/content/pages/rules/',
];

/** Every ISO time in a JSON answer, and the answer with them blanked (the two starts ran at different moments). */
function splitTimes(body: string): { times: number[]; rest: string } {
  const iso = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g;
  return { times: [...body.matchAll(iso)].map((m) => Date.parse(m[0])), rest: body.replace(iso, 'TIME') };
}

/** Moves a snapshot's clock values and its recorded seed window `ms` into the past: one made that long ago. */
async function age(snapshotDir: string, ms: number) {
  const metaFile = path.join(snapshotDir, 'snapshot.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as {
    seededFrom: string;
    seededTo: string;
    clockColumns: [string, string][];
  };
  const client = await PGlite.create(path.join(snapshotDir, 'pglite'));
  for (const [table, column] of meta.clockColumns) {
    await client.query(`update "${table}" set "${column}" = "${column}" - interval '${ms} milliseconds'`);
  }
  await client.close();
  meta.seededFrom = new Date(Date.parse(meta.seededFrom) - ms).toISOString();
  meta.seededTo = new Date(Date.parse(meta.seededTo) - ms).toISOString();
  writeFileSync(metaFile, JSON.stringify(meta));
}

describe('start from the database snapshot', () => {
  let cache: string;
  beforeAll(async () => {
    cache = tempDir('snapshots');
    await makeSnapshot(cache);
  }, 120_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the demo data a fresh seed gives, with a snapshot three days old starting with fresh rates', async () => {
    await age(path.join(cache, snapshotKey()), 3 * day);
    const dataDir = tempDir('data');
    const restored = await restoreSnapshot({ dataDir, cacheDir: cache });
    expect(restored).not.toBeNull();
    const startedAt = Date.now();
    const database = await openDatabase({ dataDir });
    await rebaseSeedTimes(database.db, restored!);
    const fromSnapshot = await build({ database, ssr: false });
    const seeded = await build({ ssr: false });
    try {
      for (const url of listings) {
        const [a, b] = await Promise.all([fromSnapshot.inject(url), seeded.inject(url)]);
        expect(a.statusCode, url).toBe(200);
        const snap = splitTimes(a.body);
        const fresh = splitTimes(b.body);
        // Rates three days old would have taken the source-priced directions off the lists.
        expect(snap.rest, url).toBe(fresh.rest);
        // A time the seed took from the clock is this start's in both; a fixed date of the demo is the same date.
        expect(snap.times.length, url).toBe(fresh.times.length);
        snap.times.forEach((t, i) => {
          const f = fresh.times[i]!;
          if (Math.abs(f - Date.now()) < 60_000) expect(t, url).toBeGreaterThanOrEqual(startedAt - 60_000);
          else expect(t, url).toBe(f);
        });
      }
    } finally {
      await fromSnapshot.close();
      await database.close();
      await seeded.close();
    }
    // The database exists now: a second start opens it as it is.
    expect(await restoreSnapshot({ dataDir, cacheDir: cache })).toBeNull();
  }, 120_000);

  it('ignores a snapshot made for other migrations or another seed: it migrates and seeds, and keeps that instead', async () => {
    // Yesterday's snapshot, under its own key, with a currency today's seed does not have.
    const staleCache = tempDir('stale');
    const stale = path.join(staleCache, 'stale0123456789ab');
    cpSync(path.join(cache, snapshotKey()), stale, { recursive: true });
    const meta = JSON.parse(readFileSync(path.join(stale, 'snapshot.json'), 'utf8')) as { key: string };
    writeFileSync(path.join(stale, 'snapshot.json'), JSON.stringify({ ...meta, key: 'stale0123456789ab' }));
    const client = await PGlite.create(path.join(stale, 'pglite'));
    await client.query(`update currencies set name = '{"ru":"Устаревшая","en":"Stale"}' where code = 'BTC'`);
    await client.close();

    const dataDir = tempDir('data');
    const restored = await restoreSnapshot({ dataDir, cacheDir: staleCache });
    expect(restored).not.toBeNull();
    const database = await openDatabase({ dataDir });
    await rebaseSeedTimes(database.db, restored!);
    const t: TestApp = await build({ database, ssr: false });
    try {
      const body = (await t.inject('/api/v1/calculator/')).body;
      expect(body).toContain('Bitcoin');
      expect(body).not.toContain('Stale');
    } finally {
      await t.close();
      await database.close();
    }
    expect(readdirSync(staleCache)).toEqual([snapshotKey()]);
  }, 120_000);

  it('takes another key when a migration changes', () => {
    const copy = tempDir('migrations');
    cpSync(migrationsFolder, copy, { recursive: true });
    expect(snapshotKey(copy)).toBe(snapshotKey());
    const first = readdirSync(copy).find((f) => f.endsWith('.sql'))!;
    writeFileSync(path.join(copy, first), `${readFileSync(path.join(copy, first), 'utf8')}\n-- changed\n`);
    expect(snapshotKey(copy)).not.toBe(snapshotKey());
    expect(existsSync(path.join(cache, snapshotKey(copy)))).toBe(false);
  });
});
