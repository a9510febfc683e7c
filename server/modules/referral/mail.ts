import { formatMoney } from '../../../shared/format.ts';
import { localizePath, type Locale } from '../../../shared/locales.ts';
import { layoutMail, type MailMessage } from '../mail/service.ts';

/**
 * The partner's letters about a withdrawal the operator decided, in the partner's language (their account's): paid,
 * with the payout's reference, or rejected, with the operator's reason and the amount back on the balance. Written to
 * the outbox in the decision's transaction (docs/decisions/0020-mail-outbox.md), as a claim's status letters are.
 */

type Letter = Omit<MailMessage, 'to'>;

export interface WithdrawalMailFacts {
  id: number;
  /** Plain decimal string; written as every page writes money, in the balance's currency. */
  amount: string;
  currency: string;
  requisites: string;
  locale: Locale;
}

const footer: Record<Locale, string> = {
  ru: 'Obmen — партнёрская программа сервиса обмена электронных валют.',
  en: 'Obmen, the partner programme of the electronic currency exchange service.',
};

/** The letter around its paragraphs: the subject as its title, a button to the partner's account. */
function letter(
  w: WithdrawalMailFacts,
  kind: string,
  subject: string,
  paragraphs: string[],
  publicUrl: string,
): Letter {
  const body = layoutMail({
    title: subject,
    paragraphs,
    button: {
      label: w.locale === 'ru' ? 'Открыть партнёрский кабинет' : 'Open the partner account',
      url: `${publicUrl}${localizePath('/account/referrer', w.locale)}`,
    },
    footer: footer[w.locale],
  });
  return { subject, kind, meta: { withdrawalId: w.id }, ...body };
}

const money = (w: WithdrawalMailFacts) => formatMoney(w.amount, { symbol: w.currency, decimals: 2 }, w.locale);

export function withdrawalPaidMail(w: WithdrawalMailFacts, reference: string, publicUrl: string): Letter {
  const sum = money(w);
  const t = {
    ru: {
      subject: `Вывод №\u00a0${w.id} выплачен`,
      paragraphs: [
        `Мы выплатили ${sum} по вашей заявке на вывод №\u00a0${w.id}.`,
        `Реквизиты: ${w.requisites}`,
        `Номер выплаты: ${reference}`,
      ],
    },
    en: {
      subject: `Withdrawal #${w.id} has been paid`,
      paragraphs: [
        `We have paid out ${sum} for your withdrawal request #${w.id}.`,
        `Payout details: ${w.requisites}`,
        `Payout reference: ${reference}`,
      ],
    },
  }[w.locale];
  return letter(w, 'referral.withdrawal_paid', t.subject, t.paragraphs, publicUrl);
}

export function withdrawalRejectedMail(w: WithdrawalMailFacts, reason: string, publicUrl: string): Letter {
  const sum = money(w);
  const t = {
    ru: {
      subject: `Вывод №\u00a0${w.id} отклонён`,
      paragraphs: [
        `Оператор отклонил вашу заявку на вывод №\u00a0${w.id}.`,
        `Причина: ${reason}`,
        `${sum} вернулись на ваш партнёрский баланс: их можно вывести снова.`,
      ],
    },
    en: {
      subject: `Withdrawal #${w.id} has been rejected`,
      paragraphs: [
        `The operator has rejected your withdrawal request #${w.id}.`,
        `Reason: ${reason}`,
        `${sum} is back on your partner balance: you can withdraw it again.`,
      ],
    },
  }[w.locale];
  return letter(w, 'referral.withdrawal_rejected', t.subject, t.paragraphs, publicUrl);
}
