import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as contentSchema from './schema.ts';
import * as mailSchema from './schema-mail.ts';
import * as exchangeSchema from './schema-exchange.ts';
import * as usersSchema from './schema-users.ts';
import * as referralSchema from './schema-referral.ts';
import * as promocodesSchema from './schema-promocodes.ts';
import * as adminSchema from './schema-admin.ts';
import * as adminDirectionsSchema from './schema-admin-directions.ts';
import * as adminRatesSchema from './schema-admin-rates.ts';

/** All tables, one module per domain (drizzle.config.ts reads the same files). */
const schema = {
  ...contentSchema,
  ...mailSchema,
  ...usersSchema,
  ...exchangeSchema,
  ...referralSchema,
  ...promocodesSchema,
  ...adminSchema,
  ...adminDirectionsSchema,
  ...adminRatesSchema,
};

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repository methods take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A PGlite data dir dump (tar) to start from instead of an empty cluster: tests restore a migrated template. */
  loadDataDir?: Blob;
  /** In-memory PGlite (tests). */
  memory?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    let ended = false;
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        if (ended) return;
        ended = true;
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? './data', 'pglite');
    // PGlite does not create parent folders (docs/architecture.md).
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = await PGlite.create(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) return false;
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
