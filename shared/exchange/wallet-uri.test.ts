import { describe, expect, it } from 'vitest';
import { toBaseUnits, walletUri, type WalletUriInput } from './wallet-uri.ts';

const pay = (over: Partial<WalletUriInput>): WalletUriInput => ({
  kind: 'crypto',
  network: 'BTC',
  symbol: 'BTC',
  address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  amount: '0.0115',
  memo: null,
  ...over,
});

describe('toBaseUnits', () => {
  it('is exact where a float is not', () => {
    // 0.1 + 0.2 territory: as floats, 1.15 * 1e18 is 1150000000000000100.
    expect(toBaseUnits('1.15', 18)).toBe('1150000000000000000');
    expect(toBaseUnits('0.0115', 8)).toBe('1150000');
    expect(toBaseUnits('123456789.123456789', 9)).toBe('123456789123456789');
    expect(toBaseUnits('1e-8', 8)).toBe('1');
  });
  it('rounds a fraction finer than the unit up (never less than due); refuses zero, negatives and junk', () => {
    expect(toBaseUnits('0.123456789', 8)).toBe('12345679');
    expect(toBaseUnits('0', 8)).toBeNull();
    expect(toBaseUnits('-1', 8)).toBeNull();
    expect(toBaseUnits('abc', 8)).toBeNull();
  });
});

describe('walletUri', () => {
  it('BIP21 for Bitcoin: the amount in BTC, no trailing zeros', () => {
    expect(walletUri(pay({ amount: '0.011500' }))).toBe(
      'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.0115',
    );
    expect(walletUri(pay({ address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', amount: '2' }))).toBe(
      'bitcoin:3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy?amount=2',
    );
  });

  it('BIP21 shape under litecoin: for Litecoin', () => {
    expect(
      walletUri(pay({ network: 'LTC', symbol: 'LTC', address: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', amount: '1.25' })),
    ).toBe('litecoin:LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9?amount=1.25');
  });

  it('EIP-681 for ether: the value in wei on chain 1', () => {
    expect(
      walletUri(
        pay({
          network: 'ETH',
          symbol: 'ETH',
          address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
          amount: '0.01234',
        }),
      ),
    ).toBe('ethereum:0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe@1?value=12340000000000000');
  });

  it('EIP-681 transfer for an ERC-20 token: the mainnet contract, the amount in the token units', () => {
    expect(
      walletUri(
        pay({
          network: 'ERC20',
          symbol: 'USDT',
          address: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3',
          amount: '150.5',
        }),
      ),
    ).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x8894E0a0c962CB723c1976a4421c95949bE2D4E3&uint256=150500000',
    );
  });

  it('EIP-681 on BNB Smart Chain (56): USDT there has 18 decimals on chain', () => {
    expect(
      walletUri(
        pay({ network: 'BEP20', symbol: 'USDT', address: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3', amount: '10' }),
      ),
    ).toBe(
      'ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=0x8894E0a0c962CB723c1976a4421c95949bE2D4E3&uint256=10000000000000000000',
    );
  });

  it("TON's transfer link: nanotons and the memo as text, encoded", () => {
    const address = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
    expect(walletUri(pay({ network: 'TON', symbol: 'TON', address, amount: '12.5', memo: '700100' }))).toBe(
      `ton://transfer/${address}?amount=12500000000&text=700100`,
    );
    expect(walletUri(pay({ network: 'TON', symbol: 'TON', address, amount: '1', memo: 'order #7' }))).toBe(
      `ton://transfer/${address}?amount=1000000000&text=order%20%237`,
    );
    expect(walletUri(pay({ network: 'TON', symbol: 'TON', address, amount: '1' }))).toBe(
      `ton://transfer/${address}?amount=1000000000`,
    );
  });

  it('no link for TRON (no standard wallets agree on), nor for an unknown token', () => {
    expect(
      walletUri(
        pay({ network: 'TRC20', symbol: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '100' }),
      ),
    ).toBeNull();
    expect(
      walletUri(pay({ network: 'ERC20', symbol: 'SHIB', address: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3' })),
    ).toBeNull();
  });

  it('no link for money that is not crypto, a malformed address, or a memo the scheme cannot carry', () => {
    expect(walletUri(pay({ kind: 'card', network: null, symbol: 'RUB', address: '2202201000000014' }))).toBeNull();
    expect(walletUri(pay({ address: 'bc1q xy2k?amount=100' }))).toBeNull();
    expect(walletUri(pay({ network: 'ETH', symbol: 'ETH', address: 'vitalik.eth' }))).toBeNull();
    expect(walletUri(pay({ memo: '12345' }))).toBeNull();
    expect(walletUri(pay({ amount: '0' }))).toBeNull();
  });
});
