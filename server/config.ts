import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultExchangeTimeZone, isTimeZone } from '../shared/format.ts';
import type { RateSourceName } from '../shared/rate-sources.ts';

/**
 * The one place that reads the environment (house style: config parsed once, no process.env elsewhere).
 * A bad value stops the start with a message naming the variable.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.url().optional(),
  // Names this site's keys and channels on a Redis that other sites (or test runs) share.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only (1-64)')
    .default('obmen'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Obmen <no-reply@obmen.local>'),
  SUPPORT_EMAIL: z.email().default('support@obmen.local'),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  EXCHANGE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: 'an IANA time zone such as Europe/Moscow' })
    .default(defaultExchangeTimeZone),
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  RATES_REFRESH_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  RATES_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(15),
  RATES_BINANCE_URL: z.url().default('https://api.binance.com/api/v3/ticker/price'),
  RATES_CBR_URL: z.url().default('https://www.cbr.ru/scripts/XML_daily.asp'),
  RATES_ECB_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  JOBS: bool.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  COOKIE_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(3600).default(600),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  LOG_REQUESTS: bool.default(true),
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DRAIN_SECONDS: z.coerce.number().min(0).max(5).default(3),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  TRUST_PROXY: bool.default(false),
  CHAT_SCRIPT_URL: z.url().optional(),
  ANALYTICS_SCRIPT_URL: z.url().optional(),
  ANALYTICS_ID: z.string().optional(),
  BUILD_DIR: z.string().default('./build'),
  PAGE_CACHE: bool.default(true),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10).max(128).optional(),
  SSE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(1000),
  SSE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(120).default(15),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: waits past which a request answers 503 instead of hanging (docs/architecture.md). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  dataDir: string;
  redisUrl: string | undefined;
  /** Starts every key and channel this process uses on Redis (`obmen:claims:status`). */
  redisPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  captchaProvider: 'altcha' | 'recaptcha' | 'none';
  /** reCAPTCHA keys (CAPTCHA_PROVIDER=recaptcha). */
  recaptcha: { secret: string | undefined; siteKey: string | undefined };
  /** How long an unpaid claim holds its rate when its direction sets no window (docs/product/claims.md: default 30). */
  paymentWindowMinutes: number;
  /** The exchange's own zone: the console's and the e-mails' times are written in it, named (docs/i18n.md). */
  exchangeTimeZone: string;
  /** Rate sources (issue 6 §4): minutes between scheduled refreshes (0 = off) and each source's address. */
  rates: {
    refreshMinutes: number;
    /** Minutes a source rate stays usable where a direction sets no limit (the console's settings may override). */
    maxAgeMinutes: number;
    urls: Record<RateSourceName, string>;
  };
  /** Run the background jobs (claim expiry) in this process; any number of processes may. */
  jobs: boolean;
  jwtSecret: string;
  cookieSecret: string;
  /** Lifetime of access JWTs in seconds (docs/auth.md: short; the refresh cookie renews them). */
  accessTokenTtl: number;
  demoData: boolean;
  logLevel: string;
  /** `json` for machines, `pretty` for people; unset = pretty when stdout is a terminal and pino-pretty is installed. */
  logFormat: 'json' | 'pretty' | undefined;
  /** One log line per answered request (method, url, status, time). */
  logRequests: boolean;
  /**
   * `GET /metrics` (Prometheus): on the main port behind `Authorization: Bearer <token>`, and/or without a token on a
   * port of its own (for a network only the scraper reaches). Neither set: no metrics, /metrics answers 404.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** SIGTERM: seconds /readyz answers 503 while the process still serves, so a load balancer stops sending. */
  drainSeconds: number;
  /** How long a request may take to arrive whole, headers and body (then 408); a client that stalls is let go. */
  requestTimeoutSeconds: number;
  trustProxy: boolean;
  chat: { scriptUrl: string | undefined };
  analytics: { scriptUrl: string | undefined; id: string | undefined };
  buildDir: string;
  /**
   * Anonymous public pages rendered once per version and served from memory (docs/decisions/0026-anonymous-page-cache.md):
   * off renders every page for everyone; `maxBytes` bounds the memory the ready pages take.
   */
  pageCache: { enabled: boolean; maxBytes: number };
  /** Live status streams (docs/decisions/0021-live-status.md): open streams per process and per address, heartbeat. */
  sse: { maxStreams: number; maxPerAddress: number; heartbeatMs: number };
  /** The first admin, created on start when both are set and no admin exists (issue 6). */
  admin: { email: string; password: string } | undefined;
}

export class ConfigError extends Error {}

/** Secrets are generated once and kept in DATA_DIR on the embedded default; with DATABASE_URL they are required. */
function keptSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `${name.toLowerCase()}.secret`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

const zodEnglish = z.locales.en();

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The operator reads these at start, in English and in zod's own words ("Too small: expected string to have >=16
  // characters"), whatever the API's field-error setting (shared/schemas/zod-config.ts) says, loaded before or not.
  const parsed = envSchema.safeParse(cleaned, { error: (issue) => zodEnglish.localeError(issue) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  let cookieSecret = e.COOKIE_SECRET;
  if (e.DATABASE_URL) {
    const missing = [!jwtSecret && 'JWT_SECRET', !cookieSecret && 'COOKIE_SECRET'].filter(Boolean);
    if (missing.length)
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required with DATABASE_URL`);
  }
  if (!!e.ADMIN_EMAIL !== !!e.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }
  jwtSecret ??= keptSecret(dataDir, 'JWT_SECRET');
  cookieSecret ??= keptSecret(dataDir, 'COOKIE_SECRET');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS },
    dataDir,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    // Links in letters and Origin checks must reach this process when PORT moves it off 3000.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    captchaProvider: e.CAPTCHA_PROVIDER,
    recaptcha: { secret: e.RECAPTCHA_SECRET, siteKey: e.RECAPTCHA_SITE_KEY },
    paymentWindowMinutes: e.PAYMENT_WINDOW_MINUTES,
    exchangeTimeZone: e.EXCHANGE_TIME_ZONE,
    rates: {
      refreshMinutes: e.RATES_REFRESH_MINUTES,
      maxAgeMinutes: e.RATES_MAX_AGE_MINUTES,
      urls: { binance: e.RATES_BINANCE_URL, cbr: e.RATES_CBR_URL, ecb: e.RATES_ECB_URL },
    },
    jobs: e.JOBS,
    jwtSecret: jwtSecret!,
    cookieSecret: cookieSecret!,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logRequests: e.LOG_REQUESTS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    drainSeconds: e.DRAIN_SECONDS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    trustProxy: e.TRUST_PROXY,
    chat: { scriptUrl: e.CHAT_SCRIPT_URL },
    analytics: { scriptUrl: e.ANALYTICS_SCRIPT_URL, id: e.ANALYTICS_ID },
    buildDir: path.resolve(e.BUILD_DIR),
    pageCache: { enabled: e.PAGE_CACHE, maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    sse: {
      maxStreams: e.SSE_MAX_STREAMS,
      maxPerAddress: e.SSE_MAX_STREAMS_PER_ADDRESS,
      heartbeatMs: Math.round(e.SSE_HEARTBEAT_SECONDS * 1000),
    },
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
  };
}
