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
});
