import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { contentRepository } from './modules/content/repository.ts';
import { contentService } from './modules/content/service.ts';
import { mailService } from './modules/mail/service.ts';

/** The domain services, built once per process and shared by the API routes and the SSR loaders. */
export function buildServices(database: Database, config: Config) {
  const { db } = database;
  return {
    database,
    mail: mailService({ db, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    content: contentService(contentRepository(db), { supportEmail: config.supportEmail }),
  };
}
export type Services = ReturnType<typeof buildServices>;
