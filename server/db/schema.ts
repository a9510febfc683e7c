import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

/** Bilingual text kept side by side: ru is the source, en may lag behind and falls back to ru. */
export type LocalizedText = { ru: string; en: string };

/** Static content pages (rules, aml, contacts, concurs, sales, partners, partner users, monitoring). */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  body: jsonb('body').$type<LocalizedText>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  question: jsonb('question').$type<LocalizedText>().notNull(),
  answer: jsonb('answer').$type<LocalizedText>().notNull(),
});

/** News and updates. A row belongs to one locale: the spec hides news in en, so en rows are optional. */
export const newsItems = pgTable(
  'news_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['news', 'update'] }).notNull(),
    locale: text('locale', { enum: ['ru', 'en'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_items_locale_slug').on(t.locale, t.slug),
    index('news_items_list').on(t.locale, t.kind, t.publishedAt),
  ],
);

/** Partner sites shown on /partners and /partners/users. */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['monitoring', 'user'] }).notNull(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
});

/** Requests from monitoring sites that want to list us (/partners/monitoring form). */
export const monitoringRegistrations = pgTable(
  'monitoring_registrations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    email: text('email').notNull(),
    comment: text('comment').notNull().default(''),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One request per site: the same URL (normalised, lower-cased) is refused as a duplicate.
  (t) => [uniqueIndex('monitoring_registrations_url').on(sql`lower(${t.url})`)],
);

/** Site-wide settings as typed JSON values under a key (contest, maintenance, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
