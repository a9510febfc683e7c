import './zod-config.ts';
import { z } from 'zod';

/**
 * The rates export for monitors (GET /export.xml, its JSON twin /export.json) and the console's report on it
 * (docs/product/monitors.md). Amounts are decimal strings; `minamount`/`maxamount` carry the `from` ticker, as the
 * BestChange format writes them ("0.001 BTC").
 */

const exportItemSchema = z.object({
  from: z.string().describe('monitor code of the sent currency (the cur_from of the home page), e.g. BTC'),
  to: z.string().describe('monitor code of the received currency (cur_to), e.g. SBERRUB'),
  in: z.string().describe('give `in` of `from`...'),
  out: z.string().describe('...get `out` of `to` (out / in is the course a guest gets)'),
  amount: z.string().describe('reserve of `to`'),
  fromfee: z.string().optional().describe('fixed fee taken from what is sent, with the `from` ticker ("0.0001 BTC")'),
  tofee: z.string().optional().describe('fixed fee taken from what is received, with the `to` ticker ("1.5 USDT")'),
  minamount: z.string().optional().describe('least amount of `from`, with its ticker'),
  maxamount: z.string().optional().describe('largest amount of `from` (limits and reserve), with its ticker'),
  city: z.string().optional().describe('city of a cash currency'),
  param: z.string().optional().describe('`manual`: an operator checks every claim by hand'),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

export const exportJsonSchema = z.object({ rates: z.array(exportItemSchema) });

/** Why a direction is not in the export. */
const exportLeftOutReasons = ['off', 'no_details', 'unpriced', 'stale', 'no_reserve'] as const;
export type ExportLeftOutReason = (typeof exportLeftOutReasons)[number];

export const exportStatusSchema = z.object({
  /** When this process built the current export (ISO). */
  builtAt: z.string(),
  /** When its content last changed (ISO): the Last-Modified monitors see. */
  lastModified: z.string(),
  etag: z.string(),
  /** The addresses to give a monitor (on PUBLIC_URL). */
  urls: z.object({ xml: z.string(), json: z.string() }),
  /** The site is in maintenance: the export is empty. */
  maintenance: z.boolean(),
  /** Directions in the export. */
  carried: z.number().int(),
  leftOut: z.array(
    z.object({
      id: z.number().int(),
      from: z.string(),
      to: z.string(),
      reason: z.enum(exportLeftOutReasons),
    }),
  ),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;
