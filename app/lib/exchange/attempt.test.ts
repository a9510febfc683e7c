import { describe, expect, it } from 'vitest';
import { attemptKeys } from './attempt.ts';

const claim = {
  email: 'ann@example.com',
  fromPs: 1,
  toPs: 2,
  fromSumma: '1500.00',
  toSumma: '15.75',
  fromRequisites: { card: '2202201234567895' },
  toRequisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
  recaptcha: 'proof-1',
};

describe('attemptKeys (Idempotency-Key per attempt)', () => {
  it('reuses the key when the same claim is sent again, whatever the captcha proof and key order', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}`);
    const first = keys.keyFor(claim);
    const { email, ...rest } = claim;
    expect(keys.keyFor({ ...rest, recaptcha: 'proof-2', email })).toBe(first);
  });

  it('takes a new key when anything of the claim changes', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}`);
    const first = keys.keyFor(claim);
    const second = keys.keyFor({ ...claim, toSumma: '15.74' });
    expect(second).not.toBe(first);
    expect(keys.keyFor({ ...claim, toRequisites: { address: 'T' } })).not.toBe(second);
  });

  it('makes random keys by default', () => {
    expect(attemptKeys().keyFor(claim)).not.toBe(attemptKeys().keyFor(claim));
  });
});
