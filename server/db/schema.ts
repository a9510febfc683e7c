import { customType, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

/** Bilingual text kept side by side: ru is the source, en may lag behind and falls back to ru. */
export type LocalizedText = { ru: string; en: string };

/**
 * Static content pages (rules, aml, contacts, concurs, sales, partners, partners-users, partners-monitoring).
 * `body` is Markdown (server/modules/content/markdown.ts renders it); `description` is the lead and meta description.
 */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
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

/** Partner sites: exchange-rate monitors (listed on /partners) and partner users (/partners/users). */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['monitoring', 'user'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    position: integer('position').notNull().default(0),
    /** A monitor's page for reviews of us: a completed claim's page and e-mail ask for a review there (the console). */
    reviewUrl: text('review_url'),
  },
  (t) => [index('partners_kind_position').on(t.kind, t.position)],
);

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A monitor's banner as the operator uploaded it (the console), served from our own origin in the footer: a monitor's
 * logo on their server would be a third party on every page (and the CSP keeps those out). In the database, so every
 * process serves the same bytes; `hash` names the version in its URL, which is cached for good.
 */
export const partnerBanners = pgTable('partner_banners', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Requests from monitoring sites that want to list us (/partners/monitoring form). */
export const monitoringRegistrations = pgTable(
  'monitoring_registrations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** shared/schemas/content.ts monitoringSiteKey(url): host without www. plus path, lower-cased. */
    siteKey: text('site_key').notNull(),
    email: text('email').notNull(),
    comment: text('comment').notNull().default(''),
    locale: text('locale', { enum: ['ru', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The console's decision (issue 6 §6): accepting lists the site on /partners; who decided is in the audit log. */
    status: text('status', { enum: ['new', 'accepted', 'rejected'] })
      .notNull()
      .default('new'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  // One request per site: racing duplicates are refused here (23505), not by a read-then-insert.
  (t) => [
    uniqueIndex('monitoring_registrations_site_key').on(t.siteKey),
    index('monitoring_registrations_status').on(t.status, t.createdAt),
  ],
);

/** The 'contest' setting: the header banner shows while `status` is 'active' (docs/product/site.md). */
export type ContestSetting = {
  status: 'active' | 'inactive';
  title: LocalizedText;
  /** ISO dates, or null when open-ended. */
  startsAt: string | null;
  endsAt: string | null;
  prizes: LocalizedText[];
};

/** Site-wide settings as typed JSON values under a key (contest, maintenance, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
