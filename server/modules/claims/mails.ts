import { quoteLineLabel, quoteRateText, quoteText } from '../../../shared/exchange/quote-labels.ts';
import { claimNumber, sameTerms } from '../../../shared/exchange/claim-display.ts';
import { quoteLines, type Quote } from '../../../shared/exchange/quote.ts';
import { formatCardNumber, formatCourse, formatDateTime, formatMoney, formatPercent } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { refundStatuses, unpaidStatuses } from '../../../shared/claim-statuses.ts';
import { layoutMail } from '../mail/service.ts';

/** A refunded claim whose customer gave where the refund goes (the claim page's `refundedToText`). */
const refundedTo: Record<Locale, string> = {
  ru: 'Средства возвращены на реквизиты, которые вы указали для возврата.',
  en: 'The funds have been returned to the refund details you gave.',
};

/** What each status means to the customer: the status page's message and the status e-mail's text. */
const statusMessages: Record<ClaimStatusValue, Record<Locale, string>> = {
  new: { ru: 'Ожидает оплаты.', en: 'Awaiting your payment.' },
  paid: {
    ru: 'Вы отметили оплату. Мы проверяем поступление средств.',
    en: 'You have marked the order as paid. We are checking the payment.',
  },
  processing: { ru: 'Оплата получена, заявка выполняется.', en: 'Payment received, the exchange is in progress.' },
  completed: { ru: 'Заявка выполнена. Спасибо, что выбрали нас!', en: 'The exchange is complete. Thank you!' },
  expired: {
    ru: 'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    en: 'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
  },
  // With the claim page's advice (claim-panels.ts cancelledText): one who already paid is not left guessing.
  cancelled: {
    ru: 'Заявка отменена. Если вы уже отправили средства, напишите в поддержку.',
    en: 'The order has been cancelled. If you have already sent the funds, please contact support.',
  },
  hold: {
    ru: 'Заявка на проверке. Мы свяжемся с вами по e-mail.',
    en: 'The order is under review. We will contact you by e-mail.',
  },
  refunded: { ru: 'Средства возвращены отправителю.', en: 'The funds have been returned to the sender.' },
  error: {
    ru: 'При выполнении заявки возникла ошибка. Напишите в поддержку.',
    en: 'Something went wrong with the order. Please contact support.',
  },
  late_payment: {
    ru: 'Вы сообщили об оплате после окончания срока. Оператор проверит поступление и предложит новый курс или возврат.',
    en: 'You reported a payment made after the deadline. An operator will check it and offer a new rate or a refund.',
  },
  requoted: {
    ru: 'Оператор предложил новый курс. Примите его или попросите вернуть средства на странице заявки.',
    en: 'The operator has offered a new rate. Accept it or ask for a refund on the order page.',
  },
  refund_requested: {
    ru: 'Вы попросили вернуть средства. Оператор отправит их на указанные реквизиты.',
    en: 'You asked for a refund. The operator will send the funds to the details you gave.',
  },
};

/**
 * `paid` of a claim its customer never marked paid (an operator moved it there from hold): the same news without
 * "you marked" (shared/claim-statuses.ts `customerMarkedPaid`).
 */
const paidUnmarked: Record<Locale, string> = {
  ru: 'Мы проверяем поступление средств.',
  en: 'We are checking the payment.',
};

/**
 * `requoted` with an offer of the claim's own course and amount (shared/exchange/claim-display.ts `sameTerms`): no new
 * rate was offered, the customer is asked to confirm the order, as the claim page's status panel asks.
 */
const requotedSameTerms: Record<Locale, string> = {
  ru: 'Оператор нашёл ваш платёж, условия прежние. Подтвердите заявку или попросите вернуть средства на странице заявки.',
  en: 'The operator found your payment and the terms are unchanged. Confirm the order or ask for a refund on the order page.',
};

/**
 * `requoted` whose offer's time passed (shared/exchange/claim-display.ts `offerLapsed`): the claim waits for the
 * operator again, and asking to accept or confirm would ask for what the server refuses (`claim_offer_expired`); the
 * claim page's status panel says the same.
 */
const requotedLapsed: Record<Locale, string> = {
  ru: 'Срок предложения истёк, принять его уже нельзя. Оператор может сделать новое предложение или вернуть средства; попросить вернуть средства можно на странице заявки.',
  en: 'The offer has expired and can no longer be accepted. The operator may make a new offer or return the money; you can ask for a refund on the order page.',
};

/**
 * The status's message to the customer. `customerMarked`: the customer said they paid (the history knows);
 * `sameTerms`: the claim's offer is on its own terms; `offerLapsed`: the claim's offer is past its time;
 * `refundTo`: the customer gave details for the refund (then a refunded claim's money went there, as the claim page
 * says, not "to the sender").
 */
export function statusMessage(
  status: ClaimStatusValue,
  locale: Locale,
  {
    customerMarked = true,
    sameTerms = false,
    offerLapsed = false,
    refundTo = false,
  }: { customerMarked?: boolean; sameTerms?: boolean; offerLapsed?: boolean; refundTo?: boolean } = {},
): string {
  if (status === 'refunded' && refundTo) return refundedTo[locale];
  if (status === 'paid' && !customerMarked) return paidUnmarked[locale];
  if (status === 'requoted' && offerLapsed) return requotedLapsed[locale];
  if (status === 'requoted' && sameTerms) return requotedSameTerms[locale];
  return statusMessages[status][locale];
}

/** The statuses as the claim page's badge names them (`status` in app/i18n/ru/claim.ts and en), in lower case for a subject. */
export const statusNames: Record<ClaimStatusValue, Record<Locale, string>> = {
  new: { ru: 'ожидает оплаты', en: 'awaiting payment' },
  paid: { ru: 'оплачена', en: 'paid' },
  processing: { ru: 'в обработке', en: 'processing' },
  completed: { ru: 'выполнена', en: 'completed' },
  expired: { ru: 'просрочена', en: 'expired' },
  cancelled: { ru: 'отменена', en: 'cancelled' },
  hold: { ru: 'на проверке', en: 'on hold' },
  refunded: { ru: 'возврат выполнен', en: 'refunded' },
  error: { ru: 'ошибка', en: 'error' },
  late_payment: { ru: 'оплата после срока', en: 'late payment' },
  requoted: { ru: 'новый курс', en: 'new rate offered' },
  refund_requested: { ru: 'запрошен возврат', en: 'refund requested' },
};

/** A claim's party details as the customer sees them: labelled, the customer's own masked (shared/exchange/mask.ts). */
interface MailRequisite {
  label: string;
  value: string;
}

export interface ClaimMailFacts {
  id: string;
  locale: Locale;
  fromAmount: string;
  fromSymbol: string;
  fromDecimals: number;
  toAmount: string;
  toSymbol: string;
  toDecimals: number;
  expiresAt: Date;
  /** The exchange's zone (EXCHANGE_TIME_ZONE): the letter's times are written in it, named. */
  timeZone: string;
  /** The currencies' names in the claim's language: the direction as the monitors and the claim page name it. */
  fromName: string;
  toName: string;
  /** The locked course (the offered one while re-quoted). */
  course: string;
  createdAt: Date;
  /** When the claim last changed: the time of the status a status e-mail reports. */
  changedAt: Date;
  /** Where the customer pays: our details, whole (the customer must pay there); null when none were assigned. */
  payIn: { label: string; value: string; holder: string | null; memo: string | null } | null;
  /** The customer's sending details and where we pay out, masked as the claim page masks them. */
  fromRequisites: MailRequisite[];
  toRequisites: MailRequisite[];
  /** The price as quoted at creation (null for claims older than breakdowns). */
  breakdown: Quote | null;
  /**
   * While re-quoted: until when the operator's offer can be accepted, and the claim's own terms it replaces (the
   * offer's are `course` and `toAmount` above). Null otherwise.
   */
  offer: {
    validUntil: Date;
    replaced: { course: string; toAmount: string };
    /** The claim's promocode when the offer was priced without it (views.ts `offerOf`); null when kept or none. */
    droppedPromocode: string | null;
  } | null;
  /** Where the customer asked their money back to (their refund request's details), masked; empty when none. */
  refundRequisites: MailRequisite[];
}

/** The frozen breakdown as the letter's lines: "Exchange markup 1%: -950.00 USDT". */
function breakdownParagraphs(claim: ClaimMailFacts): string[] {
  const q = claim.breakdown;
  if (!q) return [];
  const { locale } = claim;
  const fromUnit = { symbol: claim.fromSymbol, decimals: claim.fromDecimals };
  const toUnit = { symbol: claim.toSymbol, decimals: claim.toDecimals };
  // Written as every page writes money (shared/format.ts): the market rate is what one unit of `from` buys.
  const rate = formatCourse(q.rate, fromUnit, toUnit, locale).text;
  const head = `${quoteText('title', locale)}. ${quoteRateText(q.source, rate, locale)}:`;
  const lines = quoteLines(q).map((l) => {
    const percent = l.percent ? ` ${formatPercent(l.percent, locale)}` : '';
    const from = l.fromAmount ? ` (${formatMoney(l.fromAmount, fromUnit, locale)})` : '';
    return `${quoteLineLabel(l.part, locale, { source: q.source })}${percent}${from}: ${formatMoney(l.amount, toUnit, locale)}`;
  });
  return [head, ...lines];
}

function claimUrl(publicUrl: string, claim: { id: string; locale: Locale }) {
  return `${publicUrl}${claim.locale === 'en' ? '/en' : ''}/claim/${claim.id}`;
}

/** A moment in the exchange's zone, named ("24 нояб. 2026 г., 14:05 (UTC+3)"), as the console writes it. */
function mailTime(claim: ClaimMailFacts, at: Date): string {
  return formatDateTime(at, claim.locale, claim.timeZone);
}

/** "100,00 USDT" and "9 490,00 RUB" in the letter's language, as the pages write them (docs/money.md). */
function amounts(claim: ClaimMailFacts, locale: Locale = claim.locale) {
  const from = { symbol: claim.fromSymbol, decimals: claim.fromDecimals };
  const to = { symbol: claim.toSymbol, decimals: claim.toDecimals };
  return {
    from: formatMoney(claim.fromAmount, from, locale),
    to: formatMoney(claim.toAmount, to, locale),
    course: formatCourse(claim.course, from, to, locale).text,
  };
}

const listed = (items: MailRequisite[]) => items.map((r) => `${r.label}: ${r.value}`).join('; ');

/**
 * The exchange's key parameters and both parties' details, in every claim e-mail (what monitors ask of a listed
 * exchange): direction, amounts, course, times, where the customer pays and where the money goes. The payment deadline
 * only while paying is the customer's next step (a `new` claim); an expired claim's letter says when it passed. A
 * refund's letter names where the money goes back (the details the customer asked for it to), not the payout, and
 * neither the amount to receive nor the rate: no exchange happens, the amount sent goes back (`refundLine`).
 */
function keyParameters(claim: ClaimMailFacts, opts: { status: ClaimStatusValue; changed: boolean }): string[] {
  const ru = claim.locale === 'ru';
  const sum = amounts(claim);
  const deadline = mailTime(claim, claim.expiresAt);
  const deadlineLine =
    opts.status === 'new'
      ? [ru ? `Оплатить до: ${deadline}` : `Pay by: ${deadline}`]
      : opts.status === 'expired'
        ? [ru ? `Срок оплаты истёк: ${deadline}` : `Payment deadline passed: ${deadline}`]
        : [];
  const refund = refundStatuses.includes(opts.status);
  // The claim's own amount will not be paid as it stands (cancelled, or its window passed): written as its terms, the
  // payout details as where it would have gone, as the claim page says ("По условиям заявки").
  const unpaid = unpaidStatuses.includes(opts.status);
  const paidOut = opts.status === 'completed';
  // "You pay to" while paying is next; afterwards (paid, done, expired, refunded) the same details, named as a record.
  const paying = opts.status === 'new';
  const payout = refund ? [] : claim.toRequisites;
  const receiveLine = ru
    ? `${unpaid ? 'По условиям заявки' : 'Получаете'}: ${sum.to}`
    : `${unpaid ? 'On the order’s terms' : 'You receive'}: ${sum.to}`;
  const payoutLabel = ru
    ? unpaid
      ? 'Реквизиты для получения'
      : paidOut
        ? 'Выплачено на'
        : 'Мы выплачиваем на'
    : unpaid
      ? 'Your receiving details'
      : paidOut
        ? 'Paid out to'
        : 'We pay out to';
  const payIn = claim.payIn;
  const payInText = payIn
    ? [
        `${payIn.label}: ${formatCardNumber(payIn.value)}`,
        ...(payIn.holder ? [ru ? `получатель ${payIn.holder}` : `holder ${payIn.holder}`] : []),
        ...(payIn.memo ? [ru ? `комментарий к платежу ${payIn.memo}` : `memo ${payIn.memo}`] : []),
      ].join(', ')
    : null;
  const lines = ru
    ? [
        `Направление: ${claim.fromName} → ${claim.toName}`,
        `Отдаёте: ${sum.from}`,
        ...(refund ? [] : [receiveLine, `Курс: ${sum.course}`]),
        `Создана: ${mailTime(claim, claim.createdAt)}`,
        ...deadlineLine,
        ...(opts.changed ? [`Статус изменён: ${mailTime(claim, claim.changedAt)}`] : []),
        ...(payInText ? [`${paying ? 'Вы платите на' : 'Реквизиты для оплаты'}: ${payInText}`] : []),
        ...(claim.fromRequisites.length ? [`Ваши реквизиты отправителя: ${listed(claim.fromRequisites)}`] : []),
        ...(payout.length ? [`${payoutLabel}: ${listed(payout)}`] : []),
        ...(refund && claim.refundRequisites.length ? [`Возврат на: ${listed(claim.refundRequisites)}`] : []),
      ]
    : [
        `Direction: ${claim.fromName} → ${claim.toName}`,
        `You send: ${sum.from}`,
        ...(refund ? [] : [receiveLine, `Rate: ${sum.course}`]),
        `Created: ${mailTime(claim, claim.createdAt)}`,
        ...deadlineLine,
        ...(opts.changed ? [`Status changed: ${mailTime(claim, claim.changedAt)}`] : []),
        ...(payInText ? [`${paying ? 'You pay to' : 'Our payment details'}: ${payInText}`] : []),
        ...(claim.fromRequisites.length ? [`Your sending details: ${listed(claim.fromRequisites)}`] : []),
        ...(payout.length ? [`${payoutLabel}: ${listed(payout)}`] : []),
        ...(refund && claim.refundRequisites.length ? [`Refund to: ${listed(claim.refundRequisites)}`] : []),
      ];
  return lines;
}

/**
 * What a refund returns: the amount the customer sent, in the send currency, less the network's or bank's fee, as the
 * site's rules and the claim page's refund form say (server/db/demo-content.ts, claim-panels.ts refundText).
 */
function refundLine(claim: ClaimMailFacts, status: ClaimStatusValue): string {
  const sent = amounts(claim).from;
  const done = status === 'refunded';
  return claim.locale === 'ru'
    ? `${done ? 'Возвращено' : 'К возврату'}: ${sent} за вычетом комиссии сети или банка.`
    : `${done ? 'Returned' : 'To be returned'}: ${sent}, minus the network or bank fee.`;
}

/** Whether a re-quote offers exactly the claim's own terms (the same course and amount to receive). */
function offersSameTerms(claim: ClaimMailFacts): boolean {
  const was = claim.offer?.replaced;
  return (
    !!was && sameTerms({ course: claim.course, toSumma: claim.toAmount }, { course: was.course, toSumma: was.toAmount })
  );
}

/**
 * A re-quote's letter: the offer's terms (each beside the claim's own it replaces), until when it can be accepted, and
 * that a refund can be asked for instead, on the claim page. An offer on the claim's own terms is not a new rate
 * (decision 0025: nothing said that did not happen): the customer is asked to confirm the order, as the claim page's
 * status panel asks.
 */
function offerParagraphs(claim: ClaimMailFacts & { offer: NonNullable<ClaimMailFacts['offer']> }): string[] {
  const ru = claim.locale === 'ru';
  const now = amounts(claim);
  const was = amounts({ ...claim, ...claim.offer.replaced });
  const until = mailTime(claim, claim.offer.validUntil);
  // Said, never dropped silently (decision 0025), as the offer panel says it.
  const code = claim.offer.droppedPromocode;
  const dropped = code
    ? [
        ru
          ? `Промокод ${code} к этому предложению не применяется.`
          : `The promocode ${code} does not apply to this offer.`,
      ]
    : [];
  if (offersSameTerms(claim)) {
    return ru
      ? [
          `Оператор нашёл ваш платёж и просит подтвердить заявку на прежних условиях: курс ${now.course}, вы получите ${now.to}.`,
          `Подтвердите её на странице заявки до ${until} или попросите там же вернуть средства.`,
          ...dropped,
        ]
      : [
          `The operator found your payment and asks you to confirm the order on the same terms: rate ${now.course}, you receive ${now.to}.`,
          `Confirm it on the order page by ${until}, or ask for a refund there instead.`,
          ...dropped,
        ];
  }
  const instead = (a: string, b: string) => (a === b ? a : ru ? `${a} вместо ${b}` : `${a} instead of ${b}`);
  return ru
    ? [
        `Оператор нашёл ваш платёж и предлагает новые условия: курс ${instead(now.course, was.course)}, вы получите ${instead(now.to, was.to)}.`,
        ...dropped,
        `Предложение действует до ${until}: примите его на странице заявки или попросите там же вернуть средства.`,
      ]
    : [
        `The operator found your payment and offers new terms: rate ${instead(now.course, was.course)}, you receive ${instead(now.to, was.to)}.`,
        ...dropped,
        `The offer holds until ${until}: accept it on the order page, or ask for a refund there instead.`,
      ];
}

const expiredButPaid: Record<Locale, string> = {
  ru: 'Если вы уже оплатили, не платите ещё раз: нажмите «Я уже оплатил» на странице заявки, и оператор проверит поступление.',
  en: 'If you have already paid, do not pay again: press “I already paid” on the order page and an operator will check the payment.',
};

/**
 * A status letter's reference, named as the claim page names it: the payout's on a completed claim, the refund's on a
 * refunded one, otherwise the customer's own payment reference (they gave it marking the claim paid, or paid late).
 */
function referenceLine(status: ClaimStatusValue, reference: string, locale: Locale): string {
  const names: Record<Locale, [string, string, string]> = {
    ru: ['Номер выплаты', 'Номер возврата', 'Ваш номер платежа'],
    en: ['Payout reference', 'Refund reference', 'Your payment reference'],
  };
  const [payout, refund, own] = names[locale];
  const name = status === 'completed' ? payout : status === 'refunded' ? refund : own;
  return `${name}: ${reference}`;
}

/** A re-quote on the claim's own terms asks for a confirmation: its subject does not announce a new rate. */
const sameTermsName: Record<Locale, string> = { ru: 'подтвердите заявку', en: 'please confirm the order' };

/** The e-mail sent when a claim is created, in the claim's language. */
export function createdMail(claim: ClaimMailFacts, publicUrl: string) {
  const url = claimUrl(publicUrl, claim);
  const deadline = mailTime(claim, claim.expiresAt);
  const sum = amounts(claim);
  const ru = claim.locale === 'ru';
  const subject = ru ? `Заявка ${claimNumber(claim.id)} создана` : `Order ${claimNumber(claim.id)} created`;
  const body = layoutMail({
    title: subject,
    paragraphs: [
      ...(ru
        ? [
            `Вы отдаёте ${sum.from} и получаете ${sum.to}.`,
            ...breakdownParagraphs(claim),
            `Курс зафиксирован до ${deadline}: оплатите заявку до этого времени и отметьте оплату на странице заявки.`,
          ]
        : [
            `You send ${sum.from} and receive ${sum.to}.`,
            ...breakdownParagraphs(claim),
            `The rate is held until ${deadline}: pay before then and mark the order as paid on its page.`,
          ]),
      ...keyParameters(claim, { status: 'new', changed: false }),
    ],
    button: { label: ru ? 'Открыть заявку' : 'Open the order', url },
    footer: ru ? 'Обмен валют Obmen' : 'Obmen currency exchange',
  });
  return { subject, ...body };
}

/**
 * The e-mail sent on every status change, in the claim's language. `reason` (why a claim is on hold or cancelled) and
 * `reference` (the customer's payment reference, or the payout's or refund's transfer) are printed as written. A
 * completed claim's letter asks for a review on each monitor the operator gave a review link (`reviews`).
 */
export function statusMail(
  claim: ClaimMailFacts & {
    status: ClaimStatusValue;
    reason?: string | null;
    reference?: string | null;
    reviews?: { name: string; url: string }[];
    /** The customer said they paid (false: an operator moved the claim to paid, never "you marked"). */
    customerMarked?: boolean;
  },
  publicUrl: string,
) {
  const url = claimUrl(publicUrl, claim);
  const ru = claim.locale === 'ru';
  const offer = claim.status === 'requoted' && claim.offer ? { ...claim, offer: claim.offer } : null;
  const name = offer && offersSameTerms(offer) ? sameTermsName[claim.locale] : statusNames[claim.status][claim.locale];
  const subject = ru ? `Заявка ${claimNumber(claim.id)}: ${name}` : `Order ${claimNumber(claim.id)}: ${name}`;
  const reviews = claim.status === 'completed' ? (claim.reviews ?? []) : [];
  const body = layoutMail({
    title: subject,
    paragraphs: [
      ...(offer
        ? offerParagraphs(offer)
        : [
            statusMessage(claim.status, claim.locale, {
              customerMarked: claim.customerMarked,
              refundTo: claim.refundRequisites.length > 0,
            }),
          ]),
      // The status message (the product's own words) sends everyone to a new claim; one who paid on time but did not
      // say so must not pay twice: the claim page takes a late payment report.
      ...(claim.status === 'expired' ? [expiredButPaid[claim.locale]] : []),
      ...(claim.reason ? [ru ? `Причина: ${claim.reason}` : `Reason: ${claim.reason}`] : []),
      ...(claim.reference ? [referenceLine(claim.status, claim.reference, claim.locale)] : []),
      // A refund exchanges nothing: its letter says what goes back, never "you receive" the other currency.
      refundStatuses.includes(claim.status)
        ? refundLine(claim, claim.status)
        : `${amounts(claim).from} → ${amounts(claim).to}.`,
      ...keyParameters(claim, { status: claim.status, changed: true }),
      // The completed claim's letter repeats the price it was created with; a re-quote's is about its new offer.
      ...(claim.status === 'completed' ? breakdownParagraphs(claim) : []),
      ...reviews.map((r) =>
        ru ? `Оставьте отзыв о нас на ${r.name}: ${r.url}` : `Leave a review of us on ${r.name}: ${r.url}`,
      ),
    ],
    button: { label: ru ? 'Открыть заявку' : 'Open the order', url },
    footer: ru ? 'Обмен валют Obmen' : 'Obmen currency exchange',
  });
  return { subject, ...body };
}

/** Statuses the customer moved a claim into that wait for an operator: the operator's inbox is told at once. */
export const operatorAlertStatuses: readonly ClaimStatusValue[] = ['late_payment', 'refund_requested'];

/**
 * The operator's alert (to the site's support address): a customer reported a late payment or asked for a refund.
 * In both languages, as the operators of one exchange may read either; the console link opens the claim. A late
 * payment's alert gives the exchange ("X → Y"); a refund request's exchanges nothing: it says what goes back (the
 * amount sent, in the send currency, as the customer's refund letters do, `refundLine`) and where to, the details
 * whole (`refundTo`, the operator sends the money there; the customer's letters mask them).
 */
export function operatorMail(
  claim: ClaimMailFacts & {
    status: ClaimStatusValue;
    txid?: string | null;
    comment?: string | null;
    refundTo?: { ru: MailRequisite[]; en: MailRequisite[] } | null;
  },
  publicUrl: string,
) {
  const what = {
    ru: `${statusNames[claim.status].ru}`,
    en: `${statusNames[claim.status].en}`,
  };
  const subject = `Заявка ${claimNumber(claim.id)}: ${what.ru} / Order ${claimNumber(claim.id)}: ${what.en}`;
  const refund = refundStatuses.includes(claim.status);
  const to = claim.refundTo;
  const body = layoutMail({
    title: subject,
    paragraphs: [
      ...(refund
        ? [
            `${refundLine({ ...claim, locale: 'ru' }, claim.status)} / ${refundLine({ ...claim, locale: 'en' }, claim.status)}`,
            ...(to?.ru.length ? [`Возврат на: ${listed(to.ru)} / Refund to: ${listed(to.en)}`] : []),
          ]
        : [
            `${amounts(claim, 'ru').from} → ${amounts(claim, 'ru').to}. / ${amounts(claim, 'en').from} → ${amounts(claim, 'en').to}.`,
          ]),
      ...(claim.txid ? [`Номер платежа / Payment reference: ${claim.txid}`] : []),
      ...(claim.comment ? [`Комментарий клиента / Customer's comment: ${claim.comment}`] : []),
      'Заявка ждёт оператора в консоли. / The order waits for an operator in the console.',
    ],
    button: { label: 'Открыть в консоли / Open in the console', url: `${publicUrl}/admin/claims/${claim.id}` },
    footer: 'Obmen',
  });
  return { subject, ...body };
}
