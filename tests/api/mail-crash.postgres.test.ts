import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, hasPostgres } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { startSmtpCatcher } from '../helpers/smtp-catcher.ts';
import { overHttp, startServerProcess } from '../helpers/server-process.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';

/** An SMTP server that takes the connection and never says hello: every delivery waits, nothing is received. */
async function silentSmtp() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {}).on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The real server process on `databaseUrl`, its letters going to `smtpUrl`. */
const startServer = (databaseUrl: string, smtpUrl: string) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    DEMO_DATA: '1',
    JOBS: '0',
    CAPTCHA_PROVIDER: 'none',
    JWT_SECRET: 'crash-test-jwt-secret-0123456789-0123456789',
    COOKIE_SECRET: 'crash-test-cookie-secret-0123456789-012345',
  });

/**
 * kill -9 between a claim's commit and its letter's delivery (issue: 3 of 94 "claim created" letters were lost when the
 * outbox row was written after the commit). The first process commits claims while its SMTP server never answers,
 * and is killed; every claim must have its letter in the outbox, and the next process must deliver each exactly once.
 */
describe.skipIf(!hasPostgres)('mail survives a crash (TEST_DATABASE_URL)', () => {
  let database: Database;
  let databaseUrl: string;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let silent: Awaited<ReturnType<typeof silentSmtp>>;
  const children: ChildProcess[] = [];

  let fresh: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    fresh = await freshPostgres();
    databaseUrl = fresh.url;
    database = await openDatabase({ databaseUrl });
    smtp = await startSmtpCatcher();
    silent = await silentSmtp();
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await smtp?.close();
    await silent?.close();
    await database?.close();
    await fresh?.drop();
  });

  it('a letter committed with its claim is delivered after a kill -9, exactly once', async () => {
    const first = await startServer(databaseUrl, silent.url);
    children.push(first.child);
    const h = claimHelpers(overHttp(first.url));
    const emails = Array.from({ length: 12 }, (_, i) => `crash${i}@example.com`);
    const answers = await Promise.all(
      emails.map(
        async (email) => (await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000', { email }))).statusCode,
      ),
    );
    expect(answers.every((s) => s === 201)).toBe(true);
    // Killed with every letter committed and none delivered: its SMTP server never said hello.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const { rows: letters } = await database.db.execute<{ to: string; status: string }>(
      `select "to", status from mail_outbox where kind = 'claim.created' order by id`,
    );
    expect(letters.map((l) => l.to).sort()).toEqual([...emails].sort());
    expect(letters.every((l) => l.status === 'pending')).toBe(true);

    const second = await startServer(databaseUrl, smtp.url);
    children.push(second.child);
    for (const email of emails) await smtp.waitFor(email, (m) => /заявк|claim/i.test(m.subject ?? ''), 15_000);
    // A few poll rounds more: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of emails) {
      expect(smtp.messages.filter((m) => m.to?.some((a) => a.address === email))).toHaveLength(1);
    }
    const { rows: after } = await database.db.execute<{ status: string }>(
      `select status from mail_outbox where kind = 'claim.created'`,
    );
    expect(after.every((l) => l.status === 'sent')).toBe(true);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 120_000);
});
