import { createHmac } from 'node:crypto';
import type { FootprintKind } from '../../db/schema-referral.ts';
import type { RequestOrigin } from '../../request-origin.ts';

/** How long a partner's own session marks a browser or an address as theirs. */
export const footprintDays = 30;

/**
 * The part of an address that stands for one customer: an IPv4 address whole, an IPv6 address by its /64 network
 * (one home or phone line gets a /64 and draws fresh addresses from it at will). An IPv4 address mapped into IPv6
 * (`::ffff:203.0.113.7`) is the IPv4 address.
 */
export function ipNetwork(ip: string): string {
  const bare = ip.trim().toLowerCase().split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * The stored form of a footprint: an HMAC under the server's secret, so the table holds neither addresses nor usable
 * cookie values, and a leaked table cannot be reversed by hashing all 2^32 IPv4 addresses without the secret.
 */
export function footprintHashes(key: string, origin: RequestOrigin): { kind: FootprintKind; hash: string }[] {
  const hash = (kind: FootprintKind, value: string) =>
    createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url');
  const list: { kind: FootprintKind; hash: string }[] = [{ kind: 'ip', hash: hash('ip', ipNetwork(origin.ip)) }];
  if (origin.deviceId) list.push({ kind: 'device', hash: hash('device', origin.deviceId) });
  return list;
}

/**
 * The mailbox an address delivers to, for comparing a claim's e-mail with a partner's: case, a `+tag` and (at Gmail,
 * which ignores them) dots in the local part make new addresses for free that all reach the same person.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  let name = local.split('+')[0]!;
  if (domain === 'gmail.com' || domain === 'googlemail.com') name = name.replaceAll('.', '');
  return `${name}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
