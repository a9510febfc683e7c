import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, 2 passes) and verifies', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('an unknown account costs an argon2 verification too, so timing does not reveal it', async () => {
    const stored = await hashPassword('correct horse');
    await verifyPassword(null, 'warm up');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(() => verifyPassword(null, 'guess')));
      wrong.push(await timed(() => verifyPassword(stored, 'guess')));
    }
    // Without the dummy hash the unknown case would take microseconds against tens of milliseconds: a tenth of a
    // wrong password's time still tells the two apart, and leaves room for a machine so busy that five argon2 runs
    // on its thread pool vary threefold (0.4 failed at a load average of 12 on two cores: 64 ms against 168).
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.1);
    expect(await verifyPassword(undefined, 'guess')).toBe(false);
  });
});
