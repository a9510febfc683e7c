import type { Locale } from '../../../shared/locales.ts';
import { href, paths } from '../../../shared/paths.ts';
import type { PasswordChangeInput, SignupInput } from '../../../shared/schemas/users.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuthRepository } from '../auth/repository.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashToken, looksLikeToken, randomToken } from '../auth/tokens.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { repeatsEmail } from '../../../shared/password-check.ts';
import { fieldIssue } from '../../../shared/schemas/fields.ts';
import type { MailMessage, MailService } from '../mail/service.ts';
import { accountExistsMail, activationMail, passwordChangedMail, restoreMail } from './mail.ts';
import type { UsersRepository } from './repository.ts';

const activationTtlSeconds = 3 * 24 * 60 * 60;
const restoreTtlSeconds = 30 * 60;

export interface UsersServiceOptions {
  db: Db;
  repository: UsersRepository;
  sessions: AuthRepository;
  mail: Pick<MailService, 'enqueue' | 'kick' | 'settled'>;
  publicUrl: string;
  /** The exchange's zone (EXCHANGE_TIME_ZONE): the times in account letters are written in it, named. */
  timeZone: string;
  /** A message that could not be recorded at all (the mail service keeps delivery failures itself). */
  onMailError?: (error: unknown) => void;
  /**
   * The account's e-mail is proven (activation, or a restore link, which also activates): its guest claims made with
   * that address join the account, in the same transaction (server/services.ts wires the claims' repository).
   */
  onEmailProven?: (userId: number, tx: Tx) => Promise<void>;
}

/** Sign-up, activation, profile, password change and restore (/api/v1/users/..., docs/product/api.md). */
export function usersService(opts: UsersServiceOptions) {
  const { db, repository: repo } = opts;
  const link = (locale: Locale, path: string) => `${opts.publicUrl}${href(locale, path)}`;
  const activationUrl = (locale: Locale, token: string) => link(locale, paths.activate(token));

  /** Work in flight after the answer (`later`); `settled()` waits for it and for the letters it wrote. */
  const pending = new Set<Promise<void>>();

  /**
   * A letter, written to the outbox in `tx`, the transaction of the change it reports (docs/decisions/0020-mail-outbox.md).
   * It goes out after the commit (`kick`), so the answer never waits for SMTP.
   */
  const letter = (to: string, content: Omit<MailMessage, 'to'>, tx: Tx) => opts.mail.enqueue({ to, ...content }, tx);

  /** Work done after the answer, tracked like the letters (`settled()`); a failure is logged like a letter's. */
  const later = (work: () => Promise<void>) => {
    // setImmediate: the answer leaves first; an embedded database would otherwise run the first query before it.
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch(opts.onMailError ?? ((e: unknown) => console.error('account mail not recorded', e)))
      .finally(() => pending.delete(p));
    pending.add(p);
  };

  const newToken = async (userId: number, purpose: 'activate' | 'restore', ttlSeconds: number, tx: Tx) => {
    const token = randomToken();
    await repo.insertToken(
      { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlSeconds * 1000) },
      tx,
    );
    return token;
  };

  return {
    async settled(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
      await opts.mail.settled();
    },

    /**
     * Signs up, or, when the address is taken, mails its owner a notice instead: the answer is the same either way,
     * and the password is hashed either way, so neither body nor timing tells whether an address is registered.
     */
    /**
     * `countLetter` counts a letter to the address and answers whether it is within the address's share (the route
     * keeps the counter). The new account's activation letter always goes and is counted before its commit, so the
     * "you already have an account" letters of racing repeats, which can only follow that commit, stay within the
     * share with it. The answer is the same either way.
     */
    async signup(
      input: SignupInput,
      locale: Locale,
      countLetter: () => Promise<boolean> = async () => true,
    ): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const created = await db.transaction(async (tx) => {
        const user = await repo.insert({ email: input.email, passwordHash, refferal: input.refferal, locale }, tx);
        if (!user) return null;
        await countLetter();
        const token = await newToken(user.id, 'activate', activationTtlSeconds, tx);
        const content = activationMail(locale, activationUrl(locale, token));
        await letter(user.email, { ...content, meta: { userId: user.id } }, tx);
        return user;
      });
      if (created) {
        opts.mail.kick();
        return;
      }
      const owner = await repo.findByEmail(input.email);
      if (!owner || !(await countLetter())) return;
      await db.transaction(async (tx) => {
        const activate = owner.activatedAt
          ? null
          : activationUrl(owner.locale, await newToken(owner.id, 'activate', activationTtlSeconds, tx));
        const content = accountExistsMail(owner.locale, {
          login: link(owner.locale, paths.login),
          forget: link(owner.locale, paths.forget),
          activate,
        });
        await letter(owner.email, { ...content, meta: { userId: owner.id } }, tx);
      });
      opts.mail.kick();
    },

    /** Follows an activation link once; again later, it says the account is already active. */
    async activate(token: string): Promise<void> {
      if (!looksLikeToken(token)) throw new AppError('activation_invalid');
      const ok = await db.transaction(async (tx) => {
        const userId = await repo.consumeToken('activate', hashToken(token), tx);
        if (userId === null) return false;
        await repo.activate(userId, tx);
        await opts.onEmailProven?.(userId, tx);
        return true;
      });
      if (ok) return;
      // Opened again after it worked: the account is active, which is what the visitor wants to know.
      if (await repo.activatedBySpentToken(hashToken(token))) throw new AppError('already_activated');
      throw new AppError('activation_invalid');
    },

    /** A fresh activation link for a logged-in customer not activated yet, in the language they use now. */
    async reactivate(userId: number, locale: Locale): Promise<void> {
      const user = await repo.findById(userId);
      if (!user) throw new AppError('not_authenticated');
      if (user.activatedAt) throw new AppError('already_activated');
      await db.transaction(async (tx) => {
        const token = await newToken(user.id, 'activate', activationTtlSeconds, tx);
        const content = activationMail(locale, activationUrl(locale, token));
        await letter(user.email, { ...content, meta: { userId: user.id } }, tx);
      });
      opts.mail.kick();
    },

    /** Changes the password and ends every other session; the current one keeps going. */
    async changePassword(userId: number, sessionId: string, input: PasswordChangeInput, locale: Locale): Promise<void> {
      const user = await repo.findById(userId);
      if (!user) throw new AppError('not_authenticated');
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        throw new AppError('validation', { fields: { old_password: [errorMessage('wrong_password', locale)] } });
      }
      if (repeatsEmail(input.new_password, user.email)) {
        throw new AppError('validation', { fields: { new_password: [fieldIssue('field_password_like_email')] } });
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await repo.setPassword(userId, passwordHash, tx);
        await opts.sessions.revokeUserSessions(userId, 'password', sessionId, tx);
        // In the language of the page the change was made on, as the reset letter is: not the account's sign-up one.
        const content = passwordChangedMail(locale, link(locale, paths.forget), new Date(), opts.timeZone);
        await letter(user.email, { ...content, meta: { userId } }, tx);
      });
      opts.mail.kick();
    },

    /**
     * Mails a restore link (single use, 30 minutes) when the address has an account; the caller answers the same
     * whatever happened. `allowMail: false` (the address's own limit is used up) skips the letter silently.
     */
    /**
     * A restore request does its work after the answer: looking the address up, writing the token and the letter
     * happen in the background, so a registered address and an unknown one answer in the same time (a token written
     * before the answer made a known address ~1.5 ms slower, enough to tell them apart). `settled()` waits for it.
     */
    async requestRestore(email: string, locale: Locale, allowMail = true): Promise<void> {
      if (!allowMail) return;
      later(async () => {
        const user = await repo.findByEmail(email);
        if (!user) return;
        await db.transaction(async (tx) => {
          const token = await newToken(user.id, 'restore', restoreTtlSeconds, tx);
          const url = `${link(locale, paths.recover)}?token=${encodeURIComponent(token)}`;
          await letter(user.email, { ...restoreMail(locale, url), meta: { userId: user.id } }, tx);
        });
        opts.mail.kick();
      });
    },

    /**
     * Whether a restore link could still set a password, without spending it: the /recover page asks on load, so a
     * used or bogus link says so before the customer types a new password twice. Mail scanners that open links may
     * call it too; only `completeRestore` consumes the token.
     */
    async checkRestore(token: string): Promise<boolean> {
      return looksLikeToken(token) && (await repo.tokenIsLive('restore', hashToken(token)));
    },

    /**
     * Sets a new password with a restore link: the token is the credential. It also activates the account (the link
     * proves the address) and ends every session, since whoever had the old password may be in one. The notice of
     * the change goes in `locale`, the request's.
     */
    async completeRestore(token: string, password: string, locale: Locale): Promise<void> {
      if (!looksLikeToken(token)) throw new AppError('restore_invalid');
      // Guessed tokens must not buy an argon2 hash each; the conditional UPDATE below still decides the single use.
      if (!(await repo.tokenIsLive('restore', hashToken(token)))) throw new AppError('restore_invalid');
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await repo.consumeToken('restore', hashToken(token), tx);
        if (id === null) return null;
        // The address is known only now: a password that repeats it is refused, and the rollback keeps the link.
        const owner = await repo.findById(id, tx);
        if (owner && repeatsEmail(password, owner.email)) {
          throw new AppError('validation', { fields: { password: [fieldIssue('field_password_like_email')] } });
        }
        await repo.setPassword(id, passwordHash, tx);
        await repo.activate(id, tx);
        await opts.onEmailProven?.(id, tx);
        await repo.retireTokens(id, 'restore', tx);
        await opts.sessions.revokeUserSessions(id, 'restore', null, tx);
        const user = await repo.findById(id, tx);
        if (user) {
          // The language of the /recover page (the reset letter's own): one action, one language.
          const content = passwordChangedMail(locale, link(locale, paths.forget), new Date(), opts.timeZone);
          await letter(user.email, { ...content, meta: { userId: id } }, tx);
        }
        return id;
      });
      if (userId === null) throw new AppError('restore_invalid');
      opts.mail.kick();
    },
  };
}
