import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { contentRepository } from './modules/content/repository.ts';
import { contentService } from './modules/content/service.ts';

/** The domain services, built once per process and shared by the API routes and the SSR loaders. */
export function buildServices(database: Database, config: Config) {
  const { db } = database;
  void config;
  return {
    database,
    content: contentService(contentRepository(db)),
  };
}
export type Services = ReturnType<typeof buildServices>;
