import { describe, expect, it } from 'vitest';
import { networkBesideName } from './network-name.ts';

describe('networkBesideName', () => {
  it('gives the network only when the name does not already say it as a word, in any case', () => {
    expect(networkBesideName({ name: 'Tether TRC20', network: 'TRC20' })).toBeNull();
    expect(networkBesideName({ name: 'USDT (trc20)', network: 'TRC20' })).toBeNull();
    expect(networkBesideName({ name: 'Tether', network: 'TRC20' })).toBe('TRC20');
    expect(networkBesideName({ name: 'Tether TRC200', network: 'TRC20' })).toBe('TRC20');
    expect(networkBesideName({ name: 'USDC on BEP-20', network: 'BEP-20' })).toBeNull();
    expect(networkBesideName({ name: 'Sberbank RUB', network: null })).toBeNull();
    expect(networkBesideName({ name: 'Sberbank RUB', network: ' ' })).toBeNull();
  });
});
