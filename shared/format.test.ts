import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ambiguousDecimal, readDecimal } from './schemas/fields.ts';
import {
  formatAmount,
  formatCardNumber,
  formatCourse,
  formatDateTime,
  editableDecimal,
  formatDecimal,
  formatExactCourse,
  formatMoney,
  formatPercent,
  isTimeZone,
  sameDecimal,
  wallClockTime,
  zoneLabel,
  zonedWallClockInstant,
  zoneOffsetMs,
} from './format.ts';

const nb = '\u00a0';

describe('formatAmount / formatMoney', () => {
  it('groups by language: ru a no-break space and a decimal comma, en a comma and a point', () => {
    expect(formatMoney('8681500', { symbol: 'RUB', decimals: 2 }, 'ru')).toBe(`8${nb}681${nb}500,00${nb}RUB`);
    expect(formatMoney('8681500', { symbol: 'RUB', decimals: 2 }, 'en')).toBe(`8,681,500.00${nb}RUB`);
  });

  // Every currency of the demo data: RUB cards and banks 2, cash 0, USDT 6, BTC and LTC 8, ETH 18, TON 9.
  it.each([
    [2, '5154.81', '5 154,81', '5,154.81'],
    [0, '10000', '10 000', '10,000'],
    [6, '105.3', '105,30', '105.30'],
    [8, '0.00125', '0,00125', '0.00125'],
    [9, '12.123456789', '12,123456789', '12.123456789'],
    [18, '0.000000000000000001', '0,000000000000000001', '0.000000000000000001'],
  ])('writes a currency with %i decimals in its own places', (decimals, value, ru, en) => {
    expect(formatAmount(value, { decimals }, 'ru')).toBe(ru.replaceAll(' ', nb));
    expect(formatAmount(value, { decimals }, 'en')).toBe(en);
  });

  it('keeps every digit of huge and tiny amounts (no float on the way)', () => {
    expect(formatAmount('123456789012345678.123456789012345678', { decimals: 18 }, 'en')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
    expect(formatAmount('100000000000000000', { decimals: 2 }, 'ru')).toBe(
      ['100', '000', '000', '000', '000', '000,00'].join(nb),
    );
    expect(formatAmount('0.000000000000000001', { decimals: 18 }, 'ru')).toBe('0,000000000000000001');
  });

  it('drops trailing zeros past two places and pads to two', () => {
    expect(formatAmount('1.50000000', { decimals: 8 }, 'en')).toBe('1.50');
    expect(formatAmount('100.1', { decimals: 2 }, 'en')).toBe('100.10');
    expect(formatAmount('8681500.000000000000000000', { decimals: 2 }, 'ru')).toBe(`8${nb}681${nb}500,00`);
  });

  it('writes negative zero as zero and keeps the sign of a real negative', () => {
    expect(formatAmount('-0', { decimals: 2 }, 'ru')).toBe('0,00');
    expect(formatAmount('-0.000', { decimals: 8 }, 'en')).toBe('0.00');
    expect(formatAmount('-12.5', { decimals: 2 }, 'en')).toBe('\u221212.50');
    // With the minus sign (U+2212), not a hyphen, in both languages.
    expect(formatMoney('-1500.5', { symbol: 'RUB', decimals: 2 }, 'ru')).toBe(`\u22121${nb}500,50\u00a0RUB`);
  });

  it('rounds past the currency’s places half away from zero', () => {
    expect(formatAmount('1.005', { decimals: 2 }, 'en')).toBe('1.01');
    expect(formatAmount('99.5', { decimals: 0 }, 'en')).toBe('100');
  });

  it('returns what is not a decimal as written', () => {
    expect(formatDecimal('abc', 'en')).toBe('abc');
    expect(formatDecimal('.5', 'ru')).toBe('0,5');
  });

  it('writes percents by language', () => {
    expect(formatPercent('2.5', 'ru')).toBe(`2,5${nb}%`);
    expect(formatPercent('2.50', 'en')).toBe('2.5%');
  });
});

describe('editableDecimal', () => {
  it('gives a stored decimal the language’s sign, exactly and ungrouped; the rest as it is', () => {
    expect(editableDecimal('2.5', 'ru')).toBe('2,5');
    expect(editableDecimal('-16295.000000000000000000001', 'ru')).toBe('-16295,000000000000000000001');
    expect(editableDecimal('16295.49', 'en')).toBe('16295.49');
    expect(editableDecimal('1000', 'ru')).toBe('1000');
    expect(editableDecimal('', 'ru')).toBe('');
    // "487,325" would read back as "thousands or a fraction?": a course of three places keeps its point in Russian.
    expect(editableDecimal('487.325', 'ru')).toBe('487.325');
    expect(editableDecimal('-1.500', 'ru')).toBe('-1.500');
    expect(editableDecimal('0.325', 'ru')).toBe('0,325');
    expect(editableDecimal('4873.325', 'ru')).toBe('4873,325');
    expect(editableDecimal('487.3251', 'ru')).toBe('487,3251');
  });

  it('writes every stored decimal so that the console’s reader takes it back unchanged, in both languages', () => {
    const stored = fc
      .tuple(
        fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 10n ** 17n })),
        fc.nat({ max: 18 }),
        fc.boolean(),
      )
      .map(([digits, places, negative]) => {
        const text = digits.toString().padStart(places + 1, '0');
        const plain = places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
        return negative ? `-${plain}` : plain;
      });
    fc.assert(
      fc.property(stored, fc.constantFrom('ru' as const, 'en' as const), (value, locale) => {
        const read = readDecimal(editableDecimal(value, locale));
        expect(read).not.toBe(ambiguousDecimal);
        expect(read !== null && new Big(read).eq(value)).toBe(true);
      }),
    );
  });
});

describe('formatCourse', () => {
  const rub = { symbol: 'RUB' };
  const usdt = { symbol: 'USDT' };
  const btc = { symbol: 'BTC' };

  it('writes one unit sent when it buys a readable amount, two decimals from ten', () => {
    expect(formatCourse('94.896907', usdt, rub, 'ru').text).toBe(`1${nb}USDT = 94,89${nb}RUB`);
    expect(formatCourse('8600000', btc, rub, 'en').text).toBe(`1${nb}BTC = 8,600,000.00${nb}RUB`);
  });

  it('writes what one received unit costs, rounded up, under 0.5', () => {
    const line = formatCourse('0.010537', rub, usdt, 'ru');
    expect(line).toEqual({
      give: `94,91${nb}RUB`,
      get: `1${nb}USDT`,
      text: `94,91${nb}RUB = 1${nb}USDT`,
      inverted: true,
    });
  });

  it('writes the exact stored course the way round the line reads, or as the whole equation', () => {
    // Beside "1 USDT = 94,89 RUB" the bare figure reads as what it is.
    expect(formatExactCourse('94.896907', usdt, rub, 'ru')).toBe('94,896907');
    // Beside "94,91 RUB = 1 USDT" a bare 0,010537 read as a second, contradicting course: it names its units.
    expect(formatExactCourse('0.010537751222161869', rub, usdt, 'en')).toBe(
      `1${nb}RUB = 0.010537751222161869${nb}USDT`,
    );
  });

  it('keeps four decimals under ten', () => {
    expect(formatCourse('0.99', usdt, usdt, 'en').get).toBe(`0.9900${nb}USDT`);
  });

  it('writes a course of zero or nonsense as zero', () => {
    expect(formatCourse('0', usdt, rub, 'en').text).toBe(`1${nb}USDT = 0${nb}RUB`);
  });

  // formatCourse rounds with BigInt so that big.js stays out of the browser's first load (docs/decisions/0028): it must
  // write every course exactly as the big.js rounding it replaced.
  it('rounds every course as big.js does', () => {
    const byBig = (course: string) => {
      const shown = (value: Big, mode: 0 | 3) => {
        const dp = value.lt(10) ? 4 : 2;
        return formatDecimal(value.round(dp, mode).toFixed(dp), 'en', { min: dp, max: dp });
      };
      const c = new Big(course);
      if (c.lte(0)) return `1${nb}USDT = 0${nb}RUB`;
      if (c.gte('0.5')) return `1${nb}USDT = ${shown(c, 0)}${nb}RUB`;
      return `${shown(new Big(1).div(c), 3)}${nb}USDT = 1${nb}RUB`;
    };
    const course = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => new Big(units.toString()).div(new Big(10).pow(scale)).toFixed(scale));
    fc.assert(
      fc.property(course, (c) => {
        expect(formatCourse(c, usdt, rub, 'en').text).toBe(byBig(c));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('numbers as amounts', () => {
  it('writes a number exactly as its shortest decimal, without an exponent', () => {
    const formatted = (value: number) => formatDecimal(value, 'en');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(formatted(n)).toBe(formatDecimal(new Big(n).toFixed(), 'en'));
      }),
      { numRuns: 2000 },
    );
    expect(formatted(1e-7)).toBe('0.0000001');
    expect(formatted(1.5e21)).toBe('1,500,000,000,000,000,000,000');
  });
});

describe('formatCardNumber', () => {
  it('groups by four, masked or whole', () => {
    expect(formatCardNumber('2202201000000012')).toBe('2202 2010 0000 0012');
    expect(formatCardNumber('2202 2010-0000 0012', { masked: true })).toBe('2202 •••• •••• 0012');
    expect(formatCardNumber('220220100000001234')).toBe('2202 2010 0000 0012 34');
    expect(formatCardNumber('not a card')).toBe('not a card');
  });
});

describe('formatDateTime', () => {
  const at = '2026-11-24T11:05:00Z';
  it('writes the time in the given zone and names the zone', () => {
    expect(formatDateTime(at, 'en', 'Europe/Moscow', 'time')).toBe('14:05 (UTC+3)');
    expect(formatDateTime(at, 'en', 'Europe/London', 'time')).toBe('11:05 (UTC)');
    expect(formatDateTime(at, 'ru', 'Europe/Moscow')).toMatch(/^24 нояб\. 2026 г\., 14:05 \(UTC\+3\)$/);
    expect(formatDateTime(at, 'en', 'Asia/Kolkata')).toMatch(/^Nov 24, 2026, 16:35 \(UTC\+5:30\)$/);
  });

  it('follows summer time', () => {
    expect(zoneLabel(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('UTC+1');
    expect(zoneLabel(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('UTC\u22124');
  });

  it('changes the offset at the very moment the clocks change, asked once or again', () => {
    for (let round = 0; round < 2; round++) {
      // London: 01:00 UTC on 29 March 2026; St John's (UTC-3:30): 02:00 local on 8 March, a half-hour of UTC.
      expect(zoneLabel(new Date('2026-03-29T00:59:59.999Z'), 'Europe/London')).toBe('UTC');
      expect(zoneLabel(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('UTC+1');
      expect(zoneLabel(new Date('2026-03-08T05:29:59Z'), 'America/St_Johns')).toBe('UTC\u22123:30');
      expect(zoneLabel(new Date('2026-03-08T05:30:00Z'), 'America/St_Johns')).toBe('UTC\u22122:30');
    }
  });

  it('a date alone names no zone and writes the month as a date with a time does', () => {
    expect(formatDateTime(at, 'en', 'Europe/Moscow', 'date')).toBe('Nov 24, 2026');
    expect(formatDateTime(at, 'ru', 'Europe/Moscow', 'date')).toBe('24 нояб. 2026 г.');
    expect(formatDateTime(at, 'ru', 'Europe/Moscow')).toMatch(/^24 нояб\. 2026 г\., /);
  });

  it('a date alone is the calendar day of the zone it is given, minutes past midnight too', () => {
    // 00:05 in Moscow is still the day before in UTC; 00:05 UTC is still the day before in New York.
    expect(formatDateTime('2026-11-24T21:05:00Z', 'ru', 'Europe/Moscow', 'date')).toBe('25 нояб. 2026 г.');
    expect(formatDateTime('2026-11-24T21:05:00Z', 'ru', 'UTC', 'date')).toBe('24 нояб. 2026 г.');
    expect(formatDateTime('2026-11-25T00:05:00Z', 'en', 'UTC', 'date')).toBe('Nov 25, 2026');
    expect(formatDateTime('2026-11-25T00:05:00Z', 'en', 'America/New_York', 'date')).toBe('Nov 24, 2026');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('the wall clock of a zone and back (the news form’s publication time)', () => {
  const instant = (wall: string, zone: string) => zonedWallClockInstant(wall, zone)?.toISOString();

  it('Moscow: no summer time, three hours ahead all year; midnight for a day alone', () => {
    expect(instant('2026-12-01T23:30', 'Europe/Moscow')).toBe('2026-12-01T20:30:00.000Z');
    expect(instant('2026-07-01T00:00', 'Europe/Moscow')).toBe('2026-06-30T21:00:00.000Z');
    expect(instant('2026-12-01', 'Europe/Moscow')).toBe('2026-11-30T21:00:00.000Z');
    expect(instant('2026-12-01T23:30:15.250', 'Europe/Moscow')).toBe('2026-12-01T20:30:15.250Z');
    expect(wallClockTime(new Date('2026-12-01T20:30:00Z'), 'Europe/Moscow')).toBe('2026-12-01T23:30');
    expect(zoneOffsetMs(new Date('2026-12-01T20:30:00Z'), 'Europe/Moscow')).toBe(3 * 3_600_000);
  });

  it('Berlin: winter and summer offsets; the skipped hour moves forward, the repeated one is the earlier', () => {
    expect(instant('2026-01-15T12:00', 'Europe/Berlin')).toBe('2026-01-15T11:00:00.000Z');
    expect(instant('2026-07-15T12:00', 'Europe/Berlin')).toBe('2026-07-15T10:00:00.000Z');
    // 29 March 2026: 02:00 becomes 03:00. 01:59 is still winter; 02:30 does not exist and is read as 03:30 summer.
    expect(instant('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(instant('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(instant('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 goes back to 02:00, so 02:30 happens twice: the first, still summer (UTC+2).
    expect(instant('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('2026-10-25T03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('New York: the gap and the overlap of 2026', () => {
    // 8 March: 02:00 EST becomes 03:00 EDT; 02:30 is read as 03:30 EDT.
    expect(instant('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(instant('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    // 1 November: 02:00 EDT goes back to 01:00 EST; 01:30 is the first, EDT (UTC-4), not EST's an hour later.
    expect(instant('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(instant('2026-11-01T02:30', 'America/New_York')).toBe('2026-11-01T07:30:00.000Z');
  });

  it('a half-hour change (Lord Howe) and the far ends of the offsets', () => {
    // 4 October 2026: 02:00 +10:30 becomes 02:30 +11; 02:15 is read as 02:45.
    expect(instant('2026-10-04T02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
    expect(instant('2026-01-01T00:00', 'Pacific/Kiritimati')).toBe('2025-12-31T10:00:00.000Z');
    expect(instant('2026-01-01T00:00', 'Pacific/Pago_Pago')).toBe('2026-01-01T11:00:00.000Z');
  });

  it('every wall time shown reads back as its moment; a time that is no time is null', () => {
    for (const zone of ['Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }), (ms) => {
          const at = new Date(Math.floor(ms / 60_000) * 60_000);
          const back = zonedWallClockInstant(wallClockTime(at, zone), zone)!;
          // The same moment, or, in a repeated hour, the first one the clock showed that time.
          expect(wallClockTime(back, zone)).toBe(wallClockTime(at, zone));
          expect(back.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(at.getTime() - back.getTime()).toBeLessThanOrEqual(3_600_000);
        }),
      );
    }
    expect(zonedWallClockInstant('2026-01-01T25:00', 'Europe/Moscow')).toBeNull();
    expect(zonedWallClockInstant('yesterday', 'Europe/Moscow')).toBeNull();
  });
});

describe('sameDecimal', () => {
  it('compares decimal strings as numbers, whatever their scale', () => {
    expect(sameDecimal('91500.5', '91500.500000')).toBe(true);
    expect(sameDecimal('0.0105378', '0.010537800')).toBe(true);
    expect(sameDecimal('007', '7.0')).toBe(true);
    expect(sameDecimal('-0', '0.000')).toBe(true);
    expect(sameDecimal('.5', '0.50')).toBe(true);
    expect(sameDecimal('91500.5', '91500.50001')).toBe(false);
    expect(sameDecimal('-1', '1')).toBe(false);
    expect(sameDecimal('abc', 'abc')).toBe(false);
  });

  it('agrees with big.js', () => {
    const decimal = fc
      .tuple(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 4 }),
      )
      .map(([units, scale, pad]) => new Big(units.toString()).div(new Big(10).pow(scale)).toFixed(scale + pad));
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(sameDecimal(a, b)).toBe(new Big(a).eq(b));
        expect(sameDecimal(a, new Big(a).toFixed(12))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
