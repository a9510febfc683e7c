import { describe, expect, it } from 'vitest';
import { footprintHashes, ipNetwork, mailboxOf } from './footprints.ts';

describe('what counts as the same customer (docs/decisions/0017)', () => {
  it('an IPv4 address whole; IPv6 by its /64 network, however it is written', () => {
    expect(ipNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(ipNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipNetwork('2001:db8:7:1::10')).toBe('2001:db8:7:1::/64');
    expect(ipNetwork('2001:0DB8:0007:0001:abcd:0:0:99')).toBe('2001:db8:7:1::/64');
    expect(ipNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipNetwork('2001:db8:7:2::10')).not.toBe(ipNetwork('2001:db8:7:1::10'));
  });

  it('one mailbox: case, a +tag and Gmail dots do not make another customer', () => {
    expect(mailboxOf('Partner+promo@Example.com')).toBe('partner@example.com');
    expect(mailboxOf('p.art.ner@googlemail.com')).toBe('partner@gmail.com');
    expect(mailboxOf('p.artner@example.com')).toBe('p.artner@example.com');
    expect(mailboxOf('other@example.com')).not.toBe(mailboxOf('partner@example.com'));
  });

  it('footprints are keyed hashes: no address or cookie in them, and another key gives others', () => {
    const origin = { ip: '203.0.113.7', deviceId: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const list = footprintHashes('k1', origin);
    expect(list.map((f) => f.kind)).toEqual(['ip', 'device']);
    expect(JSON.stringify(list)).not.toContain('203.0.113');
    expect(JSON.stringify(list)).not.toContain(origin.deviceId);
    expect(footprintHashes('k2', origin)[0]!.hash).not.toBe(list[0]!.hash);
    expect(footprintHashes('k1', { ip: '203.0.113.7', deviceId: null })).toEqual([list[0]]);
  });
});
