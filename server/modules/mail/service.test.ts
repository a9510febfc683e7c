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

  it('records a failed delivery instead of losing the message', async () => {
    const mail = mailService({ db: database.db, smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' });
    await mail.send({ to: 'carl@example.com', subject: 'Hi', text: 't', html: '<p>t</p>', kind: 'test.fail' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'carl@example.com'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toBeTruthy();
  });
});
