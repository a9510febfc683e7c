import Big from 'big.js';
import { count } from 'drizzle-orm';
import { courseDecimals, courseFromSource, invertPrice, plain } from '../../shared/exchange/calculator.ts';
import { withLuhnDigit, type RequisiteInput } from '../../shared/exchange/requisites.ts';
import type { Tx } from './client.ts';
import { currencies, directions, paymentDetails, type currencyKinds } from './schema-exchange.ts';

/**
 * Demo exchange data (currencies, directions, the operator's payment details) and the factories tests build on.
 * Market levels are of November 2026 (USDT ~92 RUB, BTC ~8.95M RUB); every course is derived from them with a markup,
 * so the demo pairs agree with each other. Long because most of it is the demo's data (30+ directions), not logic.
 */

type Kind = (typeof currencyKinds)[number];

/** Mid market price of one unit, in RUB. */
const market: Record<string, string> = {
  RUB: '1',
  USD: '91.2',
  EUR: '99.4',
  USDT: '92.05',
  BTC: '8950000',
  ETH: '331000',
  LTC: '9350',
  TON: '505',
};

const input = (
  name: string,
  kind: RequisiteInput['kind'],
  ru: string,
  en: string,
  example: string,
  extra: Partial<RequisiteInput> = {},
): RequisiteInput => ({
  name,
  label: { ru, en },
  visible: true,
  required: true,
  kind,
  pattern: null,
  example,
  ...extra,
});

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const exampleCard = spaced(withLuhnDigit('220220123456789'));

const cardFrom = [input('card', 'card', 'Номер карты отправителя', 'Sender card number', exampleCard)];
const cardTo = [
  input('card', 'card', 'Номер карты получателя', 'Recipient card number', exampleCard),
  input('holder', 'text', 'ФИО получателя', 'Recipient full name', 'Иван Петров', {
    pattern: "[\\p{L} .'-]{3,80}",
    exampleEn: 'Ivan Petrov',
  }),
];
const phoneInput = (ru: string, en: string) => input('phone', 'phone', ru, en, '+79161234567');
const nameInput = input('name', 'text', 'Имя и фамилия', 'Full name', 'Анна Смирнова', {
  pattern: "[\\p{L} .'-]{3,80}",
  exampleEn: 'Anna Smirnova',
});

function cryptoInputs(network: string, memo = false) {
  const examples: Record<string, string> = {
    TRC20: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    ERC20: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    LTC: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
    TON: 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
  };
  const example = examples[network]!;
  const to = [input('address', 'address', `Адрес кошелька ${network}`, `${network} wallet address`, example)];
  if (memo)
    to.push(
      input('memo', 'text', 'Комментарий (memo), если нужен', 'Comment (memo), if required', '104523', {
        required: false,
        pattern: '[A-Za-z0-9 _-]{1,120}',
      }),
    );
  // Hidden on the form, so never required (docs/product/behaviour.md); kept for operators who turn refunds on.
  const from = [
    input('refund', 'address', 'Адрес для возврата', 'Refund address', example, { visible: false, required: true }),
  ];
  return { from, to };
}

interface CurrencySeed {
  code: string;
  ru: string;
  en: string;
  kind: Kind;
  symbol: string;
  network: string | null;
  decimals: number;
  /** Decimal places of the calculator on this side. */
  round: number;
  reserve: string;
  fromInputs: RequisiteInput[];
  toInputs: RequisiteInput[];
  city?: string;
  /** A payout's transaction on a public block explorer, `{ref}` for its hash (crypto only). */
  explorerUrl?: string;
  /** The operator's own details for receiving this currency. */
  pool: { ru: string; en: string; value: string; holder?: string; memo?: string }[];
}

/** A card pool label, as the claim page shows it above the number: `bank` in Russian (genitive) and English. */
const cardLabel = (bank: { ru: string; en: string }) => ({ ru: `Карта ${bank.ru}`, en: `${bank.en} card` });

const card = (
  code: string,
  ru: string,
  en: string,
  reserve: string,
  prefix: string,
  bank: { ru: string; en: string },
): CurrencySeed => ({
  code,
  ru,
  en,
  kind: 'card',
  symbol: 'RUB',
  network: null,
  decimals: 2,
  round: 2,
  reserve,
  fromInputs: cardFrom,
  toInputs: cardTo,
  // The label names the field the claim page shows the number under; the holder is one string on both sites, so Latin.
  pool: [
    { ...cardLabel(bank), value: withLuhnDigit(`${prefix}100000001`), holder: 'Oleg K.' },
    { ...cardLabel(bank), value: withLuhnDigit(`${prefix}200000002`), holder: 'Marina L.' },
  ],
});

/** Real public explorers, by the demo's networks: where the customer follows a payout's transaction. */
const explorers: Record<string, string> = {
  TRC20: 'https://tronscan.org/#/transaction/{ref}',
  ERC20: 'https://etherscan.io/tx/{ref}',
  ETH: 'https://etherscan.io/tx/{ref}',
  BTC: 'https://mempool.space/tx/{ref}',
  LTC: 'https://blockchair.com/litecoin/transaction/{ref}',
  TON: 'https://tonviewer.com/transaction/{ref}',
};

const coin = (
  code: string,
  ru: string,
  en: string,
  symbol: string,
  network: string,
  decimals: number,
  round: number,
  reserve: string,
  pool: string[],
): CurrencySeed => {
  const inputs = cryptoInputs(network, network === 'TON');
  return {
    code,
    ru,
    en,
    kind: 'crypto',
    symbol,
    network,
    decimals,
    round,
    reserve,
    fromInputs: inputs.from,
    toInputs: inputs.to,
    ...(explorers[network] ? { explorerUrl: explorers[network] } : {}),
    // The field the claim page shows the address under: the coin and its network, as both languages write them.
    pool: pool.map((value, i) => ({
      ru: `Адрес ${symbol === network ? symbol : `${symbol} ${network}`}`,
      en: `${symbol === network ? symbol : `${symbol} ${network}`} address`,
      value,
      ...(network === 'TON' ? { memo: String(700100 + i) } : {}),
    })),
  };
};

const demoCurrencies: CurrencySeed[] = [
  card('SBERRUB', 'Сбербанк RUB', 'Sberbank RUB', '8500000', '220220', { ru: 'Сбербанка', en: 'Sberbank' }),
  card('TCSBRUB', 'Т-Банк RUB', 'T-Bank RUB', '6200000', '220070', { ru: 'Т-Банка', en: 'T-Bank' }),
  card('ACRUB', 'Альфа-Банк RUB', 'Alfa-Bank RUB', '3100000', '220015', { ru: 'Альфа-Банка', en: 'Alfa-Bank' }),
  {
    code: 'SBPRUB',
    ru: 'СБП RUB',
    en: 'SBP (Faster Payments) RUB',
    kind: 'ewallet',
    symbol: 'RUB',
    network: null,
    decimals: 2,
    round: 2,
    reserve: '4000000',
    fromInputs: [phoneInput('Телефон, с которого переводите', 'Phone you transfer from')],
    toInputs: [
      phoneInput('Телефон получателя', 'Recipient phone'),
      input('bank', 'text', 'Банк получателя', 'Recipient bank', 'Т-Банк', {
        pattern: '[\\p{L}\\d .-]{2,60}',
        exampleEn: 'T-Bank',
      }),
    ],
    pool: [
      { ru: 'Телефон для СБП, Т-Банк', en: 'SBP phone, T-Bank', value: '+79057001122', holder: 'Oleg K.' },
      { ru: 'Телефон для СБП, Сбербанк', en: 'SBP phone, Sberbank', value: '+79167003344', holder: 'Marina L.' },
    ],
  },
  {
    code: 'YAMRUB',
    ru: 'ЮMoney RUB',
    en: 'YooMoney RUB',
    kind: 'ewallet',
    symbol: 'RUB',
    network: null,
    decimals: 2,
    round: 2,
    reserve: '750000',
    fromInputs: [
      input('account', 'text', 'Номер кошелька ЮMoney', 'YooMoney wallet number', '410011234567890', {
        pattern: '41001\\d{7,11}',
      }),
      input('email', 'email', 'E-mail для чека', 'E-mail for the receipt', 'anna@example.com', { required: false }),
    ],
    toInputs: [
      input('account', 'text', 'Номер кошелька ЮMoney', 'YooMoney wallet number', '410011234567890', {
        pattern: '41001\\d{7,11}',
      }),
    ],
    pool: [{ ru: 'Кошелёк ЮMoney', en: 'YooMoney wallet', value: '410017700112233' }],
  },
  {
    code: 'PRUSD',
    ru: 'Payeer USD',
    en: 'Payeer USD',
    kind: 'ewallet',
    symbol: 'USD',
    network: null,
    decimals: 2,
    round: 2,
    reserve: '42000',
    fromInputs: [
      input('account', 'text', 'Номер счёта Payeer', 'Payeer account', 'P1012345678', { pattern: 'P\\d{7,12}' }),
    ],
    toInputs: [
      input('account', 'text', 'Номер счёта Payeer', 'Payeer account', 'P1012345678', { pattern: 'P\\d{7,12}' }),
    ],
    pool: [{ ru: 'Счёт Payeer', en: 'Payeer account', value: 'P1077001122' }],
  },
  {
    code: 'SEPAEUR',
    ru: 'SEPA EUR',
    en: 'SEPA EUR',
    kind: 'bank',
    symbol: 'EUR',
    network: null,
    decimals: 2,
    round: 2,
    reserve: '35000',
    fromInputs: [input('iban', 'iban', 'IBAN отправителя', 'Sender IBAN', 'DE89 3704 0044 0532 0130 00')],
    toInputs: [
      input('iban', 'iban', 'IBAN получателя', 'Recipient IBAN', 'DE89 3704 0044 0532 0130 00'),
      input('holder', 'text', 'Владелец счёта', 'Account holder', 'Max Mustermann', { pattern: "[\\p{L} .'-]{3,80}" }),
    ],
    pool: [{ ru: 'Счёт SEPA', en: 'SEPA account', value: 'GB82WEST12345698765432', holder: 'Obmen Ltd' }],
  },
  {
    code: 'CASHRUB',
    ru: 'Наличные RUB (Москва)',
    en: 'Cash RUB (Moscow)',
    kind: 'cash',
    symbol: 'RUB',
    network: null,
    decimals: 0,
    round: 0,
    reserve: '12000000',
    city: 'MSK',
    fromInputs: [phoneInput('Телефон для связи', 'Contact phone'), nameInput],
    toInputs: [phoneInput('Телефон для связи', 'Contact phone'), nameInput],
    pool: [{ ru: 'Офис: Москва, Пресненская наб., 12', en: 'Office: Moscow, Presnenskaya emb. 12', value: 'MSK-01' }],
  },
  {
    code: 'CASHUSD',
    ru: 'Наличные USD (Москва)',
    en: 'Cash USD (Moscow)',
    kind: 'cash',
    symbol: 'USD',
    network: null,
    decimals: 0,
    round: 0,
    reserve: '150000',
    city: 'MSK',
    fromInputs: [phoneInput('Телефон для связи', 'Contact phone'), nameInput],
    toInputs: [phoneInput('Телефон для связи', 'Contact phone'), nameInput],
    pool: [{ ru: 'Офис: Москва, Пресненская наб., 12', en: 'Office: Moscow, Presnenskaya emb. 12', value: 'MSK-01' }],
  },
  coin('USDTTRC20', 'Tether TRC20', 'Tether TRC20', 'USDT', 'TRC20', 6, 2, '185000', [
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  ]),
  coin('USDTERC20', 'Tether ERC20', 'Tether ERC20', 'USDT', 'ERC20', 6, 2, '64000', [
    '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3',
  ]),
  coin('BTC', 'Bitcoin', 'Bitcoin', 'BTC', 'BTC', 8, 6, '4.2', [
    'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ]),
  coin('ETH', 'Ethereum', 'Ethereum', 'ETH', 'ETH', 18, 5, '61', ['0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe']),
  coin('LTC', 'Litecoin', 'Litecoin', 'LTC', 'LTC', 8, 4, '870', ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9']),
  coin('TON', 'Toncoin', 'Toncoin', 'TON', 'TON', 9, 2, '45000', ['EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N']),
];

/** [from, to, markup %, mode]: 39 directions around the RUB cards and USDT. */
type DirectionSeed = [string, string, string, 'manual' | 'source'];
const rubCards = ['SBERRUB', 'TCSBRUB', 'ACRUB', 'SBPRUB'];
const demoDirections: DirectionSeed[] = [
  ...rubCards.flatMap((c): DirectionSeed[] => [
    ['USDTTRC20', c, '2.5', 'source'],
    [c, 'USDTTRC20', '3', 'source'],
  ]),
  ...['SBERRUB', 'TCSBRUB'].flatMap((c): DirectionSeed[] => [
    ['USDTERC20', c, '3', 'source'],
    [c, 'USDTERC20', '3.5', 'source'],
    ['BTC', c, '3', 'source'],
    [c, 'BTC', '3.5', 'source'],
    ['ETH', c, '3', 'source'],
  ]),
  ['SBERRUB', 'ETH', '3.5', 'source'],
  ['LTC', 'SBERRUB', '3.5', 'manual'],
  ['SBERRUB', 'LTC', '4', 'manual'],
  ['TON', 'TCSBRUB', '3.5', 'manual'],
  ['TCSBRUB', 'TON', '4', 'manual'],
  ['BTC', 'USDTTRC20', '1.5', 'source'],
  ['USDTTRC20', 'BTC', '1.5', 'source'],
  ['ETH', 'USDTTRC20', '1.5', 'source'],
  ['USDTTRC20', 'ETH', '1.5', 'source'],
  ['USDTTRC20', 'USDTERC20', '1', 'manual'],
  ['USDTERC20', 'USDTTRC20', '0.5', 'manual'],
  ['YAMRUB', 'USDTTRC20', '4', 'manual'],
  ['USDTTRC20', 'YAMRUB', '3', 'manual'],
  ['PRUSD', 'USDTTRC20', '2', 'manual'],
  ['USDTTRC20', 'PRUSD', '2', 'manual'],
  ['CASHRUB', 'USDTTRC20', '1.5', 'manual'],
  ['USDTTRC20', 'CASHRUB', '1', 'manual'],
  ['CASHUSD', 'USDTTRC20', '1', 'manual'],
  ['USDTTRC20', 'CASHUSD', '1.5', 'manual'],
  ['SEPAEUR', 'USDTTRC20', '2.5', 'manual'],
  ['USDTTRC20', 'SEPAEUR', '2.5', 'manual'],
];

const bySymbol = (code: string) => demoCurrencies.find((c) => c.code === code)!;

/** Amount of `code` worth `rub` roubles, rounded to the side's decimals (`up` for minimums). */
function inUnits(code: string, rub: string, up: boolean): string {
  const c = bySymbol(code);
  return new Big(rub)
    .div(market[c.symbol]!)
    .round(c.round, up ? 3 : 0)
    .toFixed();
}

const notifyFrom = (c: CurrencySeed) =>
  c.kind === 'crypto'
    ? {
        ru: `Отправьте ${c.symbol} только в сети ${c.network}: средства, отправленные в другой сети, не вернуть.`,
        en: `Send ${c.symbol} on the ${c.network} network only: funds sent on another network cannot be recovered.`,
      }
    : c.kind === 'cash'
      ? { ru: 'Встреча в офисе по предварительной записи.', en: 'Meeting at the office by appointment.' }
      : {
          ru: 'Платите только с карты или счёта, указанного в заявке.',
          en: 'Pay only from the card or account given in the order.',
        };

const notifyTo = (c: CurrencySeed) =>
  c.kind === 'crypto'
    ? { ru: `Выплата после 1–3 подтверждений сети ${c.network}.`, en: `Payout after 1–3 ${c.network} confirmations.` }
    : {
        ru: 'Выплата в течение 5–30 минут после поступления оплаты.',
        en: 'Payout within 5–30 minutes of your payment.',
      };

/**
 * A demo pair's market rate as the rate refresh would store it: the price of the dearer side in the cheaper one
 * (Binance lists BTCRUB, not RUBBTC), kept to the course's places, and inverted when the pair sells the cheaper side
 * (invertPrice: RUB -> BTC reads "8 950 000,00 RUB = 1 BTC", as BTC -> RUB does).
 */
function demoRate(from: string, to: string): string {
  const [f, t] = [new Big(market[from]!), new Big(market[to]!)];
  if (f.gte(t)) return plain(f.div(t).round(courseDecimals, 0));
  return invertPrice(plain(t.div(f).round(courseDecimals, 0)));
}

/** Seeds currencies, directions and payment details into an empty exchange. Idempotent: skips when currencies exist. */
export async function seedExchange(tx: Tx): Promise<boolean> {
  const [existing] = await tx.select({ n: count(currencies.id) }).from(currencies);
  if ((existing?.n ?? 0) > 0) return false;
  const rows = await tx
    .insert(currencies)
    .values(
      demoCurrencies.map((c, i) => ({
        code: c.code,
        name: { ru: c.ru, en: c.en },
        kind: c.kind,
        symbol: c.symbol,
        network: c.network,
        decimals: c.decimals,
        logo: `/currencies/${c.code.toLowerCase()}.svg`,
        reserve: c.reserve,
        fromInputs: c.fromInputs,
        toInputs: c.toInputs,
        city: c.city ?? null,
        explorerUrl: c.explorerUrl ?? null,
        position: i,
      })),
    )
    .returning({ id: currencies.id, code: currencies.code });
  const idOf = new Map(rows.map((r) => [r.code, r.id]));

  await tx.insert(paymentDetails).values(
    demoCurrencies.flatMap((c) =>
      c.pool.map((p) => ({
        currencyId: idOf.get(c.code)!,
        label: { ru: p.ru, en: p.en },
        value: p.value,
        holder: p.holder ?? null,
        memo: p.memo ?? null,
      })),
    ),
  );

  const now = new Date();
  await tx.insert(directions).values(
    demoDirections.map(([from, to, markup, mode], i) => {
      const f = bySymbol(from);
      const t = bySymbol(to);
      const rate = demoRate(f.symbol, t.symbol);
      // Every third pair leaves the send minimum empty: the calculator derives it from the receive side
      // (docs/product/behaviour.md).
      const deriveMin = i % 3 === 1;
      return {
        fromCurrencyId: idOf.get(from)!,
        toCurrencyId: idOf.get(to)!,
        courseMode: mode,
        courseManual: mode === 'manual' ? courseFromSource(rate, markup) : null,
        rateSource: mode === 'source' ? `binance:${f.symbol}${t.symbol}` : null,
        sourceRate: mode === 'source' ? rate : null,
        sourceUpdatedAt: mode === 'source' ? now : null,
        markupPercent: mode === 'source' ? markup : '0',
        bonusPercent: f.kind === 'crypto' || t.kind === 'crypto' ? '0.5' : '0',
        fromMin: deriveMin ? null : inUnits(from, '5000', true),
        fromMax: inUnits(from, '1500000', false),
        toMin: deriveMin ? inUnits(to, '5000', true) : null,
        toMax: null,
        fromRound: f.round,
        toRound: t.round,
        fromNotify: notifyFrom(f),
        toNotify: notifyTo(t),
        position: i,
      };
    }),
  );
  return true;
}
