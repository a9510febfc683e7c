import { describe, expect, it } from 'vitest';
import { offerChange, offerLapsed, ownTermsRows, sameTerms } from './claim-display.ts';

const own = { course: '0.0105378', toSumma: '91500.5' };

describe('sameTerms', () => {
  it('needs the same course and the same amount, as numbers', () => {
    expect(sameTerms({ course: '0.010537800', toSumma: '91500.500000' }, own)).toBe(true);
    // The amount alone is not the terms: a course that moved with the same amount paid out is a new rate.
    expect(sameTerms({ course: '0.0105379', toSumma: '91500.5' }, own)).toBe(false);
    expect(sameTerms({ course: '0.0105378', toSumma: '91500.4' }, own)).toBe(false);
  });
});

describe('offerChange', () => {
  it('is the claim’s own terms first, then only the promocode when the server says so, else the rate', () => {
    const moved = { course: '0.0100109', toSumma: '86927.3' };
    expect(offerChange({ course: '0.010537800', toSumma: '91500.500000', promocodeOnly: false }, own)).toBe(
      'sameTerms',
    );
    expect(offerChange({ ...moved, promocodeOnly: true }, own)).toBe('promocode');
    expect(offerChange({ ...moved, promocodeOnly: false }, own)).toBe('rate');
  });
});

describe('offerLapsed', () => {
  it('is past its time at and after validUntil, read alike from the API’s ISO string and the row’s Date', () => {
    const until = '2026-11-28T12:00:00.000Z';
    const at = Date.parse(until);
    for (const validUntil of [until, new Date(at)]) {
      expect(offerLapsed({ validUntil }, at - 1)).toBe(false);
      expect(offerLapsed({ validUntil }, at)).toBe(true);
      expect(offerLapsed({ validUntil }, at + 1)).toBe(true);
    }
  });
});

describe('ownTermsRows', () => {
  const row = (status: string, amounts: { course: string; toSumma: string } | null = null, actor = 'customer') => ({
    status,
    actor,
    amounts,
  });
  const moved = { course: '0.01', toSumma: '100' };

  it('a re-quote is held to the claim’s terms until an acceptance, an acceptance to the offer before it', () => {
    const before = [row('new'), row('expired', null, 'system'), row('late_payment')];
    // Waiting: the offer against the claim's current terms.
    expect(ownTermsRows([...before, row('requoted', own, 'operator')], own)).toEqual([false, false, false, true]);
    expect(ownTermsRows([...before, row('requoted', moved, 'operator')], own)).toEqual([false, false, false, false]);
    // A lapsed new rate, then the own terms offered again and accepted (the claim's terms unchanged since).
    const confirmed = [...before, row('requoted', moved, 'operator'), row('requoted', own, 'operator')];
    expect(
      ownTermsRows([...confirmed, row('processing', { course: '0.010537800', toSumma: '91500.50' })], own),
    ).toEqual([false, false, false, false, true, true]);
    // A new rate accepted: the page may still hold the claim's old terms as `current`; the history alone decides.
    const accepted = [...before, row('requoted', moved, 'operator'), row('processing', own)];
    expect(ownTermsRows(accepted, own)).toEqual([false, false, false, false, false]);
    expect(ownTermsRows(accepted, moved)).toEqual([false, false, false, false, false]);
    // An operator's "payment received" carries no amounts.
    expect(ownTermsRows([row('processing', null, 'operator')], own)).toEqual([false]);
  });
});
