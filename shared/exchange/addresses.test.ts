import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAddress } from './addresses.ts';

// Real addresses and published test vectors; each broken one differs from a valid one by one character (or one
// letter's case), which is the typo a checksum exists to catch.
describe('checkAddress', () => {
  it.each([
    // Bitcoin: the genesis block's coinbase (P2PKH), the Bitcoin wiki's P2SH example, BIP-173 and BIP-350 vectors.
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    // Litecoin: a segwit and a legacy P2PKH address.
    ['LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
    ['LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    // EIP-55's own examples, all-lower and all-upper (no checksum to check), the Ethereum Foundation's address.
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['ERC20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['BEP20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
    ['ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['ETH', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'],
    ['ETH', '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe'],
    // Tron: the USDT-TRC20 contract.
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    // TON: the TON Foundation's wallet, bounceable, non-bounceable, base64 (not url) and raw.
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N'],
    ['TON', 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI'],
    ['TON', '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8'],
    ['TON', '-1:3333333333333333333333333333333333333333333333333333333333333333'],
  ])('%s %s is valid', (network, address) => {
    expect(checkAddress(network, address)).toBeNull();
  });

  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz'],
    // BIP-173's "invalid checksum" vector, and BIP-350's version 1 program under a bech32 (not bech32m) checksum.
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr'],
    ['LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfec'],
    // A character left out is a typo the checksum catches as well.
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH8'],
    // One letter's case flipped in EIP-55's examples.
    ['ETH', '0x5aAeb6053f3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t'],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M'],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqA2N'],
  ])('%s %s fails its checksum', (network, address) => {
    expect(checkAddress(network, address)).toBe('checksum');
  });

  it.each([
    // BIP-173's testnet address, a Litecoin address for Bitcoin and the other way round, a Tron address for Bitcoin,
    // the TON Foundation's account id under the testnet flag.
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['BTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    ['BTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['LTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['TON', 'kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqKYH'],
  ])('%s %s belongs to another network', (network, address) => {
    expect(checkAddress(network, address)).toBe('network');
  });

  it.each([
    ['BTC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    // Mixed case is never bech32 (BIP-173), nor is a character outside its alphabet ("b", "i", "o").
    ['BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'bc1qb508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    // BIP-173: a version 0 program of 16 bytes has no meaning.
    ['BTC', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['ETH', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xq'],
    ['TON', '1:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8'],
    ['TON', '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a'],
  ])('%s %s is not an address of the network at all', (network, address) => {
    expect(checkAddress(network, address)).toBe('format');
  });

  it('asks only for an address-like value on networks it does not know', () => {
    expect(checkAddress('SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBeNull();
    expect(checkAddress(null, 'short')).toBe('format');
    expect(checkAddress('sol', 'with space inside the value')).toBe('format');
  });

  it('never throws, whatever is typed, on any network', () => {
    const near = fc.constantFrom('bc1q', 'BC1P', 'ltc1', 'tb1', '1', '3', 'L', 'T', '0x', 'EQ', 'UQ', '0:', '-1:', '');
    const unit = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFXYZ+/_-:');
    // Lengths around every format's own (TON's 46 after its prefix, Tron's 33, bech32's 39 and 59).
    const alphabet = fc.oneof(fc.string({ unit, maxLength: 12 }), fc.string({ unit, minLength: 30, maxLength: 64 }));
    fc.assert(
      fc.property(
        fc.constantFrom('BTC', 'LTC', 'ETH', 'TRC20', 'TON', 'SOL'),
        near,
        alphabet,
        (network, head, tail) => {
          expect(['format', 'checksum', 'network', null]).toContain(checkAddress(network, head + tail));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
