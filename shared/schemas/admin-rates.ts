import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

import { rateSourceNames } from '../rate-sources.ts';

/**
 * Why a source's last fetch failed, decided by the rates service where the failure happened (nothing came back, an
 * HTTP error status, symbols missing from the answer, an answer that could not be read); the console words it for the
 * operator and keeps the technical text (`lastError`) beside it.
 */
const rateSourceProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no_answer') }),
  z.object({ kind: z.literal('http_status'), status: z.number().int() }),
  z.object({ kind: z.literal('missing'), symbols: z.array(z.string()) }),
  z.object({ kind: z.literal('unreadable') }),
]);
export type RateSourceProblem = z.infer<typeof rateSourceProblemSchema>;

/** A direction priced from a source, as the console shows it. */
const rateDirectionSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** The currencies' tickers (RUB, USDT): the console writes the rate and course as a course line with them. */
  fromSymbol: z.string(),
  toSymbol: z.string(),
  active: z.boolean(),
  symbol: z.string(),
  sourceRate: z.string().nullable(),
  markupPercent: z.string(),
  /** The course customers get: the source rate lowered by the markup; null before any rate. */
  course: z.string().nullable(),
  sourceUpdatedAt: z.string().nullable(),
  /**
   * Where the rate came from: `source`, a refresh read it (the history has it); `seed`, it was written without a read,
   * which only the demo data does when it fills an empty database (so the source's card may say it never answered
   * while the directions have a rate); null before any rate.
   */
  rateOrigin: z.enum(['source', 'seed']).nullable(),
  /** Minutes since the last rate; null before any rate. */
  ageMinutes: z.number().int().nullable(),
  /** The direction's own limit; null = the site's default. */
  maxRateAgeMinutes: z.number().int().nullable(),
  /** The limit that applies: the direction's own or the site's default (the console's settings). */
  rateAgeLimitMinutes: z.number().int(),
  /** Older than its limit: the direction takes no claims until a fresh rate arrives. */
  stale: z.boolean(),
});
export type RateDirection = z.infer<typeof rateDirectionSchema>;

const rateSourceSchema = z.object({
  source: z.enum(rateSourceNames),
  url: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last attempt's error as technical text; null when it worked. */
  lastError: z.string().nullable(),
  /** What kind of failure that was; null when it worked. */
  lastProblem: rateSourceProblemSchema.nullable(),
  directions: z.array(rateDirectionSchema),
});
export type RateSource = z.infer<typeof rateSourceSchema>;

export const ratesStatusSchema = z.object({
  /** Minutes between scheduled refreshes; 0 = off. */
  refreshMinutes: z.number().int(),
  sources: z.array(rateSourceSchema),
  /** Directions priced by a source name that is not one of the known sources. */
  unknown: z.array(rateDirectionSchema),
});
export type RatesStatus = z.infer<typeof ratesStatusSchema>;

export const refreshResultSchema = z.object({
  results: z.array(
    z.object({
      source: z.enum(rateSourceNames),
      ok: z.boolean(),
      error: z.string().nullable(),
      problem: rateSourceProblemSchema.nullable(),
      /** Symbols read and stored. */
      symbols: z.number().int(),
      /** Directions whose source rate was updated. */
      directions: z.number().int(),
    }),
  ),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

const rateHistoryItemSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  symbol: z.string(),
  rate: z.string(),
  fetchedAt: z.string(),
});
export type RateHistoryItem = z.infer<typeof rateHistoryItemSchema>;
export const rateHistoryPageSchema = listOf(rateHistoryItemSchema);

/** `?source&symbol&page&size` of the rate history; an empty `source` or `symbol` (a cleared filter) filters nothing. */
const blank = (v: unknown) => (v === '' ? undefined : v);
export const rateHistoryQuery = paginationQuery(50).extend({
  source: z
    .preprocess(blank, z.enum(rateSourceNames, { error: fieldIssue('field_invalid_choice') }).optional())
    .meta({ type: 'string', enum: [...rateSourceNames] }),
  symbol: z
    .preprocess(
      blank,
      z
        .string()
        .trim()
        .max(32, { error: fieldIssue('field_too_long', { max: 32 }) })
        .transform((v) => v.toUpperCase())
        .optional(),
    )
    .meta({ type: 'string' }),
});
export type RateHistoryQuery = z.infer<typeof rateHistoryQuery>;
