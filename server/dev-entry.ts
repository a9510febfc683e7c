import type { ViteDevServer } from 'vite';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { buildServices } from './services.ts';
import { seedDemoData } from './db/seed.ts';

/** `npm run dev`: React Router's dev server mounts this Fastify app (HMR for the web, restart for the server). */
export async function createServer(vite: ViteDevServer) {
  const config = parseConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  if (config.demoData) await seedDemoData(database.db);
  return buildApp({ config, services: buildServices(database, config), vite });
}
