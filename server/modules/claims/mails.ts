import { quoteLineLabels, quoteText } from '../../../shared/exchange/quote-labels.ts';
import { quoteLines, type Quote } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { rateOf } from '../../../shared/exchange/claim-display.ts';
import { layoutMail } from '../mail/service.ts';

/** What each status means to the customer: the status page's message and the status e-mail's text. */
export const statusMessages: Record<ClaimStatusValue, Record<Locale, string>> = {
  new: { ru: 'Ожидает оплаты.', en: 'Awaiting your payment.' },
  paid: {
    ru: 'Вы отметили оплату. Мы проверяем поступление средств.',
    en: 'You have marked the claim as paid. We are checking the payment.',
  },
  processing: { ru: 'Оплата получена, заявка выполняется.', en: 'Payment received, the exchange is in progress.' },
  completed: { ru: 'Заявка выполнена. Спасибо, что выбрали нас!', en: 'The exchange is complete. Thank you!' },
  expired: {
    ru: 'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    en: 'The waiting time for payment has expired. If you still want to exchange, please create a new application.',
  },
  cancelled: { ru: 'Заявка отменена.', en: 'The claim has been cancelled.' },
  hold: {
    ru: 'Заявка на проверке. Мы свяжемся с вами по e-mail.',
    en: 'The claim is under review. We will contact you by e-mail.',
  },
  refunded: { ru: 'Средства возвращены отправителю.', en: 'The funds have been returned to the sender.' },
  error: {
    ru: 'При выполнении заявки возникла ошибка. Напишите в поддержку.',
    en: 'Something went wrong with the claim. Please contact support.',
  },
  late_payment: {
    ru: 'Вы сообщили об оплате после окончания срока. Оператор проверит поступление и предложит новый курс или возврат.',
    en: 'You reported a payment made after the deadline. An operator will check it and offer a new rate or a refund.',
  },
  requoted: {
    ru: 'Оператор предложил новый курс. Примите его или попросите вернуть средства на странице заявки.',
    en: 'The operator has offered a new rate. Accept it or ask for a refund on the claim page.',
  },
  refund_requested: {
    ru: 'Вы попросили вернуть средства. Оператор отправит их на указанные реквизиты.',
    en: 'You asked for a refund. The operator will send the funds to the details you gave.',
  },
};

const statusNames: Record<ClaimStatusValue, Record<Locale, string>> = {
  new: { ru: 'новая', en: 'new' },
  paid: { ru: 'оплачена', en: 'paid' },
  processing: { ru: 'в работе', en: 'processing' },
  completed: { ru: 'выполнена', en: 'completed' },
  expired: { ru: 'просрочена', en: 'expired' },
  cancelled: { ru: 'отменена', en: 'cancelled' },
  hold: { ru: 'на проверке', en: 'on hold' },
  refunded: { ru: 'возврат', en: 'refunded' },
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
  toAmount: string;
  toSymbol: string;
  expiresAt: Date;
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
}

/** The frozen breakdown as the letter's lines: "Exchange markup 1%: -950.00 USDT". */
function breakdownParagraphs(claim: ClaimMailFacts): string[] {
  const q = claim.breakdown;
  if (!q) return [];
  const { locale } = claim;
  const source = q.source === 'manual' ? quoteText('manualSource', locale) : q.source;
  const rate = `1 ${claim.fromSymbol} = ${q.rate} ${claim.toSymbol}`;
  const head = `${quoteText('title', locale)}. ${quoteText('rate', locale, { rate, source })}:`;
  const lines = quoteLines(q).map((l) => {
    const percent = l.percent ? ` ${l.percent}%` : '';
    const from = l.fromAmount ? ` (${l.fromAmount} ${claim.fromSymbol})` : '';
    return `${quoteLineLabels[l.part][locale]}${percent}${from}: ${l.amount} ${claim.toSymbol}`;
  });
  return [head, ...lines];
}

function claimUrl(publicUrl: string, claim: { id: string; locale: Locale }) {
  return `${publicUrl}${claim.locale === 'en' ? '/en' : ''}/claim/${claim.id}`;
}

const short = (id: string) => id.slice(0, 8);

/** Moscow time, as the claim page's timeline prints it, with the zone named: a letter is read anywhere. */
function mailTime(at: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Moscow',
  }).format(at);
  return `${text} ${locale === 'ru' ? '(МСК)' : '(Moscow time)'}`;
}

const listed = (items: MailRequisite[]) => items.map((r) => `${r.label}: ${r.value}`).join('; ');

/**
 * The exchange's key parameters and both parties' details, in every claim e-mail (what monitors ask of a listed
 * exchange): direction, amounts, course, times, where the customer pays and where we pay out.
 */
function keyParameters(claim: ClaimMailFacts, opts: { changed: boolean }): string[] {
  const ru = claim.locale === 'ru';
  const rate = rateOf(claim.course);
  const payIn = claim.payIn;
  const payInText = payIn
    ? [
        `${payIn.label}: ${payIn.value}`,
        ...(payIn.holder ? [ru ? `получатель ${payIn.holder}` : `holder ${payIn.holder}`] : []),
        ...(payIn.memo ? [ru ? `комментарий к платежу ${payIn.memo}` : `memo ${payIn.memo}`] : []),
      ].join(', ')
    : null;
  const lines = ru
    ? [
        `Направление: ${claim.fromName} → ${claim.toName}`,
        `Отдаёте: ${claim.fromAmount} ${claim.fromSymbol}`,
        `Получаете: ${claim.toAmount} ${claim.toSymbol}`,
        `Курс: ${rate.give} ${claim.fromSymbol} = ${rate.get} ${claim.toSymbol}`,
        `Создана: ${mailTime(claim.createdAt, 'ru')}`,
        `Оплатить до: ${mailTime(claim.expiresAt, 'ru')}`,
        ...(opts.changed ? [`Статус изменён: ${mailTime(claim.changedAt, 'ru')}`] : []),
        ...(payInText ? [`Вы платите на: ${payInText}`] : []),
        ...(claim.fromRequisites.length ? [`Ваши реквизиты отправителя: ${listed(claim.fromRequisites)}`] : []),
        ...(claim.toRequisites.length ? [`Мы выплачиваем на: ${listed(claim.toRequisites)}`] : []),
      ]
    : [
        `Direction: ${claim.fromName} → ${claim.toName}`,
        `You send: ${claim.fromAmount} ${claim.fromSymbol}`,
        `You receive: ${claim.toAmount} ${claim.toSymbol}`,
        `Rate: ${rate.give} ${claim.fromSymbol} = ${rate.get} ${claim.toSymbol}`,
        `Created: ${mailTime(claim.createdAt, 'en')}`,
        `Pay by: ${mailTime(claim.expiresAt, 'en')}`,
        ...(opts.changed ? [`Status changed: ${mailTime(claim.changedAt, 'en')}`] : []),
        ...(payInText ? [`You pay to: ${payInText}`] : []),
        ...(claim.fromRequisites.length ? [`Your sending details: ${listed(claim.fromRequisites)}`] : []),
        ...(claim.toRequisites.length ? [`We pay out to: ${listed(claim.toRequisites)}`] : []),
      ];
  return lines;
}

/** The e-mail sent when a claim is created, in the claim's language. */
export function createdMail(claim: ClaimMailFacts, publicUrl: string) {
  const url = claimUrl(publicUrl, claim);
  const deadline = mailTime(claim.expiresAt, claim.locale);
  const ru = claim.locale === 'ru';
  const subject = ru ? `Заявка ${short(claim.id)} создана` : `Claim ${short(claim.id)} created`;
  const body = layoutMail({
    title: subject,
    paragraphs: [
      ...(ru
        ? [
            `Вы отдаёте ${claim.fromAmount} ${claim.fromSymbol} и получаете ${claim.toAmount} ${claim.toSymbol}.`,
            ...breakdownParagraphs(claim),
            `Курс зафиксирован до ${deadline}: оплатите заявку до этого времени и отметьте оплату на странице заявки.`,
          ]
        : [
            `You send ${claim.fromAmount} ${claim.fromSymbol} and receive ${claim.toAmount} ${claim.toSymbol}.`,
            ...breakdownParagraphs(claim),
            `The rate is held until ${deadline}: pay before then and mark the claim as paid on its page.`,
          ]),
      ...keyParameters(claim, { changed: false }),
    ],
    button: { label: ru ? 'Открыть заявку' : 'Open the claim', url },
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
  },
  publicUrl: string,
) {
  const url = claimUrl(publicUrl, claim);
  const ru = claim.locale === 'ru';
  const name = statusNames[claim.status][claim.locale];
  const subject = ru ? `Заявка ${short(claim.id)}: ${name}` : `Claim ${short(claim.id)}: ${name}`;
  const reviews = claim.status === 'completed' ? (claim.reviews ?? []) : [];
  const body = layoutMail({
    title: subject,
    paragraphs: [
      statusMessages[claim.status][claim.locale],
      ...(claim.reason ? [ru ? `Причина: ${claim.reason}` : `Reason: ${claim.reason}`] : []),
      ...(claim.reference
        ? [ru ? `Номер перевода: ${claim.reference}` : `Transfer reference: ${claim.reference}`]
        : []),
      `${claim.fromAmount} ${claim.fromSymbol} → ${claim.toAmount} ${claim.toSymbol}.`,
      ...keyParameters(claim, { changed: true }),
      // The completed claim's letter repeats the price it was created with; a re-quote's is about its new offer.
      ...(claim.status === 'completed' ? breakdownParagraphs(claim) : []),
      ...reviews.map((r) =>
        ru ? `Оставьте отзыв о нас на ${r.name}: ${r.url}` : `Leave a review of us on ${r.name}: ${r.url}`,
      ),
    ],
    button: { label: ru ? 'Открыть заявку' : 'Open the claim', url },
    footer: ru ? 'Обмен валют Obmen' : 'Obmen currency exchange',
  });
  return { subject, ...body };
}

/** Statuses the customer moved a claim into that wait for an operator: the operator's inbox is told at once. */
export const operatorAlertStatuses: readonly ClaimStatusValue[] = ['late_payment', 'refund_requested'];

/**
 * The operator's alert (to the site's support address): a customer reported a late payment or asked for a refund.
 * In both languages, as the operators of one exchange may read either; the console link opens the claim.
 */
export function operatorMail(
  claim: ClaimMailFacts & { status: ClaimStatusValue; txid?: string | null; comment?: string | null },
  publicUrl: string,
) {
  const what = {
    ru: `${statusNames[claim.status].ru}`,
    en: `${statusNames[claim.status].en}`,
  };
  const subject = `Заявка ${short(claim.id)}: ${what.ru} / Claim ${short(claim.id)}: ${what.en}`;
  const body = layoutMail({
    title: subject,
    paragraphs: [
      `${claim.fromAmount} ${claim.fromSymbol} → ${claim.toAmount} ${claim.toSymbol}.`,
      ...(claim.txid ? [`Номер платежа / Payment reference: ${claim.txid}`] : []),
      ...(claim.comment ? [`Комментарий клиента / Customer's comment: ${claim.comment}`] : []),
      'Заявка ждёт оператора в консоли. / The claim waits for an operator in the console.',
    ],
    button: { label: 'Открыть в консоли / Open in the console', url: `${publicUrl}/admin/claims/${claim.id}` },
    footer: 'Obmen',
  });
  return { subject, ...body };
}
