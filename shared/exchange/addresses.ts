import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base64, base64url, bech32, bech32m, hex } from '@scure/base';

/**
 * Wallet addresses checked for what they are, by the currency's network: the encoding and its checksum, and that the
 * address belongs to that network's main chain. Shared by the claim form and the server (docs/product/claims.md, "Requisites").
 *
 * - `format`: not an address of this network at all (wrong length, alphabet or shape);
 * - `checksum`: shaped right, but its checksum does not match: a mistyped or mis-copied character;
 * - `network`: a well-formed address of another chain or of a test network (testnet bech32, a Litecoin address for
 *   Bitcoin, a TON testnet address), which the operator could not pay out to.
 */
export type AddressProblem = 'format' | 'checksum' | 'network';

type Check = (value: string) => AddressProblem | null;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

const base58Alphabet = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Base58check (Bitcoin's legacy addresses, Tron): a 21-byte payload (version + hash) and 4 bytes of sha256d. */
function base58check(value: string, versions: readonly number[]): AddressProblem | null {
  if (!base58Alphabet.test(value) || value.length < 26 || value.length > 35) return 'format';
  const bytes = base58.decode(value);
  if (bytes.length !== 25) return 'format';
  const payload = bytes.subarray(0, 21);
  if (!sameBytes(sha256(sha256(payload)).subarray(0, 4), bytes.subarray(21))) return 'checksum';
  return versions.includes(payload[0]!) ? null : 'network';
}

const bech32Shape = /^([a-z]{1,83})1([02-9ac-hj-np-z]{6,87})$/;

/**
 * Segwit addresses (BIP-173, BIP-350): version 0 programs of 20 or 32 bytes under a bech32 checksum, versions 1-16
 * (taproot and later) of 2-40 bytes under bech32m. One case only; upper case is allowed as the BIPs allow it.
 */
function segwit(value: string, hrp: string): AddressProblem | null {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return 'format';
  const lower = value.toLowerCase();
  const shape = bech32Shape.exec(lower);
  if (!shape || lower.length > 90) return 'format';
  const decoded = bech32.decodeUnsafe(lower, 90) ?? bech32m.decodeUnsafe(lower, 90);
  if (!decoded) return 'checksum';
  const [version, ...data] = decoded.words;
  const program = version === undefined ? undefined : bech32.fromWordsUnsafe(data);
  if (version === undefined || version > 16 || !program || program.length < 2 || program.length > 40) return 'format';
  if (version === 0 && program.length !== 20 && program.length !== 32) return 'format';
  // A version 0 program under bech32m, or a later one under bech32, is a mis-encoded address: its checksum is wrong.
  const variant = version === 0 ? bech32 : bech32m;
  if (!variant.decodeUnsafe(lower, 90)) return 'checksum';
  return shape[1] === hrp ? null : 'network';
}

/** Bitcoin-like chains: a bech32 address when it starts with the human-readable part, base58check otherwise. */
const bitcoinLike =
  (hrp: string, versions: readonly number[], otherHrps: readonly string[]): Check =>
  (value) => {
    const lower = value.toLowerCase();
    if (lower.startsWith(`${hrp}1`) || otherHrps.some((other) => lower.startsWith(`${other}1`)))
      return segwit(value, hrp);
    return base58check(value, versions);
  };

/** EIP-55: a mixed-case address carries a checksum in its letters' case; all-lower or all-upper carries none. */
function ethereum(value: string): AddressProblem | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'format';
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  const hash = hex.encode(keccak_256(new TextEncoder().encode(body.toLowerCase())));
  for (let i = 0; i < 40; i++) {
    const ch = body[i]!;
    if (ch.toLowerCase() === ch.toUpperCase()) continue;
    const upper = parseInt(hash[i]!, 16) >= 8;
    if (upper !== (ch === ch.toUpperCase())) return 'checksum';
  }
  return null;
}

/** Tron: base58check with the 0x41 version byte, which is what makes every address start with T. */
function tron(value: string): AddressProblem | null {
  if (!value.startsWith('T')) return base58Alphabet.test(value) && value.length === 34 ? 'network' : 'format';
  return base58check(value, [0x41]);
}

/** CRC16-XModem (polynomial 0x1021, initial 0), the checksum of TON's user-friendly addresses. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * TON: the raw form `workchain:64 hex` (basechain 0 or masterchain -1), or the user-friendly form, 48 characters of
 * base64 or base64url holding 36 bytes: a flags byte (0x11 bounceable, 0x51 non-bounceable, +0x80 testnet), the
 * workchain, the 32-byte account id and a big-endian CRC16-XModem of the 34 bytes before it.
 */
function ton(value: string): AddressProblem | null {
  if (/^-?\d+:[0-9a-fA-F]{64}$/.test(value)) return /^(0|-1):/.test(value) ? null : 'format';
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(value) || (/[+/]/.test(value) && /[_-]/.test(value))) return 'format';
  const bytes = (/[_-]/.test(value) ? base64url : base64).decode(value);
  const crc = crc16xmodem(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) return 'checksum';
  const flags = bytes[0]!;
  if ((flags & 0x7f) !== 0x11 && (flags & 0x7f) !== 0x51) return 'format';
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff) return 'format';
  return flags & 0x80 ? 'network' : null;
}

/**
 * The checks by network code (a currency's `network`, upper-cased). Bitcoin: P2PKH 0x00 (1...), P2SH 0x05 (3...),
 * bech32 `bc`; Litecoin: P2PKH 0x30 (L...), P2SH 0x32 (M...) and the legacy 0x05 (3...), bech32 `ltc`. The other
 * chains' prefixes (testnets, each other's) are known so that such an address is refused as another network's.
 */
const checks: Record<string, Check> = {
  BTC: bitcoinLike('bc', [0x00, 0x05], ['tb', 'bcrt', 'ltc', 'tltc']),
  LTC: bitcoinLike('ltc', [0x30, 0x32, 0x05], ['tltc', 'rltc', 'bc', 'tb']),
  ETH: ethereum,
  ERC20: ethereum,
  BEP20: ethereum,
  TRC20: tron,
  TRX: tron,
  TON: ton,
};

/**
 * What is wrong with `value` as an address of `network`, or null when it is one. A network without a check of its own
 * only asks for an address-like value, so an operator can add a chain before this module knows its encoding.
 */
export function checkAddress(network: string | null, value: string): AddressProblem | null {
  const check = network ? checks[network.toUpperCase()] : undefined;
  if (check) return check(value);
  return /^[\x21-\x7e]{16,128}$/.test(value) ? null : 'format';
}
