import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from './migrations-folder.ts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { settleWithin } from '../time-bound.ts';
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
  /** PostgreSQL: the pool's connections (all, idle) and the requests waiting for one (metrics). */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A PGlite data dir dump (tar) to start from instead of an empty cluster: tests restore a migrated template. */
  loadDataDir?: Blob;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /**
   * PGlite only: the database holds every migration already (restored from the snapshot made for the current
   * migrations, server/db/snapshot.ts), so the migrator's check of each one is skipped.
   */
  migrated?: boolean;
  /** PGlite only: its WebAssembly compiled ahead (compilePglite), instead of after the data folder is ready. */
  wasm?: Promise<WebAssembly.Module | undefined>;
  /** PostgreSQL only: how long to wait for the server (docs/architecture.md, "When the database goes away"). */
  timeouts?: Partial<DatabaseTimeouts>;
}

interface DatabaseTimeouts {
  /** A new connection, or a free one from the full pool, within this many ms, else the request answers 503. */
  connectMs: number;
  /** The server cancels a statement running longer; the client gives up on an answer 1 s later (a dead network). */
  statementMs: number;
}

const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 2000, statementMs: 5000 };

/** How long close() waits for the pool to end before it lets go (a server that stopped answering never says bye). */
const closeGraceMs = 2000;

/**
 * A pg client that drops its connection when an answer does not come in time. pg's `query_timeout` rejects the
 * query but leaves the connection waiting for the lost answer, and the pool would hand that connection to the next
 * request (https://github.com/brianc/node-postgres/issues/3399): destroying the socket makes the pool discard it.
 */
class TimedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        }
      });
    }
    return result as never;
  }
}

/**
 * PGlite's WebAssembly, compiled now (V8 compiles on its own threads): a start begins this before it copies the
 * snapshot, so PGlite does not wait for it after (docs/decisions/0030-start-from-snapshot.md, "Later"). The file is
 * the one PGlite loads itself, beside its entry module; undefined when it is not there (PGlite then loads its own).
 */
export async function compilePglite(): Promise<WebAssembly.Module | undefined> {
  try {
    return await WebAssembly.compile(
      await readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))),
    );
  } catch {
    return undefined;
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const t = { ...defaultDatabaseTimeouts, ...opts.timeouts };
    // Migrations run before the timeouts apply: a long index build must not be cancelled at start.
    const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1, connectionTimeoutMillis: t.connectMs });
    try {
      await migratePg(drizzlePg({ client: migrator, schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: TimedClient,
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      // A transaction left open by a stuck request must not hold its locks for ever.
      idle_in_transaction_session_timeout: t.statementMs * 2,
      query_timeout: t.statementMs + 1000,
      idleTimeoutMillis: 30_000,
      // The kernel notices a peer that vanished without a word (a dropped NAT entry, a dead host).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    let ended = false;
    return {
      db,
      kind: 'postgres',
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
        // pool.end() waits for every connection's goodbye; past the grace the process is leaving anyway.
        await settleWithin(
          pool.end().catch(() => undefined),
          closeGraceMs,
          undefined,
        );
      },
    };
  }
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? './data', 'pglite');
    // PGlite does not create parent folders (docs/architecture.md).
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const wasmModule = await opts.wasm;
  const client = await PGlite.create(dataDir, {
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (!opts.migrated) await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
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
