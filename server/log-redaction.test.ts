import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactedError } from './log-redaction.ts';

describe('logged errors', () => {
  it('keep the failed query and its SQLSTATE but not its parameters or the driver’s detail', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(anna@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "claims" ("email", "from_requisites") values ($1, $2)',
      ['anna@example.com', '{"card":"2202201234567890"}'],
      driver,
    );
    const logged = JSON.stringify(redactedError(error));
    expect(logged).not.toContain('anna@example.com');
    expect(logged).not.toContain('2202201234567890');
    expect(logged).toContain('insert into \\"claims\\"');
    expect(logged).toContain('23505');
  });

  it('drop the value PostgreSQL quotes in a data exception’s message, in the error and in its stack', () => {
    // What year 0000 in a date filter once wrote into the log through the referral page.
    const driver = Object.assign(new Error('date/time field value out of range: "0000-01-01T00:00:00.000Z"'), {
      code: '22008',
    });
    const error = new DrizzleQueryError(
      'select count(*) from "referral_ledger" where ("user_id" = $1 and "created_at" >= $2)',
      [4242, '0000-01-01T00:00:00.000Z'],
      driver,
    );
    const logged = JSON.stringify(redactedError(error));
    expect(logged).not.toContain('0000-01-01');
    expect(logged).not.toContain('4242');
    expect(logged).toContain('date/time field value out of range');
    expect(logged).toContain('22008');
  });
});
