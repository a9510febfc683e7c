import { describe, expect, it } from 'vitest';
import { explorerLink } from './explorer.ts';

const hex = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('explorerLink', () => {
  it("puts the transaction hash where the template's {ref} is", () => {
    expect(explorerLink('https://mempool.space/tx/{ref}', hex)).toBe(`https://mempool.space/tx/${hex}`);
    expect(explorerLink('https://tronscan.org/#/transaction/{ref}', ` ${hex} `)).toBe(
      `https://tronscan.org/#/transaction/${hex}`,
    );
    expect(explorerLink('https://example.org/search?q={ref}&type=tx', `0x${hex}`)).toBe(
      `https://example.org/search?q=0x${hex}&type=tx`,
    );
  });

  it('links only a reference shaped like a transaction hash: an operator’s note stays text', () => {
    const template = 'https://tonviewer.com/transaction/{ref}';
    for (const note of ['RET-MAIL-1', 'CARD-PAY-1', 'перевод 12', `${hex} ${hex}`, 'a1b2c3', 'x'.repeat(257)]) {
      expect(explorerLink(template, note)).toBeNull();
    }
    // Solana's base58 and TON's base64url hashes are linked as Ethereum's hex is.
    const solana = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(explorerLink(template, solana)).toBe(`https://tonviewer.com/transaction/${solana}`);
    expect(explorerLink(template, 'Q2xhaW1zX3RvX2xpbmtfdG9fYW5fZXhwbG9yZXI-_w')).not.toBeNull();
  });

  it('encodes the reference: it cannot lead elsewhere, and $ patterns stay literal', () => {
    // A base64 hash may hold `/`, `+` and `=`: encoded, they stay in the hash.
    const base64 = 'te6cckEBAQEAAgAAAEysuc0/+abc/def+ghi==';
    expect(explorerLink('https://etherscan.io/tx/{ref}', base64)).toBe(
      `https://etherscan.io/tx/${encodeURIComponent(base64)}`,
    );
    expect(explorerLink('https://etherscan.io/tx/{ref}', '../address/0x1?a=b#c')).toBeNull();
    // A function replacer: `$&` in the template's replacement stays literal (the hash never holds `$`).
    expect(explorerLink('https://etherscan.io/tx/{ref}/$&', hex)).toBe(`https://etherscan.io/tx/${hex}/$&`);
  });

  it('null without a template or without a reference', () => {
    expect(explorerLink(null, hex)).toBeNull();
    expect(explorerLink('', hex)).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{ref}', '  ')).toBeNull();
  });
});
