import { describe, expect, it } from 'vitest';
import { explorerLink } from './explorer.ts';

describe('explorerLink', () => {
  it("puts the transaction hash where the template's {ref} is", () => {
    expect(explorerLink('https://mempool.space/tx/{ref}', 'a1b2c3')).toBe('https://mempool.space/tx/a1b2c3');
    expect(explorerLink('https://tronscan.org/#/transaction/{ref}', ' 9f86d0 ')).toBe(
      'https://tronscan.org/#/transaction/9f86d0',
    );
    expect(explorerLink('https://example.org/search?q={ref}&type=tx', '0xabc')).toBe(
      'https://example.org/search?q=0xabc&type=tx',
    );
  });

  it('encodes the reference: it cannot lead elsewhere, and $ patterns stay literal', () => {
    expect(explorerLink('https://etherscan.io/tx/{ref}', '../address/0x1?a=b#c')).toBe(
      'https://etherscan.io/tx/..%2Faddress%2F0x1%3Fa%3Db%23c',
    );
    expect(explorerLink('https://etherscan.io/tx/{ref}', "$&$'")).toBe("https://etherscan.io/tx/%24%26%24'");
  });

  it('null without a template or without a reference', () => {
    expect(explorerLink(null, 'a1b2c3')).toBeNull();
    expect(explorerLink('', 'a1b2c3')).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{ref}', '  ')).toBeNull();
  });
});
