import { describe, expect, it } from 'vitest';
import { claimStatuses } from '../../../shared/claim-statuses.ts';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { claim as ruClaim } from '../../../app/i18n/ru/claim.ts';
import { claim as enClaim } from '../../../app/i18n/en/claim.ts';
import { createdMail, operatorMail, statusMail, statusNames, type ClaimMailFacts } from './mails.ts';

const nb = '\u00a0';
const facts = (over: Partial<ClaimMailFacts> = {}): ClaimMailFacts => ({
  id: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  locale: 'ru',
  fromAmount: '8681500',
  fromSymbol: 'RUB',
  fromDecimals: 2,
  toAmount: '91500.5',
  toSymbol: 'USDT',
  toDecimals: 6,
  expiresAt: new Date('2026-11-24T11:35:00Z'),
  timeZone: 'Europe/Moscow',
  fromName: 'Сбербанк RUB',
  toName: 'Tether TRC20',
  course: '0.0105378',
  createdAt: new Date('2026-11-24T11:05:00Z'),
  changedAt: new Date('2026-11-24T11:10:00Z'),
  payIn: { label: 'Сбербанк', value: '2202201000000014', holder: null, memo: null },
  fromRequisites: [],
  toRequisites: [],
  breakdown: null,
  offer: null,
  refundRequisites: [],
  ...over,
});

// 8 681 500 RUB at Binance's USDTRUB 94.90 inverted, no markup: what the letter lists is not the point here.
const breakdownOf = (source: string): ClaimMailFacts['breakdown'] => ({
  source,
  rate: '0.0105378',
  updatedAt: '2026-11-24T11:00:00.000Z',
  markupPercent: '0',
  bonusPercent: '0',
  promocodePercent: '0',
  fees: { from: '0', to: '0' },
  course: '0.0105378',
  send: '8681500',
  market: '91484.11',
  markup: '0',
  bonus: '0',
  promocode: '0',
  fromFee: '0',
  fromFeeValue: '0',
  toFee: '0',
  receive: '91484.11',
});

describe('claim letters write money and times as the pages do', () => {
  it('ru: grouped with no-break spaces, decimal comma, the deadline in the exchange zone, named', () => {
    const { text } = createdMail(facts(), 'https://obmen.example');
    expect(text).toContain(`Вы отдаёте 8${nb}681${nb}500,00${nb}RUB и получаете 91${nb}500,50${nb}USDT.`);
    expect(text).toMatch(/Курс зафиксирован до 24 нояб\. 2026 г\., 14:35 \(UTC\+3\)/);
    expect(text).toContain(`Курс: 94,90${nb}RUB = 1${nb}USDT`);
    expect(text).toContain('Создана: 24 нояб. 2026 г., 14:05 (UTC+3)');
    // Our card to pay to, whole and in groups of four.
    expect(text).toContain('Вы платите на: Сбербанк: 2202 2010 0000 0014');
  });

  it('en: comma groups and a decimal point; another EXCHANGE_TIME_ZONE is named as such', () => {
    const { text } = createdMail(facts({ locale: 'en', timeZone: 'Europe/London' }), 'https://obmen.example');
    expect(text).toContain(`You send 8,681,500.00${nb}RUB and receive 91,500.50${nb}USDT.`);
    expect(text).toContain('The rate is held until Nov 24, 2026, 11:35 (UTC)');
  });

  it('status and operator letters carry the same figures', () => {
    expect(statusMail({ ...facts({ locale: 'en' }), status: 'paid' }, 'https://x').text).toContain(
      `8,681,500.00${nb}RUB → 91,500.50${nb}USDT.`,
    );
    expect(operatorMail({ ...facts(), status: 'late_payment' }, 'https://x').text).toContain(
      `8${nb}681${nb}500,00${nb}RUB → 91${nb}500,50${nb}USDT. / 8,681,500.00${nb}RUB → 91,500.50${nb}USDT.`,
    );
  });

  it('the breakdown names the rate source as the customer knows it', () => {
    const breakdown = breakdownOf('binance:RUBUSDT');
    const ru = createdMail(facts({ breakdown }), 'https://obmen.example').text;
    expect(ru).toContain(`Рыночный курс 94,90${nb}RUB = 1${nb}USDT, источник: Binance:`);
    expect(ru).not.toContain('binance:');
    const en = createdMail(facts({ locale: 'en', breakdown }), 'https://obmen.example').text;
    expect(en).toContain('source: Binance:');
  });

  it('a course set by hand is the exchange’s own in the letter, not a market rate', () => {
    const breakdown = breakdownOf('manual');
    const ru = createdMail(facts({ breakdown }), 'https://obmen.example').text;
    expect(ru).toContain(', задан вручную:');
    expect(ru).toContain('По курсу обменника: ');
    expect(ru).not.toContain('Рыночный');
    const en = createdMail(facts({ locale: 'en', breakdown }), 'https://obmen.example').text;
    expect(en).toContain('The exchange’s own rate ');
    expect(en).toContain('At the exchange’s rate: ');
  });
});

describe('what a claim letter says of the claim’s next step', () => {
  const mail = (status: ClaimStatusValue, over: Partial<ClaimMailFacts> = {}) =>
    statusMail({ ...facts(over), status }, 'https://obmen.example');

  it('a subject names the status as the claim page’s badge does', () => {
    for (const status of claimStatuses) {
      expect(statusNames[status].ru, status).toBe(ruClaim.status[status].toLowerCase());
      expect(statusNames[status].en, status).toBe(enClaim.status[status].toLowerCase());
    }
    expect(mail('processing').subject).toBe('Заявка 07E48773: в обработке');
  });

  it('a reference is named as the claim page names it: payout, refund or the customer’s own', () => {
    expect(mail('completed', { reference: 'PAY-1' } as Partial<ClaimMailFacts>).text).toContain('Номер выплаты: PAY-1');
    expect(mail('refunded', { reference: 'RET-1' } as Partial<ClaimMailFacts>).text).toContain('Номер возврата: RET-1');
    expect(mail('paid', { locale: 'en', reference: 'SBP-7' } as Partial<ClaimMailFacts>).text).toContain(
      'Your payment reference: SBP-7',
    );
    expect(mail('paid', { reference: 'SBP-7' } as Partial<ClaimMailFacts>).text).not.toContain('Номер перевода');
  });

  it('an expired claim’s letter keeps the product’s words and tells one who paid not to pay again', () => {
    const ru = mail('expired').text;
    expect(ru).toContain(
      'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    );
    expect(ru).toContain('Если вы уже оплатили, не платите ещё раз: нажмите «Я уже оплатил» на странице заявки');
    expect(mail('expired', { locale: 'en' }).text).toContain('press “I already paid” on the order page');
    expect(mail('cancelled').text).not.toContain('Я уже оплатил');
  });

  it('the operator’s refund alert: what goes back and where to, whole; a late payment’s keeps the exchange', () => {
    const refundTo = {
      ru: [{ label: 'Номер карты', value: '2202201234567895' }],
      en: [{ label: 'Card number', value: '2202201234567895' }],
    };
    const { text } = operatorMail({ ...facts(), status: 'refund_requested', refundTo }, 'https://x');
    expect(text).toContain(
      `К возврату: 8${nb}681${nb}500,00${nb}RUB за вычетом комиссии сети или банка. / To be returned: 8,681,500.00${nb}RUB, minus the network or bank fee.`,
    );
    expect(text).toContain('Возврат на: Номер карты: 2202201234567895 / Refund to: Card number: 2202201234567895');
    expect(text).not.toMatch(/→|USDT/);
    expect(operatorMail({ ...facts(), status: 'late_payment' }, 'https://x').text).not.toMatch(/К возврату|Возврат на/);
  });

  it('the number in subjects and text is upper case, as on every page', () => {
    expect(createdMail(facts(), 'https://x').subject).toBe('Заявка 07E48773 создана');
    expect(mail('paid', { locale: 'en' }).subject).toBe('Order 07E48773: paid');
    expect(operatorMail({ ...facts(), status: 'late_payment' }, 'https://x').subject).toBe(
      'Заявка 07E48773: оплата после срока / Order 07E48773: late payment',
    );
  });

  it('the payment deadline only while paying is next: the created letter and a new claim’s', () => {
    expect(createdMail(facts(), 'https://x').text).toContain('Оплатить до: 24 нояб. 2026 г., 14:35 (UTC+3)');
    expect(createdMail(facts({ locale: 'en' }), 'https://x').text).toContain('Pay by: Nov 24, 2026, 14:35 (UTC+3)');
    expect(mail('new').text).toContain('Оплатить до: ');
    // Every status past `new`, paid for or not (`expired` says more, below).
    const others = claimStatuses.filter((status) => status !== 'new');
    for (const status of others) {
      const ru = mail(status).text;
      const en = mail(status, { locale: 'en' }).text;
      expect(ru, status).not.toContain('Оплатить до');
      expect(en, status).not.toContain('Pay by');
      // Created and changed stay in every status letter.
      expect(ru, status).toContain('Создана: 24 нояб. 2026 г., 14:05 (UTC+3)');
      expect(ru, status).toContain('Статус изменён: 24 нояб. 2026 г., 14:10 (UTC+3)');
      expect(en, status).toContain('Status changed: Nov 24, 2026, 14:10 (UTC+3)');
    }
    // An expired claim's letter says when the deadline passed, not to pay by it.
    expect(mail('expired').text).toContain('Срок оплаты истёк: 24 нояб. 2026 г., 14:35 (UTC+3)');
    expect(mail('expired', { locale: 'en' }).text).toContain('Payment deadline passed: Nov 24, 2026, 14:35 (UTC+3)');
    expect(mail('expired').text).not.toContain('Оплатить до');
  });

  // The offer's terms are the facts' course and amount; `replaced` is the claim's own.
  const validUntil = new Date('2026-11-25T09:20:00Z');
  const requoted = (over: Partial<ClaimMailFacts>) => mail('requoted', over);

  it('a re-quote states the new terms against the old, until when they hold, and the refund instead', () => {
    const offer = { validUntil, replaced: { course: '0.0105378', toAmount: '91500.5' }, droppedPromocode: null };
    const ru = requoted({ course: '0.01', toAmount: '86815', offer });
    expect(ru.subject).toBe('Заявка 07E48773: новый курс');
    expect(ru.text).toContain(
      `Оператор нашёл ваш платёж и предлагает новые условия: курс 100,00${nb}RUB = 1${nb}USDT вместо 94,90${nb}RUB = 1${nb}USDT, ` +
        `вы получите 86${nb}815,00${nb}USDT вместо 91${nb}500,50${nb}USDT.`,
    );
    expect(ru.text).toContain(
      'Предложение действует до 25 нояб. 2026 г., 12:20 (UTC+3): примите его на странице заявки или попросите там же вернуть средства.',
    );
    expect(ru.text).not.toContain('Оплатить до');
    const en = requoted({ locale: 'en', course: '0.01', toAmount: '86815', offer });
    expect(en.subject).toBe('Order 07E48773: new rate offered');
    expect(en.text).toContain(
      `The operator found your payment and offers new terms: rate 100.00${nb}RUB = 1${nb}USDT instead of 94.90${nb}RUB = 1${nb}USDT, ` +
        `you receive 86,815.00${nb}USDT instead of 91,500.50${nb}USDT.`,
    );
    expect(en.text).toContain(
      'The offer holds until Nov 25, 2026, 12:20 (UTC+3): accept it on the order page, or ask for a refund there instead.',
    );
  });

  it('a re-quote on the claim’s own terms asks to confirm the order, and says no rate changed', () => {
    // The same figures written otherwise (the offer's numeric scale) are the same terms.
    const offer = { validUntil, replaced: { course: '0.010537800', toAmount: '91500.500000' }, droppedPromocode: null };
    const ru = requoted({ offer });
    expect(ru.subject).toBe('Заявка 07E48773: подтвердите заявку');
    expect(ru.text).toContain(
      `Оператор нашёл ваш платёж и просит подтвердить заявку на прежних условиях: курс 94,90${nb}RUB = 1${nb}USDT, вы получите 91${nb}500,50${nb}USDT.`,
    );
    expect(ru.text).toContain(
      'Подтвердите её на странице заявки до 25 нояб. 2026 г., 12:20 (UTC+3) или попросите там же вернуть средства.',
    );
    expect(ru.text).not.toMatch(/новый курс|новые условия|вместо/);
    const en = requoted({ locale: 'en', offer });
    expect(en.subject).toBe('Order 07E48773: please confirm the order');
    expect(en.text).toContain(
      `The operator found your payment and asks you to confirm the order on the same terms: rate 94.90${nb}RUB = 1${nb}USDT, you receive 91,500.50${nb}USDT.`,
    );
    expect(en.text).toContain(
      'Confirm it on the order page by Nov 25, 2026, 12:20 (UTC+3), or ask for a refund there instead.',
    );
    expect(en.text).not.toMatch(/new rate|new terms|instead of 9/);
  });

  it('a re-quote priced without the claim’s promocode says so; one that kept it says nothing of it', () => {
    const offer = { validUntil, replaced: { course: '0.0105378', toAmount: '91500.5' }, droppedPromocode: 'ONE-USE' };
    expect(requoted({ course: '0.01', toAmount: '86815', offer }).text).toContain(
      'Промокод ONE-USE к этому предложению не применяется.',
    );
    expect(requoted({ locale: 'en', course: '0.01', toAmount: '86815', offer }).text).toContain(
      'The promocode ONE-USE does not apply to this offer.',
    );
    const kept = requoted({ course: '0.01', toAmount: '86815', offer: { ...offer, droppedPromocode: null } });
    expect(kept.text).not.toContain('ONE-USE');
  });

  it('a refund’s letters name where the money goes back, not the payout', () => {
    const over = {
      toRequisites: [{ label: 'Адрес USDT TRC20', value: 'TXYZ' }],
      refundRequisites: [{ label: 'Номер карты', value: '2202 •••• •••• 0014' }],
    };
    for (const status of ['refund_requested', 'refunded'] as const) {
      const ru = mail(status, over).text;
      expect(ru, status).toContain('Возврат на: Номер карты: 2202 •••• •••• 0014');
      expect(ru, status).not.toContain('Мы выплачиваем на');
      const en = mail(status, { ...over, locale: 'en' }).text;
      expect(en, status).toContain('Refund to: Номер карты: 2202 •••• •••• 0014');
      expect(en, status).not.toContain('We pay out to');
    }
    // A refund the customer gave no details for (the operator refunded a paid claim) names no payout either.
    expect(mail('refunded', { ...over, refundRequisites: [] }).text).not.toMatch(/Мы выплачиваем на|Возврат на/);
    // Any other status keeps the payout line.
    expect(mail('processing', over).text).toContain('Мы выплачиваем на: Адрес USDT TRC20: TXYZ');
    expect(mail('processing', over).text).not.toContain('Возврат на');
  });

  it('a claim that will not be paid as it stands promises no payout, as its page says; a completed one says it was', () => {
    const over = { toRequisites: [{ label: 'Адрес USDT TRC20', value: 'TXYZ' }] };
    for (const status of ['cancelled', 'expired', 'late_payment'] as const) {
      const ru = mail(status, over).text;
      expect(ru, status).toMatch(/По условиям заявки: /);
      expect(ru, status).toContain('Реквизиты для получения: Адрес USDT TRC20: TXYZ');
      expect(ru, status).not.toMatch(/Получаете:|Мы выплачиваем на/);
      const en = mail(status, { ...over, locale: 'en' }).text;
      expect(en, status).toMatch(/On the order’s terms: /);
      expect(en, status).not.toMatch(/You receive:|We pay out to/);
    }
    expect(mail('completed', over).text).toContain('Выплачено на: Адрес USDT TRC20: TXYZ');
    expect(mail('completed', { ...over, locale: 'en' }).text).toContain('Paid out to: Адрес USDT TRC20: TXYZ');
    // A cancelled claim's letter gives the page's advice to whoever already sent the money.
    expect(mail('cancelled', over).text).toContain('Если вы уже отправили средства, напишите в поддержку.');
  });

  it('a refund’s letters say what goes back, the amount sent, never "you receive" the other currency', () => {
    // 50 TON sent for 24 488,08 RUB: the claim's exchange never happens, the TON go back.
    const ton = {
      fromAmount: '50',
      fromSymbol: 'TON',
      fromDecimals: 2,
      toAmount: '24488.08',
      toSymbol: 'RUB',
      toDecimals: 2,
      course: '489.7616',
      fromName: 'Toncoin',
      toName: 'Сбербанк',
      refundRequisites: [{ label: 'Адрес для возврата', value: 'UQBv…ggGG' }],
    };
    const asked = mail('refund_requested', ton).text;
    expect(asked).toContain(`К возврату: 50,00${nb}TON за вычетом комиссии сети или банка.`);
    const done = mail('refunded', ton).text;
    expect(done).toContain(`Возвращено: 50,00${nb}TON за вычетом комиссии сети или банка.`);
    expect(done).toContain(`Отдаёте: 50,00${nb}TON`);
    for (const text of [asked, done]) {
      expect(text).not.toContain('RUB');
      expect(text).not.toMatch(/Получаете|Курс:|→ 24/);
      expect(text).toContain('Возврат на: Адрес для возврата: UQBv…ggGG');
    }
    const en = mail('refunded', { ...ton, locale: 'en' }).text;
    expect(en).toContain(`Returned: 50.00${nb}TON, minus the network or bank fee.`);
    expect(en).not.toMatch(/You receive|Rate:|RUB/);
    expect(mail('refund_requested', { ...ton, locale: 'en' }).text).toContain(
      `To be returned: 50.00${nb}TON, minus the network or bank fee.`,
    );
    // Every other letter keeps the exchange's figures.
    const paid = mail('paid', ton).text;
    expect(paid).toContain(`50,00${nb}TON → 24${nb}488,08${nb}RUB.`);
    expect(paid).toContain(`Получаете: 24${nb}488,08${nb}RUB`);
  });
});
