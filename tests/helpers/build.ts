import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import pg from 'pg';
import { inject as provided } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { parseConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database, type OpenOptions } from '../../server/db/client.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { buildServices, type Services } from '../../server/services.ts';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
/**
 * PostgreSQL for a test that asks for it by name (`postgres: true`), also in a run whose databases are PGlite: the
 * browser run sets TEST_POSTGRES_URL for its journey through a database outage (tests/e2e/outage.e2e.ts).
 */
const postgresUrl = testDatabaseUrl ?? process.env.TEST_POSTGRES_URL;

/** Whether this run has a real PostgreSQL: money, tokens and races are tested there (docs/money.md). */
export const hasPostgres = !!testDatabaseUrl;
/** Whether a test may ask for PostgreSQL (`postgres: true`) in this run, whatever the other tests run on. */
export const canUsePostgres = !!postgresUrl;

/** The PostgreSQL server the tests run on (host and port), for tests that put something in front of it. */
export function postgresServer(): { host: string; port: number } {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set: this test needs PostgreSQL');
  const url = new URL(postgresUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

/**
 * A new PostgreSQL database copied from the migrated template: its URL, for a process of its own to open, and `drop`.
 */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set: this test needs PostgreSQL');
  const name = `obmen_t_${provided('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${provided('pgTemplate')}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: postgresUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * A fresh database for one test file: PGlite restored from the migrated template, or with `postgres: true` (or
 * TEST_DATABASE_URL set and `postgres` not false) a new PostgreSQL database copied from the migrated template.
 */
export async function freshDatabase(
  opts: {
    postgres?: boolean;
    /** PostgreSQL: connect through this port on 127.0.0.1 (a proxy in front of the server, tests/helpers/tcp-proxy.ts). */
    throughPort?: number;
    timeouts?: OpenOptions['timeouts'];
  } = {},
): Promise<Database> {
  const usePg = opts.postgres ?? hasPostgres;
  if (usePg) {
    const fresh = await freshPostgres();
    const url = new URL(fresh.url);
    if (opts.throughPort) {
      url.hostname = '127.0.0.1';
      url.port = String(opts.throughPort);
    }
    const database = await openDatabase({ databaseUrl: url.toString(), timeouts: opts.timeouts });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await fresh.drop();
      },
    };
  }
  const dump = readFileSync(provided('pgliteTemplate'));
  return openDatabase({ memory: true, loadDataDir: new Blob([dump]) });
}

function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    DATA_DIR: `${provided('pgliteTemplate')}.data`,
    JWT_SECRET: 'test-jwt-secret-test-jwt-secret-0123456789',
    COOKIE_SECRET: 'test-cookie-secret-test-cookie-secret-012345',
    PUBLIC_URL: 'http://localhost:3000',
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    BUILD_DIR: provided('buildDir'),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  services: Services;
  config: Config;
  inject(opts: InjectOptions | string): Promise<InjectResponse>;
  close(): Promise<void>;
}

/**
 * Boots the whole app on a fresh database. `seed` loads the demo data (the same factories the site seeds with);
 * `ssr: false` skips the React Router app for API-only tests.
 */
export async function build(
  opts: {
    seed?: boolean;
    ssr?: boolean;
    postgres?: boolean;
    /**
     * A database another app already uses (two "processes" over one database): not seeded again, not closed with
     * this app.
     */
    database?: Database;
    env?: Record<string, string>;
    /** Runs after the app's own routes are registered and before `ready()`: add test-only routes or hooks here. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase({ postgres: opts.postgres }));
  if (!opts.database && (opts.seed ?? true)) await seedDemoData(database.db);
  const config = testConfig(opts.env);
  const services = buildServices(database, config);
  const app = await buildApp({ config, services, ssr: opts.ssr ?? true, logger: false });
  if (opts.beforeReady) await opts.beforeReady(app);
  await app.ready();
  return {
    app,
    database,
    services,
    config,
    inject: (o) => app.inject(o),
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/**
 * Two app instances over one fresh, seeded PostgreSQL database, sharing `env` (REDIS_URL): two processes as
 * production runs them. `close` closes both and drops the database.
 */
export async function twoInstances(env: Record<string, string>) {
  const database = await freshDatabase({ postgres: true });
  await seedDemoData(database.db);
  const one = await build({ ssr: false, database, env });
  const two = await build({ ssr: false, database, env });
  // Let both subscriptions reach Redis before the first message.
  await new Promise((r) => setTimeout(r, 300));
  return {
    one,
    two,
    close: async () => {
      await Promise.all([one.close(), two.close()]);
      await database.close();
    },
  };
}
