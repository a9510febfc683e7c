import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.ts';
import { migrationsFolder as defaultMigrationsFolder } from './migrations-folder.ts';

/**
 * The embedded database's start from a prepared snapshot (docs/decisions/0030-start-from-snapshot.md). A fresh PGlite
 * costs an initdb, every migration and the demo seed (~3 s of a ~3.6 s first start); a closed, migrated and seeded data
 * folder copied into DATA_DIR and resumed costs ~0.3 s. The snapshot lives in `<BUILD_DIR>/pglite-snapshot/<key>/`,
 * made by `npm run build` or by the first start that finds none, and keyed by everything that shapes its contents, so
 * a changed migration, seed or PGlite never starts from a stale one.
 *
 * A fresh start runs this first, before the rest of the server loads (server/main.ts), so this module imports nothing
 * heavy: PGlite, drizzle and the seed are loaded where a snapshot is made or a restored one rebased.
 */

/** A snapshot's folder: `pglite/` (the closed data folder) and `snapshot.json` (this). */
interface SnapshotMeta {
  key: string;
  /** When the seed ran (ISO): values the seed took from the clock lie within, and are moved to the start's time. */
  seededFrom: string;
  seededTo: string;
  /** The [table, column] pairs holding such values (clockColumns). */
  clockColumns: [string, string][];
}

/** What a restored database needs after it opens: the seed's time window (rebaseSeedTimes). */
export interface Restored {
  seededFrom: Date;
  seededTo: Date;
  clockColumns: [string, string][];
}

const metaFile = 'snapshot.json';

/** Where a build keeps its snapshots. */
export const snapshotCache = (buildDir: string) => path.join(buildDir, 'pglite-snapshot');
const here = path.dirname(fileURLToPath(import.meta.url));

/** The files a module reaches through relative imports, itself included (the seed's data is spread over several). */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const m of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    moduleGraph(path.resolve(path.dirname(entry), m[1]!), seen);
  }
  return seen;
}

/** An installed package's version: its package.json is not among its exports, so it is found from its entry. */
function packageVersion(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? '';
    }
    const up = path.dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * What the snapshot's contents follow from: the migrations, the source of the seed and of this module (everything they
 * import from the project), and the versions of PGlite and drizzle. Any change gives another key.
 */
export function snapshotKey(migrationsFolder = defaultMigrationsFolder): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\ndrizzle-orm ${packageVersion('drizzle-orm')}\n`);
  const sources = [
    ...filesUnder(migrationsFolder).map((f) => [path.relative(migrationsFolder, f), f]),
    ...[...moduleGraph(path.join(here, 'seed.ts')), ...moduleGraph(fileURLToPath(import.meta.url))]
      .sort()
      .map((f) => [path.relative(here, f), f]),
  ];
  for (const [name, file] of sources) hash.update(`${name}\n`).update(readFileSync(file!)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** The snapshot for `key` in `cacheDir`, if one is there whole (its folder appears by a rename, never half-written). */
function readSnapshot(cacheDir: string, key: string): (SnapshotMeta & { dir: string }) | null {
  const dir = path.join(cacheDir, key);
  try {
    const meta = JSON.parse(readFileSync(path.join(dir, metaFile), 'utf8')) as SnapshotMeta;
    return meta.key === key ? { ...meta, dir } : null;
  } catch {
    return null;
  }
}

/**
 * Makes the snapshot for the current key in `cacheDir` unless it is there: a fresh PGlite in a folder of its own,
 * migrated and seeded with the demo data and nothing else (no admin, no secrets: those belong to each install and are
 * made after the restore), closed cleanly, then renamed into place. Older keys' snapshots are removed. Two processes
 * making it at once each build their own and the second rename loses, harmlessly.
 */
export async function makeSnapshot(cacheDir: string, migrationsFolder = defaultMigrationsFolder): Promise<string> {
  const key = snapshotKey(migrationsFolder);
  const final = path.join(cacheDir, key);
  if (readSnapshot(cacheDir, key)) return final;
  const work = path.join(cacheDir, `.making-${process.pid}-${Date.now()}`);
  // PGlite does not create parent folders.
  mkdirSync(work, { recursive: true });
  try {
    const [{ PGlite }, { drizzle }, { migrate }, { seedDemoData }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('./seed.ts'),
    ]);
    const client = await PGlite.create(path.join(work, 'pglite'));
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder });
      const seededFrom = new Date();
      await seedDemoData(db as unknown as Db);
      const seededTo = new Date();
      const meta: SnapshotMeta = {
        key,
        seededFrom: seededFrom.toISOString(),
        seededTo: seededTo.toISOString(),
        clockColumns: await clockColumns(client, { seededFrom, seededTo }),
      };
      await dropTemplates(client);
      writeFileSync(path.join(work, metaFile), `${JSON.stringify(meta)}\n`);
    } finally {
      await client.close();
    }
    try {
      renameSync(work, final);
    } catch (e) {
      // Another process put it there first: theirs is as good.
      if (!readSnapshot(cacheDir, key)) throw e;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const name of readdirSync(cacheDir)) {
    if (name !== key && !name.startsWith('.making-'))
      rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
  return final;
}

/**
 * The snapshot keeps only the app's database. initdb's template0 and template1 are half of its ~1,150 files, and each
 * fresh start copies every file: creating files is most of the copy's cost (~0.7 ms each on the development machines,
 * docs/decisions/0030-start-from-snapshot.md, "Later"). The app never creates a database, the only use of a template;
 * a `CREATE DATABASE` in an embedded database started from the snapshot needs `TEMPLATE postgres`. One statement per
 * call: DROP DATABASE refuses to run inside a transaction, and several statements in one call make one.
 */
async function dropTemplates(client: PGlite) {
  for (const name of ['template0', 'template1']) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  await client.exec('checkpoint');
}

/**
 * Before a PGlite start: when DATA_DIR holds no database yet, copies the snapshot for the current key into it (made
 * first when missing) and returns the seed's time window; null when the database exists (it opens, migrates and
 * seeds as always). The copy lands under a temporary name and is renamed, so a start cut short never leaves half a
 * database behind.
 */
export async function restoreSnapshot(opts: {
  dataDir: string;
  cacheDir: string;
  migrationsFolder?: string;
}): Promise<Restored | null> {
  const target = path.join(opts.dataDir, 'pglite');
  if (existsSync(target)) return null;
  const dir = await makeSnapshot(opts.cacheDir, opts.migrationsFolder);
  const meta = readSnapshot(opts.cacheDir, path.basename(dir))!;
  mkdirSync(opts.dataDir, { recursive: true });
  const copying = `${target}.copying-${process.pid}`;
  rmSync(copying, { recursive: true, force: true });
  await copyFolder(path.join(meta.dir, 'pglite'), copying);
  renameSync(copying, target);
  return { seededFrom: new Date(meta.seededFrom), seededTo: new Date(meta.seededTo), clockColumns: meta.clockColumns };
}

/**
 * A copy-on-write clone where the file system has them, a plain copy elsewhere, made on a thread of its own: the copy
 * is mostly the kernel creating its ~550 files (~0.4 s on the development machines), and meanwhile the main thread
 * loads the server's modules (server/main.ts). Node's `cp` from fs/promises is no substitute: it walks the folder in
 * JavaScript, a few promises per file, and took two to three times as long as `cpSync`.
 */
function copyFolder(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { cpSync, constants } = require('node:fs');
       const { workerData } = require('node:worker_threads');
       cpSync(workerData.from, workerData.to, { recursive: true, mode: constants.COPYFILE_FICLONE });`,
      { eval: true, workerData: { from, to } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`snapshot copy exited with ${code}`))));
  });
}

/**
 * A restored snapshot's clock values made the start's: every timestamp the seed took from the clock (rates' fetch
 * times, `created_at`/`updated_at` defaults) moves by the time since the seed, so a snapshot made days ago starts with
 * fresh rates (a stale rate takes its direction off sale) exactly as a seed made now would. Which columns hold such
 * values was found when the snapshot was made (clockColumns); fixed dates of the demo (news, a promocode's end) lie
 * outside the seed's window and stay. Run once, right after the restore, while the database holds only the snapshot.
 */
export async function rebaseSeedTimes(db: Db, restored: Restored) {
  const { from, to } = seedWindow(restored);
  const { sql } = await import('drizzle-orm');
  const shift = `${Date.now() - restored.seededFrom.getTime()} milliseconds`;
  await db.transaction(async (tx) => {
    for (const [table, column] of restored.clockColumns) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} + ${shift}::interval
            where ${sql.identifier(column)} between ${from} and ${to}`,
      );
    }
  });
}

/** The seed's window give or take a second: the database's clock and the process's may round differently. */
function seedWindow(r: Pick<Restored, 'seededFrom' | 'seededTo'>) {
  return {
    from: new Date(r.seededFrom.getTime() - 1000).toISOString(),
    to: new Date(r.seededTo.getTime() + 1000).toISOString(),
  };
}

/**
 * The timestamp columns that hold a value from the seed's window: every one of them, whatever the seed's code looks
 * like, so a clock value a later seed adds is moved too. Asked once, when the snapshot is made (the catalogue query
 * costs more than the moves it finds).
 */
async function clockColumns(client: PGlite, r: Pick<Restored, 'seededFrom' | 'seededTo'>): Promise<[string, string][]> {
  const { from, to } = seedWindow(r);
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('timestamp with time zone', 'timestamp without time zone')
     order by table_name, column_name`,
  );
  const found: [string, string][] = [];
  for (const { table_name: table, column_name: column } of rows) {
    const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const hit = await client.query(`select 1 from ${q(table)} where ${q(column)} between $1 and $2 limit 1`, [
      from,
      to,
    ]);
    if (hit.rows.length) found.push([table, column]);
  }
  return found;
}
