import { ConfigError, parseConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp } from './app.ts';
import { buildServices } from './services.ts';
import { seedDemoData } from './db/seed.ts';
import { ensureAdmin } from './modules/admin/bootstrap.ts';
import { consoleAccess, startupBanner } from './startup-banner.ts';

export async function startServer(config: Config, options: { announce?: boolean } = {}) {
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  if (config.demoData) await seedDemoData(database.db);
  const services = buildServices(database, config);
  const app = await buildApp({ config, services, closeDatabase: true });
  const admin = await ensureAdmin(database.db, config.admin);
  if (admin === 'created' || admin === 'promoted') app.log.info({ email: config.admin?.email }, `admin ${admin}`);
  const listening = await app.listen({ port: config.port, host: config.host });
  if (options.announce) {
    // Plain words on stdout for the person who started it; the JSON log stays for machines.
    process.stdout.write(startupBanner({ config, listening, access: await consoleAccess(database.db, config) }) + '\n');
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
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

// `node server/main.ts` starts it; scripts/start.ts imports main() after building.
if (import.meta.main) await main();
