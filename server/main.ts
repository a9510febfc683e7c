import { ConfigError, parseConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { rebaseSeedTimes, restoreSnapshot, snapshotCache, type Restored } from './db/snapshot.ts';

/**
 * The database as a start needs it: a new embedded database with demo data starts as a copy of the prepared snapshot
 * instead of an initdb, every migration and the seed (docs/decisions/0030-start-from-snapshot.md); PostgreSQL and
 * existing databases as before.
 */
async function openForStart(config: Config): Promise<{ database: Database; snapshotError: unknown }> {
  let snapshotError: unknown = null;
  // The copy starts first, before the database's own modules load (restoreSnapshot's module imports nothing heavy).
  const restoring: Promise<Restored | null> =
    !config.databaseUrl && config.demoData
      ? restoreSnapshot({ dataDir: config.dataDir, cacheDir: snapshotCache(config.buildDir) }).catch((err: unknown) => {
          // A build folder the process may not write (the snapshot missing or stale there): the slow way still works.
          snapshotError = err;
          return null;
        })
      : Promise.resolve(null);
  const { compilePglite, openDatabase } = await import('./db/client.ts');
  const wasm = config.databaseUrl ? undefined : compilePglite();
  const restored = await restoring;
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
    // The snapshot's key covers every migration: one restored for the current key has them all.
    migrated: restored !== null,
    ...(wasm ? { wasm } : {}),
  });
  // Migrations have run (a current snapshot holds them all); the snapshot's clock values become this start's.
  if (restored) await rebaseSeedTimes(database.db, restored);
  else if (config.demoData) {
    const { seedDemoData } = await import('./db/seed.ts');
    await seedDemoData(database.db);
  }
  return { database, snapshotError };
}

export async function startServer(config: Config, options: { announce?: boolean } = {}) {
  // The database comes up while the rest of the server loads (docs/decisions/0030-start-from-snapshot.md, "Later"):
  // the snapshot's copy and PGlite's WebAssembly compile run off the main thread, so loading the modules fills that
  // wait instead of following it.
  const [{ database, snapshotError }, { buildApp }, { buildServices }, { ensureAdmin }, banner] = await Promise.all([
    openForStart(config),
    import('./app.ts'),
    import('./services.ts'),
    import('./modules/admin/bootstrap.ts'),
    import('./startup-banner.ts'),
    // The site's bundle too (registerSsr finds it loaded): on the main thread it fills the wait for the copy.
    import('./plugins/ssr.ts').then(({ loadServerBuild }) => loadServerBuild(config.buildDir)),
  ]);
  const services = buildServices(database, config);
  const app = await buildApp({ config, services, closeDatabase: true });
  if (snapshotError) app.log.warn({ err: snapshotError }, 'no database snapshot: migrated and seeded instead');
  const admin = await ensureAdmin(database.db, config.admin);
  if (admin === 'created' || admin === 'promoted') app.log.info({ email: config.admin?.email }, `admin ${admin}`);
  const listening = await app.listen({ port: config.port, host: config.host });
  if (options.announce) {
    // Plain words on stdout for the person who started it; the JSON log stays for machines.
    process.stdout.write(
      banner.startupBanner({ config, listening, access: await banner.consoleAccess(database.db, config) }) + '\n',
    );
  }
  return app;
}

export async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // The handlers come first: a signal while the server is still starting (after it listens, before the start-up print
  // is done) would otherwise kill the process by default and reset the connections it already took. Such a signal
  // waits for the start, then stops as usual.
  let early: string | null = null;
  let onSignal = (signal: string) => {
    early ??= signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  const app = await startServer(config, { announce: true });
  // SIGTERM: say "not ready" and keep serving for DRAIN_SECONDS so the load balancer moves away, then stop taking
  // connections, finish what was accepted and close the database (onClose hooks). A second signal skips what is left
  // of the drain (Ctrl-C twice in a terminal).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      app.endDrain();
      return;
    }
    stopping = true;
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down');
    // Within 10 s whatever happens: the drain is at most 5 s, requests end by their database timeouts, the pool
    // closes within 2 s (db/client.ts).
    const force = setTimeout(() => process.exit(1), 9_000);
    force.unref();
    app
      .drain(config.drainSeconds)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  onSignal = stop;
  if (early) stop(early);
}

// `node server/main.ts` starts it; scripts/start.ts imports main() after building.
if (import.meta.main) await main();
