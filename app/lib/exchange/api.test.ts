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
    });
  });

  it('does not mistake field errors for it', () => {
    expect(readRateChanged(failed(400, { toSumma: ['Not enough reserve: at most 10.00.'] }))).toBeNull();
    expect(readRateChanged(failed(503, { detail: 'Maintenance', code: 'maintenance' }))).toBeNull();
    expect(readRateChanged({ ok: true, status: 201, data: { uuid: 'x' } })).toBeNull();
  });
});
