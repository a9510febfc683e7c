import fc from 'fast-check';

/**
 * What the fuzz tests send (tests/api/fuzz*.test.ts): values that mix what real attacks sent (NUL bytes, lone
 * surrogates, numbers past the money columns, huge and nested values) with valid-looking fields, so a generated body
 * reaches past the first check.
 */

const nasty = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '10000000000000000000',
    '1e400',
    '-1',
    '0.0000000000000000001',
    '99999999999999999999.99',
    ' ',
    '',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u202e\u0007',
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/**
 * Keys Object.prototype already answers for: a server that files a body's keys into a plain `{}` finds a function
 * under `valueOf` (a stray `valueOf` field made the unknown-field answer a 500) and sets the prototype for `__proto__`.
 */
export const prototypeKeys = ['valueOf', 'constructor', 'toString', 'hasOwnProperty', '__proto__'] as const;

/** Numbers a client may put where the schema wants one: past int4, past JavaScript's safe integers, not finite. */
const nastyNumber = fc.constantFrom(2147483648, -2147483649, 2 ** 53 + 2, 1e30, -1e30, 1e308, 0.5, -0, '1', '1e30');

/**
 * A body like `base` with some fields replaced by nasty values, some dropped, and maybe a stray key; now and then a
 * nasty value instead of the whole body. A number field also gets numbers past the columns.
 */
export function mutated(base: Record<string, unknown>) {
  const keys = Object.keys(base);
  if (keys.length === 0) return fc.oneof(fc.constant(base), nasty);
  const value = (key: string) => (typeof base[key] === 'number' ? fc.oneof(nastyNumber, nasty) : nasty);
  return fc
    .record({
      replace: fc.array(
        fc.constantFrom(...keys).chain((key) => value(key).map((v): [string, unknown] => [key, v])),
        { maxLength: keys.length },
      ),
      drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      extra: fc.option(
        fc.tuple(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...prototypeKeys)), nasty),
        {
          nil: undefined,
        },
      ),
      whole: fc.option(nasty, { freq: 8, nil: undefined }),
    })
    .map(({ replace, drop, extra, whole }) => {
      if (whole !== undefined) return whole;
      const body: Record<string, unknown> = { ...base, ...Object.fromEntries(replace) };
      for (const k of drop) delete body[k];
      // defineProperty: `body['__proto__'] = v` would set the prototype, not send the key.
      if (extra)
        Object.defineProperty(body, extra[0], {
          value: extra[1],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return body;
    });
}

/** Path parameters and query values as they travel in a URL (already percent-encoded). */
export const nastyParam = fc.oneof(
  fc.constantFrom(
    'a%00b',
    '%00',
    '%ED%A0%80',
    '%E2%80%AE',
    '99999999999999999999',
    '2147483648',
    '999999999',
    '1e30',
    '1e99',
    '-1',
    '0',
    '0x10',
    'NaN',
    'Infinity',
    '%E0%A4%A',
    '2026-13-45',
    '..%2F..%2F',
    'x'.repeat(300),
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
);

/**
 * A query string of `names` (and some no route knows: sort, ordering, limit, offset) with nasty values, a key now
 * and then repeated.
 */
export function nastyQuery(names: readonly string[]) {
  const keys = [...names, 'sort', 'ordering', 'limit', 'offset'];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), nastyParam), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

/**
 * Values of the right type that are still wrong: text past any column (in letters of two bytes), decimals past the
 * money columns or in digits of other scripts, dates no column or no JavaScript Date can hold.
 */
const edge = fc.oneof(
  fc.constantFrom(256, 1001, 10_001, 100_001).map((n) => 'я'.repeat(n)),
  fc.constantFrom(
    '9'.repeat(19),
    '9'.repeat(40),
    '-99999999999999999999',
    `0.${'0'.repeat(30)}1`,
    '1 000 000 000 000 000 000 000',
    '１２３',
    '٣٫٥',
    '9999-12-31',
    '0000-01-01',
    '10000-01-01',
    '275760-09-14',
    '2026-02-30',
    '2026-11-01T25:61:00Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-19T00:00:00.000Z',
  ),
);

/** Paths to the leaves of a parsed JSON value: `[['name', 'ru'], ['fromInputs', 0, 'kind'], ...]`. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]): [string | number, unknown] => [
      Array.isArray(value) ? Number(k) : k,
      v,
    ]);
    if (entries.length > 0) return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}

/**
 * A body like `base` (which passes) with one leaf, at any depth, replaced by a nasty or edge value: the rest of the
 * body stays valid, so what the replaced value does reaches the service and the database.
 */
export function oneFieldOff(base: Record<string, unknown>) {
  const paths = leaves(base).filter((p) => p.length > 0);
  if (paths.length === 0) return fc.constant(base);
  return fc.tuple(fc.constantFrom(...paths), fc.oneof(edge, nastyNumber, nasty)).map(([path, value]) => {
    const body = structuredClone(base);
    let at = body as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path.at(-1)!] = value;
    return body;
  });
}
