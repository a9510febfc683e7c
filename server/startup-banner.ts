import { inArray, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema-users.ts';

/** Who can get into the console at start: what the start-up banner says about it. */
export type ConsoleAccess = { kind: 'configured'; email: string } | { kind: 'staff'; count: number } | { kind: 'none' };

/** Counts the accounts with console access (operator or admin), for the banner. */
export async function consoleAccess(db: Db, config: Pick<Config, 'admin'>): Promise<ConsoleAccess> {
  if (config.admin) return { kind: 'configured', email: config.admin.email };
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.role, ['operator', 'admin']));
  const count = Number(row?.n ?? 0);
  return count > 0 ? { kind: 'staff', count } : { kind: 'none' };
}

/** A PostgreSQL URL without its password: host, port, database and user are what a reader needs to find it. */
function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `embedded PostgreSQL (PGlite) in ${dataDir}`;
  const u = new URL(databaseUrl);
  const user = u.username ? ` as ${decodeURIComponent(u.username)}` : '';
  return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname || '/'}${user}`;
}

/** The SMTP server without its credentials. */
function describeMail(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'not sent: letters go to the log and the mail_outbox table (set SMTP_URL to send them)';
  const u = new URL(smtpUrl);
  return `SMTP ${u.hostname}${u.port ? `:${u.port}` : ''}`;
}

/**
 * What the process prints once it listens: a few plain lines a person starting it needs (where to open it, which
 * database and mail it uses, how to get into the console), instead of hunting through JSON logs. No secrets: URLs lose
 * their passwords.
 */
export function startupBanner(input: {
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir' | 'smtpUrl' | 'demoData'>;
  listening: string;
  access: ConsoleAccess;
}): string {
  const { config, listening, access } = input;
  const login = `${config.publicUrl}/login`;
  const consoleLine =
    access.kind === 'configured'
      ? `log in at ${login} as ${access.email} (ADMIN_EMAIL, with ADMIN_PASSWORD), then open ${config.publicUrl}/admin`
      : access.kind === 'staff'
        ? `log in at ${login} with one of the ${access.count} operator or admin account(s), then open ${config.publicUrl}/admin`
        : 'no operator yet: start once with ADMIN_EMAIL and ADMIN_PASSWORD (10+ characters) set to create the first admin';
  return [
    '',
    `Obmen is running: ${config.publicUrl}  (listening on ${listening})`,
    `  Database: ${describeDatabase(config.databaseUrl, config.dataDir)}${config.demoData ? ', demo data on' : ''}`,
    `  Mail:     ${describeMail(config.smtpUrl)}`,
    `  Console:  ${consoleLine}`,
    '',
  ].join('\n');
}
