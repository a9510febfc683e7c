import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const userRoles = ['customer', 'operator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Accounts. `email` is stored lower-cased (the CHECK keeps every writer honest), so the plain unique index is the
 * case-insensitive uniqueness the spec asks for, and racing sign-ups of one address fail there (23505).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    /** Null until the e-mailed activation link is followed (or a restore link proves the address). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The `refferal` of the sign-up form as given; the referral programme resolves it later. */
    refferal: text('refferal'),
    /** Language of sign-up: notices the customer did not ask for in a request go out in it. */
    locale: text('locale', { enum: ['ru', 'en'] })
      .notNull()
      .default('ru'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/**
 * A login: one family of refresh tokens. Its id is the `sid` claim of every access token it issues, so revoking the
 * row (logout, password change, reuse of a rotated token) makes those access tokens fail at once too.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Remember-me: a persistent cookie and a long idle lifetime; without it a browser-session cookie. */
    remember: boolean('remember').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout', 'password', 'restore', 'reuse'. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user').on(t.userId)],
);

/**
 * Refresh tokens, stored as sha256 of the opaque value. Each use marks the row `used_at` with a conditional UPDATE and
 * issues its successor in the same family; a row found already used means the token was replayed.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash').on(t.tokenHash), index('refresh_tokens_session').on(t.sessionId)],
);

export const oneTimePurposes = ['activate', 'restore'] as const;
export type OneTimePurpose = (typeof oneTimePurposes)[number];

/** E-mailed single-use links (activation, password restore), stored as sha256; consumed by a conditional UPDATE. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimePurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash').on(t.tokenHash), index('one_time_tokens_user').on(t.userId, t.purpose)],
);
