import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the site sends: the outbox (docs/decisions/0020-mail-outbox.md). A row is written in the same
 * transaction as the change it reports, as `pending`, and delivered from here with retries: `sent` over SMTP,
 * `logged` without SMTP_URL (the log is the mailbox), `failed` once the attempts are used up (the last error kept).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    /**
     * The letter. Null until its first delivery attempt for a kind rendered then from the row it reports (a new claim's
     * letter: written by the claim's own INSERT, docs/decisions/0029-claims-at-database-speed.md).
     */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /** What the message is about, for tests and support: 'claim.created', 'user.activate', ... */
    kind: text('kind').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'logged', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    /** Delivery attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** A pending message is delivered once this has passed (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // No index by recipient: nothing reads the outbox by it, and every letter's INSERT and outcome would pay for one
    // (migration 0014). What the deliverer looks for: small, since delivered rows leave it (on PGlite, which has no
    // autovacuum, once the deliverer vacuums the table: server/modules/mail/service.ts).
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
