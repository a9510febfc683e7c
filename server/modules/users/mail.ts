import { formatDateTime } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import { layoutMail, type MailMessage } from '../mail/service.ts';

/** Account e-mails (activation, restore, notices), in the message's language, HTML and text via layoutMail. */

type Letter = Omit<MailMessage, 'to' | 'meta'>;

const footer: Record<Locale, string> = {
  ru: 'Obmen — сервис обмена электронных валют. Если вы не запрашивали это письмо, просто не отвечайте на него.',
  en: 'Obmen, electronic currency exchange service. If you did not ask for this e-mail, you can safely ignore it.',
};

const securityFooter: Record<Locale, string> = {
  ru: 'Obmen — сервис обмена электронных валют. Это уведомление о безопасности вашего аккаунта.',
  en: 'Obmen, electronic currency exchange service. This is a security notice about your account.',
};

export function activationMail(locale: Locale, url: string): Letter {
  const t = {
    ru: {
      subject: 'Подтвердите регистрацию в Obmen',
      title: 'Подтвердите e-mail',
      paragraphs: [
        'Вы зарегистрировались в Obmen. Чтобы активировать аккаунт, нажмите кнопку ниже.',
        'Ссылка действует 3 дня.',
      ],
      label: 'Активировать аккаунт',
    },
    en: {
      subject: 'Confirm your Obmen sign-up',
      title: 'Confirm your e-mail',
      paragraphs: [
        'You have signed up for Obmen. To activate the account, press the button below.',
        'The link is valid for 3 days.',
      ],
      label: 'Activate the account',
    },
  }[locale];
  const body = layoutMail({
    title: t.title,
    paragraphs: t.paragraphs,
    button: { label: t.label, url },
    footer: footer[locale],
  });
  return { subject: t.subject, kind: 'user.activate', ...body };
}

/** To the owner of an address someone signed up with again: no second account, and no hint to the one who tried. */
export function accountExistsMail(
  locale: Locale,
  links: { login: string; forget: string; activate: string | null },
): Letter {
  const t = {
    ru: {
      subject: 'Попытка повторной регистрации в Obmen',
      title: 'У вас уже есть аккаунт',
      paragraphs: [
        'Кто-то (возможно, вы) пытался зарегистрироваться в Obmen с этим e-mail. Аккаунт с этим адресом уже есть, новый не создан.',
        links.activate
          ? 'Аккаунт ещё не активирован: нажмите кнопку ниже. Войти можно со старым паролем, а если вы его не помните, восстановите его: ' +
            links.forget
          : `Войдите со своим паролем: ${links.login}. Если вы его не помните, восстановите его: ${links.forget}`,
      ],
      label: 'Активировать аккаунт',
    },
    en: {
      subject: 'Another sign-up with your Obmen e-mail',
      title: 'You already have an account',
      paragraphs: [
        'Someone (perhaps you) tried to sign up for Obmen with this e-mail. An account with this address exists already; no new one was created.',
        links.activate
          ? 'The account is not activated yet: press the button below. You can log in with your old password; if you do not remember it, restore it: ' +
            links.forget
          : `Log in with your password: ${links.login}. If you do not remember it, restore it: ${links.forget}`,
      ],
      label: 'Activate the account',
    },
  }[locale];
  const body = layoutMail({
    title: t.title,
    paragraphs: t.paragraphs,
    ...(links.activate ? { button: { label: t.label, url: links.activate } } : {}),
    footer: footer[locale],
  });
  return { subject: t.subject, kind: 'user.exists', ...body };
}

export function restoreMail(locale: Locale, url: string): Letter {
  const t = {
    ru: {
      subject: 'Восстановление пароля Obmen',
      title: 'Восстановление пароля',
      paragraphs: [
        'Мы получили запрос на восстановление пароля к вашему аккаунту. Чтобы задать новый пароль, нажмите кнопку ниже.',
        'Ссылка действует 30 минут и только один раз. Если вы не запрашивали восстановление, ничего делать не нужно: пароль останется прежним.',
      ],
      label: 'Задать новый пароль',
    },
    en: {
      subject: 'Obmen password recovery',
      title: 'Password recovery',
      paragraphs: [
        'We received a request to recover the password of your account. To set a new password, press the button below.',
        'The link works once, for 30 minutes. If you did not ask for it, do nothing: your password stays as it is.',
      ],
      label: 'Set a new password',
    },
  }[locale];
  const body = layoutMail({
    title: t.title,
    paragraphs: t.paragraphs,
    button: { label: t.label, url },
    footer: footer[locale],
  });
  return { subject: t.subject, kind: 'user.restore', ...body };
}

/**
 * After a password change or restore: when, and what to do if it was not the owner. Its footer is not the others'
 * "if you did not ask for this e-mail, ignore it": this letter is the one that must not be ignored.
 */
export function passwordChangedMail(locale: Locale, forgetUrl: string, at: Date, timeZone: string): Letter {
  const when = formatDateTime(at, locale, timeZone);
  const t = {
    ru: {
      subject: 'Пароль Obmen изменён',
      title: 'Пароль изменён',
      paragraphs: [
        `Пароль вашего аккаунта Obmen изменён ${when}, и выполнен выход на других устройствах.`,
        `Если это были не вы, сразу восстановите пароль: ${forgetUrl} и напишите в поддержку.`,
      ],
    },
    en: {
      subject: 'Your Obmen password was changed',
      title: 'Password changed',
      paragraphs: [
        `The password of your Obmen account was changed on ${when}, and other devices were logged out.`,
        `If it was not you, restore the password at once: ${forgetUrl} and write to support.`,
      ],
    },
  }[locale];
  const body = layoutMail({ title: t.title, paragraphs: t.paragraphs, footer: securityFooter[locale] });
  return { subject: t.subject, kind: 'user.password_changed', ...body };
}
