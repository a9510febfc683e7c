import './zod-config.ts';
import Big from 'big.js';
import safeRegex from 'safe-regex2';
import { z } from 'zod';
import { rateSourceNames, rateSourcePattern } from '../rate-sources.ts';
import { inputKinds } from '../exchange/requisites.ts';
import { currencyKindValues } from './exchange.ts';
import {
  consoleDecimal,
  fieldIssue,
  maxInteger,
  nullableConsoleDecimal,
  nullableWholeNumber,
  readWholeNumber,
} from './fields.ts';
import { listOf } from './pagination.ts';

/**
 * Contracts of the console's directions section (issue 6 §3): currencies (with their requisite inputs) and directions
 * created and edited, directions' courses and limits, currencies' reserves. Messages are catalogue codes, translated
 * at the edge (docs/decisions/0013-contracts.md). Over 400 lines because it is one contract of two entities whose
 * fields are declared once for the route, the form and the API document alike; splitting it would split that one list.
 */

const localized = z.object({ ru: z.string(), en: z.string() });

const side = z.object({ id: z.number().int(), code: z.string(), name: z.string(), symbol: z.string() });

export const adminDirectionSchema = z.object({
  id: z.number().int(),
  from: side,
  to: side,
  courseMode: z.enum(['manual', 'source']),
  courseManual: z.string().nullable(),
  rateSource: z.string().nullable(),
  sourceRate: z.string().nullable(),
  sourceUpdatedAt: z.string().nullable(),
  markupPercent: z.string(),
  bonusPercent: z.string(),
  /** Fixed fees: the send side's in its currency (a bank's), the receive side's in its currency (a network's). */
  fromFee: z.string(),
  toFee: z.string(),
  /** Minutes a source rate stays usable; null = never stale. */
  maxRateAgeMinutes: z.number().int().nullable(),
  /** The source rate is older than its limit: the direction takes no claims until a fresh rate arrives. */
  stale: z.boolean(),
  /** What a guest is offered now (manual, or the source lowered by the markup); null = not priced, not offered. */
  course: z.string().nullable(),
  fromMin: z.string().nullable(),
  fromMax: z.string().nullable(),
  toMin: z.string().nullable(),
  toMax: z.string().nullable(),
  /** Decimal places of the calculator on each side (the pair's `roundCalculator`). */
  fromRound: z.number().int(),
  toRound: z.number().int(),
  /** What the calculator shows under each side (the pair's `notify`), per language. */
  fromNotify: localized,
  toNotify: localized,
  /** Minutes an unpaid claim holds its rate; null = the site's payment window. */
  paymentWindowMinutes: z.number().int().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminDirection = z.infer<typeof adminDirectionSchema>;
export const adminDirectionListSchema = z.object({ results: z.array(adminDirectionSchema) });

const adminCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  symbol: z.string(),
  network: z.string().nullable(),
  decimals: z.number().int(),
  logo: z.string(),
  reserve: z.string(),
  sendVisible: z.boolean(),
  receiveVisible: z.boolean(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;
export const adminCurrencyListSchema = z.object({ results: z.array(adminCurrencySchema) });

/** One requisite input as stored and edited (`RequisiteInput` of shared/exchange/requisites.ts). */
const requisiteInputSchema = z.object({
  name: z.string().describe('safe identifier: claims store values by it; field errors are fromRequisites.<name>'),
  label: localized,
  visible: z.boolean(),
  required: z.boolean(),
  kind: z.enum(inputKinds),
  pattern: z.string().nullable().describe('an extra regular expression (anchored, Unicode) the value must match'),
  example: z.string().describe('the placeholder; must pass the input’s own rules'),
  exampleEn: z
    .string()
    .optional()
    .describe('the English pages’ placeholder when the example is in Russian; absent = the example'),
});

/** A currency as `GET /api/v1/admin/currencies/{id}/` gives it: every field the editor changes, both languages. */
export const adminCurrencyDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localized,
  kind: z.enum(currencyKindValues),
  symbol: z.string(),
  network: z.string().nullable(),
  decimals: z.number().int(),
  logo: z.string(),
  sendVisible: z.boolean(),
  receiveVisible: z.boolean(),
  city: z.string().nullable(),
  /** Block-explorer link template of a transaction, `{ref}` standing for its hash; null: none. */
  explorerUrl: z.string().nullable(),
  position: z.number().int(),
  fromInputs: z.array(requisiteInputSchema),
  toInputs: z.array(requisiteInputSchema),
  reserve: z.string(),
  updatedAt: z.string(),
});
export type AdminCurrencyDetail = z.infer<typeof adminCurrencyDetailSchema>;

const reserveChangeSchema = z.object({
  id: z.number().int(),
  delta: z.string(),
  reserveAfter: z.string(),
  reason: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type ReserveChange = z.infer<typeof reserveChangeSchema>;
export const reserveHistoryPageSchema = listOf(reserveChangeSchema);

/** A reserve change refused because the reserve is no longer the `expected` one: the message and the figure now. */
export const reserveMovedSchema = z.object({
  delta: z.array(z.string()),
  current: z.object({ reserve: z.string() }),
});
export type ReserveMoved = z.infer<typeof reserveMovedSchema>;

/**
 * What the OpenAPI document shows for a field whose schema takes `unknown` (to answer a field message of our own for
 * any wrong type, not zod's generic one): the type a client should send.
 */
const documented = (type: 'string' | 'integer', description?: string, nullable = false) => ({
  type,
  ...(nullable ? { nullable: true } : {}),
  ...(description ? { description } : {}),
});

/**
 * A whole number in [min, max]; with `nullable`, '' and null clear it. A form's text counts, read as the console reads
 * whole numbers (`readWholeNumber`: "1 000", "1,000", "+5"); what does not read as one is refused with the range.
 */
function intField(min: number, max: number, nullable = false) {
  return z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : (readWholeNumber(v) ?? v)))
    .refine((v) => (v === null && nullable) || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max), {
      error: fieldIssue('field_number_range', { min, max }),
    })
    .transform((v) => v as number)
    .meta(documented('integer', `${min}..${max}`, nullable));
}
const nullableInt = (min: number, max: number) => intField(min, max, true).transform((v) => v as number | null);

/** Text in both languages, each at most `max` characters; `required` asks for both. */
function localizedField(max: number, required = false) {
  const text = z
    .string({ error: fieldIssue('field_required') })
    .trim()
    .max(max, { error: fieldIssue('field_too_long', { max }) })
    .refine((v) => !required || v.length > 0, { error: fieldIssue('field_required') });
  // A missing object is what an operator sees as a missing field.
  return z.object({ ru: text, en: text }, { error: fieldIssue('field_required') });
}

/** Decimal places of amounts (a currency's precision, a direction side's rounding): 0..18, as numeric(36,18) keeps. */
const decimalsLimits = { min: 0, max: 18 } as const;
const positionLimits = { min: 0, max: 100_000 } as const;
const directionPaymentWindowLimits = { min: 1, max: 1440 } as const;

const courseMode = z.enum(['manual', 'source'], { error: fieldIssue('field_invalid_choice') });

/**
 * A direction's fields, each optional (what is left out stays). Cross-field rules (min <= max, a manual course for
 * manual mode, a source for source mode) are checked by the service against the merged result, and here too on what
 * the body itself gives (`givenInOrder`): the form sends every field, and its operator should learn every refusal in
 * one answer, not "min above max" only after fixing the rest.
 */
const directionFields = z
  .object({
    courseMode,
    courseManual: nullableConsoleDecimal({
      positive: true,
      number: true,
      description: 'the course: what one unit sent buys, a decimal string above 0; null clears it',
    }),
    rateSource: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z
          .string()
          .regex(rateSourcePattern, { error: fieldIssue('field_invalid_format', { example: 'binance:USDTRUB' }) })
          .nullable(),
      )
      .meta(documented('string', `${rateSourceNames.join('|')}:SYMBOL, e.g. binance:USDTRUB, cbr:USD`, true)),
    markupPercent: consoleDecimal({ signed: true, percent: true, min: '-50', max: '50' }),
    bonusPercent: consoleDecimal({ percent: true, min: '0', max: '50' }),
    // Fees and limits: at most the side currency's decimal places too (the service's check, it knows the currency).
    fromFee: consoleDecimal({
      dp: Infinity,
      max: '1000000000000000',
      description: 'fixed fee in the send currency, taken before the exchange; at most its decimal places',
    }),
    toFee: consoleDecimal({
      dp: Infinity,
      max: '1000000000000000',
      description: 'fixed fee in the receive currency, taken from what is paid out; at most its decimal places',
    }),
    fromMin: nullableConsoleDecimal({ dp: Infinity }),
    fromMax: nullableConsoleDecimal({ dp: Infinity, positive: true }),
    toMin: nullableConsoleDecimal({ dp: Infinity }),
    toMax: nullableConsoleDecimal({ dp: Infinity, positive: true }),
    active: z.boolean({ error: fieldIssue('field_invalid_choice') }),
    maxRateAgeMinutes: nullableWholeNumber(10_080).meta(
      documented(
        'integer',
        'minutes a source rate stays usable, 1..10080; null = the site default (15 unless set)',
        true,
      ),
    ),
    fromRound: intField(decimalsLimits.min, decimalsLimits.max).meta(
      documented('integer', 'decimal places of the send side, 0..18 (at most the currency’s decimals)'),
    ),
    toRound: intField(decimalsLimits.min, decimalsLimits.max).meta(
      documented('integer', 'decimal places of the receive side, 0..18 (at most the currency’s decimals)'),
    ),
    fromNotify: localizedField(500).describe('shown under the send side of the calculator'),
    toNotify: localizedField(500).describe('shown under the receive side of the calculator'),
    paymentWindowMinutes: nullableInt(directionPaymentWindowLimits.min, directionPaymentWindowLimits.max).meta(
      documented('integer', '1..1440; null = the site’s payment window', true),
    ),
    position: intField(positionLimits.min, positionLimits.max).meta(documented('integer', 'order in lists, 0..100000')),
  })
  .partial();
type DirectionFields = z.infer<typeof directionFields>;

const limitPairs = [
  ['fromMin', 'fromMax'],
  ['toMin', 'toMax'],
] as const;
const courseFields = { manual: 'courseManual', source: 'rateSource' } as const;

/**
 * Whether the body is an object and none of `fields` was refused: a rule across them reads only values that parsed. A
 * body that is no object (`null`, a string, an array) has no fields to read: its one refusal is the body's own.
 */
const parsed =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((i) => fields.includes(String(i.path?.[0])));

/**
 * The service's cross-field rules on the fields the body gives, as refinements that run even when other fields were
 * refused (zod skips an object's refinements once any field fails unless told `when`): each runs once the fields it
 * reads parsed. The service checks the same again on the direction as it would be (a partial change merged). `whole`:
 * the body is the whole direction (a new one), so a course left out is missing too, not one that stays.
 */
function givenInOrder<S extends z.ZodType<DirectionFields>>(schema: S, whole = false) {
  let checked = schema;
  for (const [min, max] of limitPairs) {
    checked = checked.superRefine(
      (v, ctx) => {
        const lo = v[min];
        const hi = v[max];
        if (lo != null && hi != null && new Big(lo).gt(hi)) {
          ctx.addIssue({ code: 'custom', path: [min], message: fieldIssue('field_min_above_max') });
        }
      },
      { when: parsed(min, max) },
    );
  }
  return checked.superRefine(
    (v, ctx) => {
      const field = v.courseMode && courseFields[v.courseMode];
      if (field && (v[field] === null || (whole && v[field] === undefined))) {
        ctx.addIssue({ code: 'custom', path: [field], message: fieldIssue('field_course_missing') });
      }
    },
    { when: parsed('courseMode', 'courseManual', 'rateSource') },
  );
}

/** `PUT /api/v1/admin/directions/{id}/`: any of the fields; what is left out stays. */
export const directionPatchBody = givenInOrder(directionFields);
export type DirectionPatchInput = z.infer<typeof directionPatchBody>;

/**
 * A currency chosen from the list: none chosen (null, '', left out) asks to choose one; anything else that is not the id
 * of a row (a whole number from 1 to the id column's `maxInteger`) is no choice. Typed `unknown` and refused by a
 * refinement, not by `z.number().int()`: zod 4's `.int()` refuses 1.5 with an aborting issue, which skips even the
 * object's refinements told to run regardless (`when`), so a currency id of 1.5 hid every rule across fields.
 */
const currencyId = z
  .unknown()
  .refine((v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= maxInteger, {
    error: (issue) =>
      issue.input === null || issue.input === undefined || issue.input === ''
        ? fieldIssue('field_currency_choose')
        : fieldIssue('field_invalid_choice'),
  })
  .transform((v) => v as number)
  .meta({ ...documented('integer', 'a currency’s id'), minimum: 1, maximum: maxInteger });

/**
 * `POST /api/v1/admin/directions/`: the two currencies (distinct; the pair not there yet, checked by the service) and
 * the course mode are required; everything else as in the edit, defaulting to no limits, no markup or bonus, the
 * currencies' decimals as rounding, the site's payment window, on.
 */
export const directionCreateBody = givenInOrder(
  directionFields.extend({ fromCurrencyId: currencyId, toCurrencyId: currencyId, courseMode }),
  true,
).superRefine(
  (v, ctx) => {
    if (v.fromCurrencyId === v.toCurrencyId) {
      ctx.addIssue({ code: 'custom', path: ['toCurrencyId'], message: fieldIssue('field_same_currency') });
    }
  },
  { when: parsed('fromCurrencyId', 'toCurrencyId') },
);
export type DirectionCreateInput = z.infer<typeof directionCreateBody>;

/**
 * The fields of a direction body the schema refused that read all the same: each field its issues do not name
 * (`refused`, the top-level fields they do), parsed on its own as the schema would have. The service's rules that need
 * the currencies judge these, so one refused save names those refusals too (docs/admin/directions.md). A body that is
 * not an object reads nothing.
 */
export function readableDirectionFields(body: unknown, refused: ReadonlySet<string>): Partial<DirectionCreateInput> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const fields: Record<string, z.ZodType> = {
    ...directionFields.shape,
    fromCurrencyId: currencyId,
    toCurrencyId: currencyId,
  };
  const read: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value: unknown = Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
    if (value === undefined || refused.has(name)) continue;
    const parsed = field.safeParse(value);
    if (parsed.success && parsed.data !== undefined) read[name] = parsed.data;
  }
  return read as Partial<DirectionCreateInput>;
}

/** Input names: claims store values by them and field errors are `fromRequisites.<name>`, so a safe identifier. */
const inputNamePattern = /^[a-z][a-z0-9_]{0,31}$/;
const maxInputs = 12;

/** `pattern` compiled as the checker uses it (anchored, Unicode), or null when it does not compile. */
function compiled(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/**
 * Whether checking a value against `pattern` ends in time: JavaScript's regular expressions backtrack, so nested
 * repeats such as `(a+)+` or `(\w+\s?)*` take exponential time on a near miss, and one customer's 256 characters in
 * a requisite field would hold the server (every request of every visitor) for minutes. safe-regex2 (the check
 * Fastify's router makes of its own route patterns) refuses a star height above one and very large repeat counts.
 * A heuristic: it lets a repeated choice through (`(a|a)*`, `(\w|\d)+`: exponential too), which `repeatsAChoice`
 * refuses; neither refuses the patterns an exchange writes (card, account and name formats: `41001\d{7,11}`,
 * `[\p{L} .'-]{3,80}`, `(?:RU|KZ)\d{10}`). The server no longer depends on these: it checks values on RE2, in linear
 * time (server/requisite-patterns.ts). They stay for the browser, which runs RegExp on what the customer types: an
 * exponential pattern would freeze the customer's tab and the console's preview.
 */
function endsInTime(pattern: string): boolean {
  let known = timely.get(pattern);
  if (known === undefined) {
    const re = compiled(pattern);
    known = re === null || (safeRegex(re) && !repeatsAChoice(pattern));
    // The few patterns an exchange has, read with every currency: checked once each (bounded all the same).
    if (timely.size >= 1_000) timely.clear();
    timely.set(pattern, known);
  }
  return known;
}
const timely = new Map<string, boolean>();

/**
 * Whether `pattern` has a lookbehind (`(?<=`, `(?<!`) or inline flags (`(?i:`): safe-regex2 cannot read them and
 * calls such a pattern slow, but what is wrong with it is that the server's linear-time engine has neither (the server
 * refuses them, and backreferences and lookaheads, as `field_pattern_unsupported`: docs/admin/directions.md). Only
 * names the refusal; escapes and bracket classes are skipped, so `\(?<=` written as text is not taken for one.
 */
function linearEnginesLack(pattern: string): boolean {
  const bare = pattern.replace(/\\./gu, '').replace(/\[[^\]]*\]/gu, '');
  return /\(\?(?:<[=!]|[a-zA-Z-]+[:)])/u.test(bare);
}

/** A repeat past this many times over a choice is refused: `(a|a){1,10}` tries at most 2^10 ways, `(a|a)*` 2^256. */
const maxRepeatsOfAChoice = 10;

/**
 * Whether `pattern` repeats a choice: an alternation (`|`), at any depth, inside a group repeated without bound (`*`,
 * `+`, `{n,}`) or more than `maxRepeatsOfAChoice` times. When two of its branches can match the same text (`(\w|\d)+`,
 * `(a|ab)*`, `((a|a)c)*`), a near miss is tried every way the branches split the value: 2^n, as a repeat inside a
 * repeat, and safe-regex2 lets it through (it counts only nested repeats). Written without the choice (`[\w]+`,
 * `(?:RU|KZ)\d{10}`: a choice not repeated) it ends in time. Reads the pattern's syntax, not its meaning: escapes,
 * classes and group prefixes are skipped. A pattern that does not compile is not judged here.
 */
export function repeatsAChoice(pattern: string): boolean {
  /** Each open group: whether a `|` was met inside it (its own, or of a group nested in it). */
  const open: boolean[] = [false];
  let i = 0;
  /** The quantifier at `i` (none: 0), and whether it repeats past the bound; moves `i` past it. */
  const quantifier = (): boolean => {
    const c = pattern[i];
    let many = false;
    if (c === '*' || c === '+') {
      many = true;
      i++;
    } else if (c === '?') {
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return false;
      const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
      many = max > maxRepeatsOfAChoice;
      i += m[0].length;
    } else return false;
    if (pattern[i] === '?') i++;
    return many;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      // `\p{L}`, `\u{1F600}`, `\k<name>`: the braces or brackets belong to the escape, not to a quantifier.
      const next = pattern[i + 1];
      i += 2;
      if ((next === 'p' || next === 'P' || next === 'u') && pattern[i] === '{') i = pattern.indexOf('}', i) + 1 || i;
      else if (next === 'k' && pattern[i] === '<') i = pattern.indexOf('>', i) + 1 || i;
      quantifier();
    } else if (c === '[') {
      i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      quantifier();
    } else if (c === '(') {
      i++;
      if (pattern[i] === '?') {
        i++;
        if (pattern[i] === '<' && pattern[i + 1] !== '=' && pattern[i + 1] !== '!')
          i = pattern.indexOf('>', i) + 1 || i;
        else i += pattern[i] === '<' ? 2 : 1;
      }
      open.push(false);
    } else if (c === ')') {
      i++;
      const choice = open.length > 1 ? open.pop()! : false;
      if (quantifier() && choice) return true;
      if (choice) open[open.length - 1] = true;
    } else if (c === '|') {
      i++;
      open[open.length - 1] = true;
    } else {
      i++;
      quantifier();
    }
  }
  return false;
}

/**
 * Stored inputs as the site checks them: a pattern saved before patterns were checked for backtracking (2026-11-28)
 * that the check refuses reads as none. A customer's input must never meet it (it would hold the server), and the
 * operator finds the field without a pattern in the console, to write one that ends in time (docs/admin/directions.md).
 */
export function withoutSlowPatterns<T extends { pattern?: string | null }>(inputs: T[]): T[] {
  return inputs.some((i) => typeof i.pattern === 'string' && !endsInTime(i.pattern))
    ? inputs.map((i) => (typeof i.pattern === 'string' && !endsInTime(i.pattern) ? { ...i, pattern: null } : i))
    : inputs;
}

const invalidChoice = fieldIssue('field_invalid_choice');
const requisiteInput = z.object(
  {
    name: z
      .string({ error: fieldIssue('field_required') })
      .trim()
      .regex(inputNamePattern, { error: fieldIssue('field_input_name') })
      .describe('safe identifier: claims store values by it; field errors are fromRequisites.<name>'),
    label: localizedField(120, true),
    visible: z.boolean({ error: invalidChoice }).default(true),
    required: z.boolean({ error: invalidChoice }).default(true),
    kind: z.enum(inputKinds, { error: invalidChoice }),
    // Left out means none: optional first (zod 4 refuses a missing key a bare transform would accept).
    pattern: z
      .unknown()
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || (typeof v === 'string' && v.length <= 200 && compiled(v) !== null), {
        error: fieldIssue('field_invalid_pattern'),
      })
      .refine((v) => typeof v !== 'string' || endsInTime(v), {
        error: (issue) => {
          const pattern = String(issue.input);
          if (linearEnginesLack(pattern)) return fieldIssue('field_pattern_unsupported');
          return fieldIssue(repeatsAChoice(pattern) ? 'field_slow_choice' : 'field_slow_pattern');
        },
      })
      .optional()
      .transform((v) => (v ?? null) as string | null)
      .meta(documented('string', 'an extra regular expression (anchored, Unicode) the value must match', true)),
    example: z
      .string({ error: fieldIssue('field_required') })
      .trim()
      .min(1, { error: fieldIssue('field_required') })
      .max(256, { error: fieldIssue('field_too_long', { max: 256 }) })
      .describe('the placeholder; must pass the input’s own rules'),
    exampleEn: z
      .string({ error: fieldIssue('field_invalid_choice') })
      .trim()
      .max(256, { error: fieldIssue('field_too_long', { max: 256 }) })
      .optional()
      .transform((v) => v || undefined)
      .describe('the English pages’ placeholder when the example is in Russian; empty = the example in both'),
  },
  { error: fieldIssue('field_invalid_body') },
);

/**
 * One side's requisite inputs, in the order the form shows them. Names unique per side. Whether each example passes
 * its own input's rules depends on the currency's network: the service checks that on the merged currency.
 */
const requisiteInputsField = z
  .array(requisiteInput, { error: fieldIssue('field_invalid_body') })
  .max(maxInputs, { error: fieldIssue('field_too_many_inputs', { max: maxInputs }) })
  .superRefine((inputs, ctx) => {
    const seen = new Set<string>();
    inputs.forEach((i, n) => {
      if (seen.has(i.name)) {
        ctx.addIssue({ code: 'custom', path: [n, 'name'], message: fieldIssue('field_input_name_taken') });
      }
      seen.add(i.name);
    });
  });

/** A logo: a file under the site's /currencies/ folder, or an https address (the page's CSP then allows its origin). */
const logoPattern = /^\/currencies\/[a-z0-9][a-z0-9._-]{0,80}\.(svg|png|webp)$/;
function isLogo(v: string): boolean {
  if (logoPattern.test(v)) return true;
  if (v.length > 500 || !URL.canParse(v)) return false;
  const url = new URL(v);
  return url.protocol === 'https:' && !url.username && !url.password;
}

const requiredIssue = fieldIssue('field_required');
const code = (max: number, example: string) =>
  z
    .string({ error: requiredIssue })
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[A-Z0-9]{2,${max}}$`), { error: fieldIssue('field_invalid_format', { example }) });
const optionalCode = (max: number, example: string) =>
  z.preprocess((v) => (v === '' ? null : v), code(max, example).nullable()).meta(documented('string', undefined, true));

/**
 * A block-explorer link template for a payout's transaction (`{ref}` stands for its hash, shared/exchange/explorer.ts
 * fills it in): an https address with `{ref}` exactly once, 300 characters at most; empty means none (cards, banks).
 */
const explorerUrlMax = 300;
const explorerUrlField = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z
      .string({ error: fieldIssue('field_explorer_url') })
      .superRefine((v, ctx) => {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (v.length > explorerUrlMax) return issue(fieldIssue('field_too_long', { max: explorerUrlMax }));
        // The hash goes where {ref} is: check the address as it will be, with a hash-like stand-in.
        const sample = v.replaceAll('{ref}', 'ref');
        const url = URL.canParse(sample) ? new URL(sample) : null;
        if (!url || url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.')) {
          return issue(fieldIssue('field_explorer_url'));
        }
        if (v.split('{ref}').length !== 2) issue(fieldIssue('field_explorer_ref'));
      })
      .nullable(),
  )
  .meta(
    documented(
      'string',
      'block-explorer link of a transaction, {ref} standing for its hash (https://tronscan.org/#/transaction/{ref}); empty or null: none',
      true,
    ),
  );

/**
 * `POST /api/v1/admin/currencies/` (code, names, kind, symbol, decimals and logo required) and, partial,
 * `PUT /api/v1/admin/currencies/{id}/`. Rules across fields (a cash currency's city, examples against the network,
 * decimals against the directions' rounding, a taken code) are the service's, on the currency as it would be.
 */
const currencyShape = {
  code: code(20, 'USDTTRC20'),
  name: localizedField(100, true),
  kind: z.enum(currencyKindValues, { error: invalidChoice }),
  symbol: code(10, 'USDT'),
  network: optionalCode(20, 'TRC20'),
  decimals: intField(decimalsLimits.min, decimalsLimits.max),
  logo: z
    .string({ error: requiredIssue })
    .trim()
    .refine(isLogo, { error: fieldIssue('field_invalid_logo') }),
  sendVisible: z.boolean({ error: invalidChoice }),
  receiveVisible: z.boolean({ error: invalidChoice }),
  city: optionalCode(10, 'MSK'),
  explorerUrl: explorerUrlField,
  position: intField(positionLimits.min, positionLimits.max),
  fromInputs: requisiteInputsField,
  toInputs: requisiteInputsField,
};
export const currencyCreateBody = z.object(
  {
    ...currencyShape,
    network: currencyShape.network.optional(),
    sendVisible: currencyShape.sendVisible.optional(),
    receiveVisible: currencyShape.receiveVisible.optional(),
    city: currencyShape.city.optional(),
    explorerUrl: currencyShape.explorerUrl.optional(),
    position: currencyShape.position.optional(),
    fromInputs: currencyShape.fromInputs.optional(),
    toInputs: currencyShape.toInputs.optional(),
  },
  { error: fieldIssue('field_invalid_body') },
);
export type CurrencyCreateInput = z.infer<typeof currencyCreateBody>;
export const currencyPatchBody = z.object(currencyShape, { error: fieldIssue('field_invalid_body') }).partial();
export type CurrencyInput = z.infer<typeof currencyPatchBody>;

/** `POST /api/v1/admin/currencies/{id}/reserve/`: a signed change and why (kept in the reserve's history). */
export const reserveChangeBody = z.object({
  // At most the currency's decimal places too: the service's check, it knows the currency.
  delta: consoleDecimal({
    signed: true,
    dp: Infinity,
    nonZero: true,
    description: 'signed decimal string: "1500" or "+1500" adds, "-200.5" takes away; not 0',
  }),
  reason: z
    .string({ error: requiredIssue })
    .trim()
    .min(1, { error: requiredIssue })
    .max(500, { error: fieldIssue('field_too_long', { max: 500 }) }),
  // The reserve the operator's question showed ("1 000,00 RUB → 400,00 RUB"): a change against a reserve that has
  // moved since is refused rather than applied to a figure nobody saw. Absent or null: applied to whatever it is.
  expected: nullableConsoleDecimal({
    description:
      'the reserve as the operator saw it (decimal string); refused with a `delta` field error and `current.reserve` when it is no longer that; null or absent: no check',
  }).optional(),
});
