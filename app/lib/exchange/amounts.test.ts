import { describe, expect, it } from 'vitest';
import {
  amountsFor,
  asDecimal,
  cleanAmount,
  commitSend,
  groupedAmountText,
  groupedTypedText,
  initialSend,
  receiveOf,
  replayedAmountText,
  sameAmount,
  sendLimits,
  sendOf,
  typeAmount,
  typeAmountAtOnce,
} from './amounts.ts';

const pair = {
  course: '0.0105',
  from: { min: '1000', max: '500000', roundCalculator: 2 },
  to: { min: null, max: null, roundCalculator: 2 },
};
/** No send minimum: derived as the receive minimum divided by the course (docs/product/behaviour.md). */
const derived = {
  course: '94.9',
  from: { min: null, max: null, roundCalculator: 2 },
  to: { min: '5000', max: null, roundCalculator: 2 },
};

describe('cleanAmount (what the amount inputs accept while typing)', () => {
  it.each([
    ['1500', 2, '1500'],
    ['1 500,5', 2, '1500.5'],
    ['12.', 2, '12.'],
    ['.5', 2, '0.5'],
    ['007', 2, '7'],
    ['0.123', 2, '0.12'],
    ['1.2.3', 2, '1.23'],
    ['12.9', 0, '12'],
    ['abc', 2, ''],
    ['-5', 2, '5'],
  ])('%j with %i decimals -> %j', (raw, dp, expected) => {
    expect(cleanAmount(raw, dp)).toBe(expected);
  });
});

describe('typeAmount (a keystroke or a paste is taken as typed, or refused whole)', () => {
  it.each([
    ['', '1500', 2, '1500'],
    ['', '1 500,5', 2, '1500.5'],
    ['', '1\u00a0500', 2, '1500'],
    ['1', '12.', 2, '12.'],
    ['', '.5', 2, '0.5'],
    ['', '007', 2, '7'],
    ['12.3', '12.34', 2, '12.34'],
  ])('%j then %j with %i decimals -> %j', (previous, raw, dp, expected) => {
    expect(typeAmount(previous, raw, dp, 'ru')).toEqual({ value: expected, refused: null });
  });

  it.each([
    ['15', 'abc1e5', 2, 'chars'],
    ['1', '1e', 2, 'chars'],
    ['5', '-5', 2, 'chars'],
    ['1.2', '1.2.', 2, 'chars'],
    ['0.12', '0.123', 2, 'decimals'],
    ['12', '12.', 0, 'decimals'],
    ['1', '1'.repeat(31), 2, 'long'],
  ])('%j then %j with %i decimals is refused (%s): the field keeps what it had', (previous, raw, dp, reason) => {
    expect(typeAmount(previous, raw, dp, 'ru')).toEqual({ value: previous, refused: reason });
  });

  it('in English a comma groups thousands where it stands, and is refused anywhere else (never read as a point)', () => {
    expect(typeAmount('', '1,500', 2, 'en')).toEqual({ value: '1500', refused: null });
    expect(typeAmount('', '12,345,678.90', 2, 'en')).toEqual({ value: '12345678.90', refused: null });
    expect(typeAmount('', '1 500.5', 2, 'en')).toEqual({ value: '1500.5', refused: null });
    for (const raw of ['1,5', '1,', '15,00', '1,50,0', '1,500,5', '0,005', '0,500']) {
      expect(typeAmount('1', raw, 2, 'en'), raw).toEqual({ value: '1', refused: 'comma' });
    }
    // Russian reads the same comma as the decimal mark.
    expect(typeAmount('', '1,5', 2, 'ru')).toEqual({ value: '1.5', refused: null });
    // Typed before the code arrived: "1,500" whole is 1500, as pasted.
    expect(typeAmountAtOnce('1,500', 2, 'en')).toEqual({ value: '1500', refused: null });
    // ...and "1,5" is not 15: refused whole, the field left empty with the hint.
    expect(typeAmountAtOnce('1,5', 2, 'en')).toEqual({ value: '', refused: 'comma' });
  });

  it('a value typed before the code arrived is taken key by key, with the same refusals', () => {
    expect(typeAmountAtOnce('0.00000001', 2, 'ru')).toEqual({ value: '0.00', refused: 'decimals' });
    expect(typeAmountAtOnce('abc1e5', 2, 'ru')).toEqual({ value: '15', refused: 'chars' });
    expect(typeAmountAtOnce('20000', 2, 'ru')).toEqual({ value: '20000', refused: null });
  });
});

describe('two-way amounts', () => {
  it('receive = send x course rounded down to the receive decimals; empty while send is empty', () => {
    expect(receiveOf(pair, '1500')).toBe('15.75');
    expect(receiveOf(pair, '1999.99')).toBe('20.99');
    expect(receiveOf(pair, '12.')).toBe('0.12');
    expect(receiveOf(pair, '')).toBe('');
  });

  it('send for a wanted receive amount rounds up, so it buys at least that much', () => {
    expect(sendOf(pair, '100')).toBe('9523.81');
    expect(receiveOf(pair, sendOf(pair, '100'))).toBe('100.00');
    expect(sendOf(pair, '')).toBe('');
  });
});

describe('commitSend (blur and submit)', () => {
  it('raises an amount under the minimum to it and says so', () => {
    expect(commitSend(pair, '10')).toEqual({
      send: '1000.00',
      receive: '10.50',
      adjusted: { kind: 'min', amount: '1000.00', why: 'limit' },
    });
  });

  it('lowers an amount over the maximum to it and says so', () => {
    expect(commitSend(pair, '900000')).toEqual({
      send: '500000.00',
      receive: '5250.00',
      adjusted: { kind: 'max', amount: '500000.00', why: 'limit' },
    });
  });

  it('keeps an amount within the limits and settles the receive amount', () => {
    expect(commitSend(pair, '1500.5')).toEqual({ send: '1500.50', receive: '15.75', adjusted: null });
  });

  it('derives a missing minimum from the receive side and the course', () => {
    expect(sendLimits(derived)).toEqual({ min: '52.69', max: null });
    expect(commitSend(derived, '1').send).toBe('52.69');
    expect(initialSend(derived)).toBe('52.69');
  });

  it('lowers an amount the reserve cannot pay for to what it can, and says the reserve set it', () => {
    // 185 USDT of reserve at 0.0105 USDT per RUB pays for 17619.04 RUB (rounded down), under the own 500000 max.
    const low = { ...pair, to: { ...pair.to, reserve: '185' } };
    expect(sendLimits(low)).toEqual({ min: '1000.00', max: '17619.04' });
    expect(commitSend(low, '20000')).toEqual({
      send: '17619.04',
      receive: '184.99',
      adjusted: { kind: 'max', amount: '17619.04', why: 'reserve' },
    });
    // A reserve above the own maximum changes nothing.
    expect(commitSend({ ...pair, to: { ...pair.to, reserve: '185000' } }, '900000').adjusted?.why).toBe('limit');
  });

  it('an amount only written out to the side’s decimals is not moved', () => {
    expect(commitSend(pair, '1000').adjusted).toBeNull();
  });

  it('leaves an empty field empty', () => {
    expect(commitSend(pair, '')).toEqual({ send: '', receive: '', adjusted: null });
  });
});

describe('amountsFor (settings arriving)', () => {
  /** The same pair with a better course, as a logged-in customer's bonus gives it. */
  const own = { ...pair, course: '0.0106' };

  it('keeps a typed send amount as typed, under the minimum too, and derives the receive amount', () => {
    expect(amountsFor(own, { side: 'send', value: '10000' }, null)).toEqual({
      send: '10000',
      receive: '106.00',
      adjusted: null,
    });
    expect(amountsFor(own, { side: 'send', value: '5' }, '1000.00')).toEqual({
      send: '5',
      receive: '0.05',
      adjusted: null,
    });
  });

  it('keeps a typed receive amount as typed and derives the send amount', () => {
    expect(amountsFor(own, { side: 'receive', value: '100' }, null)).toEqual({
      send: '9433.97',
      receive: '100',
      adjusted: null,
    });
  });

  it('cuts what the new settings cannot take off a typed amount', () => {
    const whole = { ...own, from: { ...own.from, roundCalculator: 0 } };
    expect(amountsFor(whole, { side: 'send', value: '1500.75' }, null).send).toBe('1500');
  });

  it('clamps an amount carried over from another pair, and says so', () => {
    expect(amountsFor(own, null, '10')).toEqual({
      send: '1000.00',
      receive: '10.60',
      adjusted: { kind: 'min', amount: '1000.00', why: 'limit' },
    });
  });

  it('starts an untouched pair at its minimum without a message', () => {
    expect(amountsFor(own, null, null)).toEqual({ send: '1000.00', receive: '10.60', adjusted: null });
    expect(amountsFor(own, null, '')).toEqual({ send: '1000.00', receive: '10.60', adjusted: null });
  });
});

describe('helpers', () => {
  it('reads amounts in progress and compares them as numbers', () => {
    expect(asDecimal('12.')).toBe('12');
    expect(asDecimal('')).toBeNull();
    expect(sameAmount('100', '100.00')).toBe(true);
    expect(sameAmount('100', '100.01')).toBe(false);
    expect(sameAmount('', '')).toBe(true);
  });
});

describe('groupedAmountText (a field not typed in)', () => {
  it('groups as the page does, keeping the decimals the amount has', () => {
    expect(groupedAmountText('20000.00', 'ru')).toBe('20\u00a0000,00');
    expect(groupedAmountText('20000.00', 'en')).toBe('20,000.00');
    expect(groupedAmountText('8500000', 'ru')).toBe('8\u00a0500\u00a0000');
    expect(groupedAmountText('1234.5', 'en')).toBe('1,234.5');
    expect(groupedAmountText('0.00000001', 'en')).toBe('0.00000001');
    expect(groupedAmountText('123456789012345678.123456789012', 'en')).toBe('123,456,789,012,345,678.123456789012');
  });

  it('drops the zeros the side’s rounding pads past two places, as the claim page writes the amount', () => {
    // 0.0123 BTC committed to a side of six places: the field read "0.012300" beside "0.0123 BTC" everywhere else.
    expect(groupedAmountText('0.012300', 'en')).toBe('0.0123');
    expect(groupedAmountText('0.012300', 'ru')).toBe('0,0123');
    expect(groupedAmountText('150000.500000', 'ru')).toBe('150\u00a0000,50');
    expect(groupedAmountText('1.000000', 'en')).toBe('1.00');
  });

  it('leaves an amount in progress as typed', () => {
    expect(groupedAmountText('12345.', 'ru')).toBe('12345,');
    expect(groupedAmountText('', 'en')).toBe('');
  });
});

describe('groupedTypedText (a field not typed in, holding what the customer typed)', () => {
  it('groups a complete number read as the page’s language reads it', () => {
    expect(groupedTypedText('1500,5', 'ru')).toBe('1\u00a0500,5');
    expect(groupedTypedText('1 500.50', 'ru')).toBe('1\u00a0500,50');
    expect(groupedTypedText('1,500.50', 'en')).toBe('1,500.50');
    expect(groupedTypedText('25000', 'en')).toBe('25,000');
  });

  it('leaves anything else exactly as typed: a comma English refuses, an amount in progress, a letter', () => {
    expect(groupedTypedText('1,5', 'en')).toBe('1,5');
    expect(groupedTypedText('1500.', 'en')).toBe('1500.');
    expect(groupedTypedText('15о0', 'ru')).toBe('15о0');
    expect(groupedTypedText('', 'ru')).toBe('');
  });
});

describe('replayedAmountText (typed over the server’s grouped figure before the code arrived)', () => {
  it('drops the page’s group signs around the change and keeps the customer’s', () => {
    expect(replayedAmountText('5,154.80', '5,14.80', 'en')).toBe('514.80');
    expect(replayedAmountText('5,154.80', '5,154.801', 'en')).toBe('5154.801');
    expect(replayedAmountText('1,000.00', '20000', 'en')).toBe('20000');
    expect(replayedAmountText('1,000.00', '1,5', 'en')).toBe('1,5');
    expect(replayedAmountText('1,000.00', '2,5', 'en')).toBe('2,5');
    expect(replayedAmountText('1\u00a0000,00', '1\u00a0000,5', 'ru')).toBe('1000,5');
  });
});
