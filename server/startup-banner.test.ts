import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.ts';

const base = { publicUrl: 'http://localhost:41234', dataDir: '/srv/obmen/data', demoData: true };

describe('start-up banner', () => {
  it('names the address, the embedded database, the mail log and how to create the first admin', () => {
    const text = startupBanner({
      config: { ...base, databaseUrl: undefined, smtpUrl: undefined },
      listening: 'http://127.0.0.1:41234',
      access: { kind: 'none' },
    });
    expect(text).toContain('Obmen is running: http://localhost:41234');
    expect(text).toContain('embedded PostgreSQL (PGlite) in /srv/obmen/data, demo data on');
    expect(text).toContain('the log and the mail_outbox table');
    expect(text).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('shows PostgreSQL and SMTP without their passwords, and the configured admin', () => {
    const text = startupBanner({
      config: {
        ...base,
        demoData: false,
        databaseUrl: 'postgres://obmen:s3cret-db@db.internal:5433/obmen',
        smtpUrl: 'smtp://mailer:s3cret-mail@smtp.example:587',
      },
      listening: 'http://127.0.0.1:41234',
      access: { kind: 'configured', email: 'admin@obmen.local' },
    });
    expect(text).toContain('PostgreSQL db.internal:5433/obmen as obmen');
    expect(text).toContain('SMTP smtp.example:587');
    expect(text).toContain('log in at http://localhost:41234/login as admin@obmen.local');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('demo data on');
  });

  it('points at the login page when operators already exist', () => {
    const text = startupBanner({
      config: { ...base, databaseUrl: undefined, smtpUrl: undefined },
      listening: 'http://127.0.0.1:41234',
      access: { kind: 'staff', count: 2 },
    });
    expect(text).toContain('with one of the 2 operator or admin account(s)');
  });
});
