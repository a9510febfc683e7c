import Big from 'big.js';

/**
 * The payment link a crypto pay-in carries (GET /api/v1/claim/{id}/requisite/ `details.uri`): the claim page encodes
 * it in the QR code and offers it as "Open in wallet", so a wallet opens with the address, the amount and the memo
 * filled in. Null where no widely supported standard exists: the page then shows the bare address, which every wallet
 * understands. Shared and zod-free: the server builds it, its tests pin each scheme.
 *
 * The scheme is chosen by the currency's network and symbol, and the on-chain decimals come from the table below, not
 * from the currency's own `decimals` (which says how amounts are shown; USDT on BNB Smart Chain has 18 on chain but
 * is shown with 6 or 2). An asset missing here gets no link rather than a wrong one: a wrong unit or token contract
 * would move the wrong amount or the wrong token.
 */

export interface WalletUriInput {
  kind: string;
  network: string | null;
  symbol: string;
  /** The operator's address (payment_details.value). */
  address: string;
  /** The amount to pay in whole units ('0.0115'), a decimal string. */
  amount: string;
  /** The memo/tag the network needs to attribute the payment (TON); null when there is none. */
  memo: string | null;
}

type Scheme =
  | { type: 'bip21'; prefix: string; decimals: number }
  | { type: 'eip681-native'; chainId: number; decimals: number }
  | { type: 'eip681-token'; chainId: number; contract: string; decimals: number }
  | { type: 'ton'; decimals: number };

/** Mainnet token contracts (checked on etherscan/bscscan), by network and symbol. */
const tokens: Record<string, Record<string, { contract: string; decimals: number }>> = {
  ERC20: {
    USDT: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    USDC: { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
  },
  BEP20: {
    USDT: { contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
    USDC: { contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
  },
};
const chainIds: Record<string, number> = { ERC20: 1, BEP20: 56 };

function schemeOf(network: string, symbol: string): Scheme | null {
  const n = network.toUpperCase();
  const s = symbol.toUpperCase();
  // BIP21 (bitcoin:ADDR?amount=BTC); Litecoin wallets read the same shape under their own prefix.
  if (n === 'BTC' && s === 'BTC') return { type: 'bip21', prefix: 'bitcoin', decimals: 8 };
  if (n === 'LTC' && s === 'LTC') return { type: 'bip21', prefix: 'litecoin', decimals: 8 };
  // EIP-681: ether in wei on chain 1; BNB on BNB Smart Chain (56) the same way.
  if ((n === 'ETH' || n === 'ERC20') && s === 'ETH') return { type: 'eip681-native', chainId: 1, decimals: 18 };
  if ((n === 'BSC' || n === 'BEP20') && s === 'BNB') return { type: 'eip681-native', chainId: 56, decimals: 18 };
  const token = tokens[n]?.[s];
  if (token) return { type: 'eip681-token', chainId: chainIds[n]!, ...token };
  // TON's own transfer link: amount in nanotons, the memo as `text` (the comment the operator matches payments by).
  if (n === 'TON' && s === 'TON') return { type: 'ton', decimals: 9 };
  // TRON (TRC20 USDT, TRX) gets no link on purpose. There is no standard wallets agree on: `tron:ADDR?amount=` is
  // read by some wallets, while TronLink, the most used one, rejects it in its scanner ("incorrect address format"),
  // and the URI cannot say whether the amount is TRX or a token, so a wallet could offer to send TRX to the address.
  // The bare address works everywhere. Jettons on TON (USDT TON) are left out for a similar reason: the `jetton`
  // parameter is one wallet's extension, not part of the ton:// link every TON wallet reads.
  return null;
}

const addressPatterns: Record<Scheme['type'], RegExp> = {
  // Base58 and bech32 addresses: letters and digits only.
  bip21: /^[a-zA-Z0-9]{25,90}$/,
  'eip681-native': /^0x[0-9a-fA-F]{40}$/,
  'eip681-token': /^0x[0-9a-fA-F]{40}$/,
  // User-friendly (url-safe base64, 48 characters) or raw (workchain:hex) form.
  ton: /^(?:[A-Za-z0-9_-]{48}|-?\d{1,3}:[0-9a-fA-F]{64})$/,
};

/**
 * The amount in the asset's smallest unit (satoshi, wei, nanoton) as an integer string, exact (big.js, never a float).
 * A fraction finer than the chain's unit is rounded up: the customer pays at most one unit more, never less than due.
 * Null for an amount that is not a positive decimal.
 */
export function toBaseUnits(amount: string, decimals: number): string | null {
  let value: Big;
  try {
    value = new Big(amount);
  } catch {
    return null;
  }
  if (value.lte(0)) return null;
  return value.times(new Big(10).pow(decimals)).round(0, Big.roundUp).toFixed(0);
}

/** The payment link for a pay-in, or null (not crypto, no standard, an unknown asset, a malformed address). */
export function walletUri(input: WalletUriInput): string | null {
  if (input.kind !== 'crypto' || !input.network) return null;
  const scheme = schemeOf(input.network, input.symbol);
  if (!scheme) return null;
  const address = input.address.trim();
  if (!addressPatterns[scheme.type].test(address)) return null;
  const units = toBaseUnits(input.amount, scheme.decimals);
  if (units === null) return null;
  const memo = input.memo?.trim() || null;
  // A memo the link cannot carry would be lost: a payment without it cannot be matched, so no link at all.
  if (memo && scheme.type !== 'ton') return null;
  switch (scheme.type) {
    case 'bip21': {
      // Whole coins, derived back from the base units so the two always agree.
      const coins = new Big(units).div(new Big(10).pow(scheme.decimals)).toFixed();
      return `${scheme.prefix}:${address}?amount=${coins}`;
    }
    case 'eip681-native':
      return `ethereum:${address}@${scheme.chainId}?value=${units}`;
    case 'eip681-token':
      return `ethereum:${scheme.contract}@${scheme.chainId}/transfer?address=${address}&uint256=${units}`;
    case 'ton':
      return `ton://transfer/${address}?amount=${units}${memo ? `&text=${encodeURIComponent(memo)}` : ''}`;
  }
}
