import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase } from '../../../tests/helpers/build.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema-mail.ts';
import { layoutMail, mailService } from './service.ts';

describe('mail', () => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    database = await freshDatabase();
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it('delivers over SMTP with a text and an HTML part, and records it in the outbox', async () => {
    const mail = mailService({ db: database.db, smtpUrl: smtp.url, from: 'Obmen <no-reply@obmen.test>' });
    const body = layoutMail({
      title: 'Подтвердите e-mail',
      paragraphs: ['Нажмите кнопку <ниже>.'],
      button: { label: 'Подтвердить', url: 'http://localhost:3000/activate/abc' },
      footer: 'Obmen',
    });
    await mail.send({ to: 'anna@example.com', subject: 'Активация', kind: 'test.activate', ...body });
    const got = await smtp.waitFor('anna@example.com');
    expect(got.subject).toBe('Активация');
    expect(got.text).toContain('http://localhost:3000/activate/abc');
    expect(got.html).toContain('href="http://localhost:3000/activate/abc"');
    expect(got.html).toContain('&lt;ниже&gt;');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'anna@example.com'));
    expect(row?.status).toBe('sent');
    mail.close();
  });

  it('without SMTP_URL keeps the message in the outbox as logged', async () => {
    const mail = mailService({ db: database.db, smtpUrl: undefined, from: 'x@y.z' });
    await mail.send({ to: 'boris@example.com', subject: 'Hi', text: 't', html: '<p>t</p>', kind: 'test.log' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'boris@example.com'));
    expect(row?.status).toBe('logged');
  });

  it('keeps a message whose delivery failed, retries it with back-off, and marks it failed once the tries are used up', async () => {
    const mail = mailService({
      db: database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@y.z',
      retry: { delaysSeconds: [0], maxAttempts: 3 },
    });
    await mail.enqueue({ to: 'carl@example.com', subject: 'Hi', text: 't', html: '<p>t</p>', kind: 'test.fail' });
    await mail.settled();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'carl@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row?.error).toBeTruthy();
  });

  it('a message that failed goes out on a later try once the SMTP server answers, once', async () => {
    const down = mailService({
      db: database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@y.z',
      retry: { delaysSeconds: [1], maxAttempts: 5 },
    });
    await down.send({ to: 'dina@example.com', subject: 'Later', text: 't', html: '<p>t</p>', kind: 'test.retry' });
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dina@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // The same outbox, now read by a process whose SMTP server answers (the retry is due after its back-off).
    const up = mailService({ db: database.db, smtpUrl: smtp.url, from: 'x@y.z', pollSeconds: 0.2 });
    up.start();
    await smtp.waitFor('dina@example.com', () => true, 5000);
    await up.stop();
    up.close();
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dina@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.messages.filter((m) => m.to?.some((a) => a.address === 'dina@example.com'))).toHaveLength(1);
  });

  it('writes nothing when the change it belongs to rolls back', async () => {
    const mail = mailService({ db: database.db, smtpUrl: undefined, from: 'x@y.z' });
    await database.db
      .transaction(async (tx) => {
        await mail.enqueue({ to: 'eve@example.com', subject: 'No', text: 't', html: '<p>t</p>', kind: 'test.tx' }, tx);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'eve@example.com'))).toEqual([]);
  });
});
