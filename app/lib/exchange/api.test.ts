import { describe, expect, it } from 'vitest';
import { parseDrfErrors } from '../api.ts';
import { readRateChanged } from './api.ts';

const failed = (status: number, body: unknown) => ({ ok: false as const, status, errors: parseDrfErrors(body) });

describe('readRateChanged', () => {
  it('reads the server’s rate_changed answer with its new figures', () => {
    const answer = failed(400, {
      detail: 'The rate has changed.',
      code: 'rate_changed',
      course: '0.0104',
      fromSumma: '1500',
      toSumma: '15.60',
    });
    expect(readRateChanged(answer)).toEqual({
      message: 'The rate has changed.',
      course: '0.0104',
      fromSumma: '1500',
      toSumma: '15.60',
      terms: null,
    });
  });

  it('reads the terms the new course is made of, and leaves out terms it cannot use', () => {
    const breakdown = {
      rate: '0.0125',
      source: 'binance:USDTRUB',
      updatedAt: '2026-11-27T08:00:00.000Z',
      markupPercent: '16.8',
      bonusPercent: '0',
      fees: { from: '0', to: '0.5' },
    };
    const answer = (terms: unknown) => ({
      ...failed(400, { code: 'rate_changed', course: '0.0104', fromSumma: '1500', toSumma: '15.10' }),
      body: { code: 'rate_changed', course: '0.0104', fromSumma: '1500', toSumma: '15.10', breakdown: terms },
    });
    expect(readRateChanged(answer(breakdown))?.terms).toEqual(breakdown);
    expect(readRateChanged(answer({ ...breakdown, rate: 'high' }))?.terms).toBeNull();
    expect(readRateChanged(answer({ ...breakdown, fees: null }))?.terms).toBeNull();
  });

  it('does not mistake field errors for it', () => {
    expect(readRateChanged(failed(400, { toSumma: ['Not enough reserve: at most 10.00.'] }))).toBeNull();
    expect(readRateChanged(failed(503, { detail: 'Maintenance', code: 'maintenance' }))).toBeNull();
    expect(readRateChanged({ ok: true, status: 201, data: { uuid: 'x' } })).toBeNull();
  });
});
