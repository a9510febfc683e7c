import type { FastifyBaseLogger } from 'fastify';
import type { UserRole } from '../../db/schema-users.ts';
import type { AuthRepository } from './repository.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { layoutMail, type MailService } from '../mail/service.ts';

/** A login to an account with console access: who, when, from where. */
export interface StaffLogin {
  email: string;
  role: UserRole;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

export const consoleRoles: readonly UserRole[] = ['operator', 'admin'];

/** Both languages, as the operators of one exchange may read either (as the claims' operator alert). */
function staffLoginMail(login: StaffLogin, publicUrl: string, timeZone: string) {
  // In the exchange's zone, named, as every other letter and the console write times.
  const when = `${formatDateTime(login.at, 'ru', timeZone)} / ${formatDateTime(login.at, 'en', timeZone)}`;
  const subject = `Вход в консоль: ${login.email} / Console login: ${login.email}`;
  const body = layoutMail({
    title: subject,
    paragraphs: [
      `Кто / Who: ${login.email} (${login.role})`,
      `Когда / When: ${when}`,
      `IP: ${login.ip ?? '?'}`,
      `Браузер / User agent: ${login.userAgent ?? '?'}`,
      'Если это были не вы и не ваш коллега, смените пароль этой учётной записи и снимите с неё роль в консоли ' +
        '(Команда). / If this was not you or a colleague, change that account’s password and take its role away in ' +
        'the console (Team).',
    ],
    button: { label: 'Консоль / Console', url: `${publicUrl}/admin/staff` },
    footer: 'Obmen',
  });
  return { subject, ...body };
}

/**
 * Mails every account with console access about each login to one of them, so a stolen operator password is seen at
 * once (what monitors ask of a listed exchange). Sent after the login's answer: a slow SMTP server never holds a login
 * up, and a failed letter is only logged (the outbox keeps it). `drain()` waits for letters on their way.
 */
export function staffLoginAlert(opts: {
  repo: Pick<AuthRepository, 'staffEmails'>;
  mail: MailService;
  publicUrl: string;
  /** The exchange's zone (EXCHANGE_TIME_ZONE), in which the letter writes the login's time. */
  timeZone: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const pending = new Set<Promise<void>>();
  async function send(login: StaffLogin) {
    const message = staffLoginMail(login, opts.publicUrl, opts.timeZone);
    for (const email of await opts.repo.staffEmails(consoleRoles)) {
      await opts.mail.send({ to: email, kind: 'staff.login', meta: { login: login.email }, ...message });
    }
  }
  return {
    notify(login: StaffLogin) {
      const p = send(login).catch((err: unknown) => opts.log?.error({ err }, 'staff login alert failed'));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    drain: async () => {
      await Promise.all([...pending]);
    },
  };
}
