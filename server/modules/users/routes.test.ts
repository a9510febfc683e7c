import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { oneTimeTokens, users } from '../../db/schema-users.ts';
import { hashToken } from '../auth/tokens.ts';
import { activeUser, bearer, login, mailsTo, randomIp, refresh, tokenIn } from '../../../tests/helpers/accounts.ts';

const activateLink = /\/activate\/([\w-]{43})/;
const recoverLink = /\/recover\?token=([\w-]{43})/;

describe('accounts API (/api/v1/users/)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });
  const signup = (payload: object, prefix = '') => post(`${prefix}/api/v1/users/signup/`, payload);
  const me = (access: string) => t.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(access) });

  describe('sign-up and activation', () => {
    it('creates the account (lower-cased e-mail, refferal kept, argon2id) and mails a link in the sign-up language', async () => {
      const res = await signup({ email: ' Anna@Example.com', password: 'long enough', refferal: 'partner-7' }, '/en');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        email: 'anna@example.com',
        detail: 'We have sent you an e-mail with a link to activate the account. Please check your mail.',
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'anna@example.com'));
      expect(row).toMatchObject({ refferal: 'partner-7', role: 'customer', locale: 'en', activatedAt: null });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

      const [letter] = await mailsTo(t, 'anna@example.com');
      expect(letter).toMatchObject({ kind: 'user.activate', subject: 'Confirm your Obmen sign-up' });
      expect(letter!.text).toContain('http://localhost:3000/en/activate/');
      expect(letter!.html).toContain('href="http://localhost:3000/en/activate/');
      const token = tokenIn(letter!.text, activateLink);
      // Only a hash of the token is stored.
      const stored = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, row!.id));
      expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);

      const activated = await post(`/en/api/v1/users/activate/${token}/`, {});
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toEqual({ detail: 'Account successfully activated' });
      const { access } = await login(t, 'anna@example.com', 'long enough');
      expect((await me(access)).json()).toEqual({ email: 'anna@example.com', activated: true });

      // The link works once; opened again (a double click, a mail client's second fetch), it says the account is
      // active rather than that the link is bad.
      const again = await post(`/api/v1/users/activate/${token}/`, {});
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: 'Аккаунт уже активирован.', code: 'already_activated' });
      const forged = await post(`/api/v1/users/activate/${token.slice(0, -2)}xx/`, {});
      const forgedEn = await post(`/en/api/v1/users/activate/${token.slice(0, -2)}xx/`, {});
      expect(forged.json()).toMatchObject({ code: 'activation_invalid' });
      // A link padded or mangled past the router's default parameter length: the same message, not "Not found.".
      for (const long of ['a'.repeat(300), `${token}${'x'.repeat(257)}`]) {
        const padded = await post(`/en/api/v1/users/activate/${long}/`, {});
        expect(padded.statusCode).toBe(400);
        expect(padded.json()).toEqual({ detail: forgedEn.json().detail, code: 'activation_invalid' });
      }
    });

    it('a .рф mailbox signs up, typed in Cyrillic or in its ASCII form: one account, mailed at the ASCII form', async () => {
      const res = await signup({ email: 'Olga@Пример.рф', password: 'long enough' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: 'olga@xn--e1afmkfd.xn--p1ai' });
      expect(await mailsTo(t, 'olga@xn--e1afmkfd.xn--p1ai')).toHaveLength(1);
      // The same mailbox written the other way is the same account (answered as any taken e-mail is).
      const again = await signup({ email: 'olga@xn--e1afmkfd.xn--p1ai', password: 'long enough' });
      expect(again.statusCode).toBe(201);
      const rows = await t.database.db.select().from(users).where(eq(users.email, 'olga@xn--e1afmkfd.xn--p1ai'));
      expect(rows).toHaveLength(1);
      // Only a domain of letters, digits, dots and hyphens is converted: the URL parser would have cut this to a host.
      for (const odd of ['x@пример.рф/evil', 'x@пример рф', 'x@.рф'])
        expect((await signup({ email: odd, password: 'long enough' })).json(), odd).toEqual({
          email: ['Введите правильный адрес e-mail.'],
        });
    });

    it('a Russian sign-up gets a Russian letter with an unprefixed link', async () => {
      await signup({ email: 'boris@example.com', password: 'long enough' });
      const [letter] = await mailsTo(t, 'boris@example.com');
      expect(letter!.subject).toBe('Подтвердите регистрацию в Obmen');
      expect(letter!.text).toMatch(/http:\/\/localhost:3000\/activate\/[\w-]{43}/);
    });

    it('an e-mail already registered gets the same answer, no second account, and its owner a notice', async () => {
      await activeUser(t, 'taken@example.com', 'first password');
      const res = await signup({ email: 'TAKEN@example.com', password: 'another password' });
      const fresh = await signup({ email: 'untaken@example.com', password: 'another password' });
      expect(res.statusCode).toBe(201);
      expect(fresh.statusCode).toBe(201);
      expect(res.json()).toEqual({ ...fresh.json(), email: 'taken@example.com' });
      const rows = await t.database.db.select().from(users).where(eq(users.email, 'taken@example.com'));
      expect(rows).toHaveLength(1);
      // The password did not change.
      await login(t, 'taken@example.com', 'first password');
      const letters = await mailsTo(t, 'taken@example.com');
      expect(letters.map((l) => l.kind)).toEqual(['user.activate', 'user.exists']);
      expect(letters[1]!.text).toContain('http://localhost:3000/forget');
      expect(letters[1]!.text).not.toMatch(activateLink);
    });

    it('a second sign-up of an address not activated yet mails its owner a fresh activation link', async () => {
      await signup({ email: 'pending@example.com', password: 'long enough' });
      await signup({ email: 'pending@example.com', password: 'long enough' });
      const letters = await mailsTo(t, 'pending@example.com');
      expect(letters.map((l) => l.kind)).toEqual(['user.activate', 'user.exists']);
      const token = tokenIn(letters[1]!.text, activateLink);
      expect((await post(`/api/v1/users/activate/${token}/`, {})).statusCode).toBe(200);
    });

    it('refuses bad input with field messages in the request language', async () => {
      const ru = await signup({ email: 'nope', password: 'short' });
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({
        email: ['Введите правильный адрес e-mail.'],
        password: ['Пароль должен быть не короче 8 символов.'],
      });
      const en = await signup({ email: '', password: 'x'.repeat(129), refferal: 'r'.repeat(65) }, '/en');
      expect(en.json()).toEqual({
        email: ['This field is required.'],
        password: ['Ensure this field has no more than 128 characters.'],
        refferal: ['Ensure this field has no more than 64 characters.'],
      });
      const mismatch = await signup({
        email: 'm@example.com',
        password: 'long enough',
        password_confirm: 'long enougH',
      });
      expect(mismatch.json()).toEqual({ password_confirm: ['Пароли не совпадают.'] });
      const matching = await signup({
        email: 'm@example.com',
        password: 'long enough',
        password_confirm: 'long enough',
      });
      expect(matching.statusCode).toBe(201);
      const notObject = await signup([] as unknown as object);
      expect(notObject.statusCode).toBe(400);
    });

    it('an unknown, malformed or expired activation token is refused', async () => {
      expect((await post('/api/v1/users/activate/abc/', {})).json().code).toBe('activation_invalid');
      expect((await post(`/api/v1/users/activate/${'A'.repeat(43)}/`, {})).json().code).toBe('activation_invalid');
      await signup({ email: 'late@example.com', password: 'long enough' });
      const token = tokenIn((await mailsTo(t, 'late@example.com'))[0]!.text, activateLink);
      await t.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
      expect((await post(`/api/v1/users/activate/${token}/`, {})).statusCode).toBe(400);
    });

    it('limits sign-ups from one IP; a refused form does not count', async () => {
      const ip = randomIp();
      const attempt = (payload: object) =>
        t.inject({ method: 'POST', url: '/api/v1/users/signup/', payload, remoteAddress: ip });
      // A customer who typed a common password, or none, tries again without using up the address's sign-ups.
      for (const password of ['12345678', 'qwerty123', 'x', ''])
        expect((await attempt({ email: 'retry@example.com', password })).statusCode).toBe(400);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push((await attempt({ email: `many${i}@example.com`, password: 'long enough' })).statusCode);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(codes[10]).toBe(429);
    });
  });

  describe('reactivation', () => {
    it('mails a fresh link to a logged-in customer who is not activated, in the language of the request', async () => {
      await signup({ email: 'react@example.com', password: 'long enough' });
      const { access } = await login(t, 'react@example.com', 'long enough');
      const res = await post('/en/api/v1/users/reactivate/', {}, bearer(access));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'We have sent a new activation link. Please check your mail.' });
      const letters = await mailsTo(t, 'react@example.com');
      expect(letters).toHaveLength(2);
      expect(letters[1]!.text).toContain('http://localhost:3000/en/activate/');
      const token = tokenIn(letters[1]!.text, activateLink);
      expect((await post(`/api/v1/users/activate/${token}/`, {})).statusCode).toBe(200);
      const done = await post('/api/v1/users/reactivate/', {}, bearer(access));
      expect(done.statusCode).toBe(400);
      expect(done.json()).toEqual({ detail: 'Аккаунт уже активирован.', code: 'already_activated' });
    });

    it('needs a login, and is limited per account', async () => {
      expect((await post('/api/v1/users/reactivate/', {})).statusCode).toBe(401);
      await signup({ email: 'react2@example.com', password: 'long enough' });
      const { access } = await login(t, 'react2@example.com', 'long enough');
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await post('/api/v1/users/reactivate/', {}, bearer(access))).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    });
  });

  describe('password change', () => {
    it('changes the password, keeps the current session, ends the others and mails a notice', async () => {
      const { email, password } = await activeUser(t, 'change@example.com');
      const current = await login(t, email, password);
      const other = await login(t, email, password);
      const res = await post(
        '/api/v1/users/me/password/',
        { old_password: password, new_password: 'brand new password' },
        bearer(current.access),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Пароль изменён. На других устройствах выполнен выход.' });
      expect((await me(current.access)).statusCode).toBe(200);
      expect((await refresh(t, current.cookie)).statusCode).toBe(200);
      expect((await me(other.access)).statusCode).toBe(401);
      expect((await refresh(t, other.cookie)).statusCode).toBe(401);
      await login(t, email, 'brand new password');
      const bad = await t.inject({
        method: 'POST',
        url: '/front-api/auth/login/',
        payload: { email, password },
        remoteAddress: randomIp(),
      });
      expect(bad.statusCode).toBe(400);
      const letters = await mailsTo(t, email);
      expect(letters.at(-1)!.kind).toBe('user.password_changed');
    });

    it('mails the notice in the language of the page the password was changed on, not the account’s', async () => {
      // activeUser signs up in Russian: the account's language is ru.
      const { email, password } = await activeUser(t, 'change-en@example.com');
      const { access } = await login(t, email, password);
      const res = await post(
        '/en/api/v1/users/me/password/',
        { old_password: password, new_password: 'brand new password' },
        bearer(access),
      );
      expect(res.statusCode).toBe(200);
      const notice = (await mailsTo(t, email)).at(-1)!;
      expect(notice).toMatchObject({ kind: 'user.password_changed', subject: 'Your Obmen password was changed' });
      expect(notice.text).toContain('If it was not you, restore the password at once: http://localhost:3000/en/forget');
      expect(notice.text).not.toMatch(/Пароль/);
    });

    it('refuses a wrong old password and a short new one with field messages', async () => {
      const { email, password } = await activeUser(t, 'change2@example.com');
      const { access } = await login(t, email, password);
      const wrong = await post(
        '/en/api/v1/users/me/password/',
        { old_password: 'not it at all', new_password: 'brand new password' },
        bearer(access),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ old_password: ['The current password is wrong.'] });
      const short = await post(
        '/api/v1/users/me/password/',
        { old_password: password, new_password: '1234567' },
        bearer(access),
      );
      expect(short.json()).toEqual({ new_password: ['Пароль должен быть не короче 8 символов.'] });
      expect(
        (await post('/api/v1/users/me/password/', { old_password: 'x', new_password: 'yet another password' }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('restore', () => {
    it('answers alike for known and unknown addresses and mails a link only to the known one', async () => {
      await activeUser(t, 'lost@example.com');
      const known = await post('/en/api/v1/users/restore/', { email: 'LOST@example.com' });
      const unknown = await post('/en/api/v1/users/restore/', { email: 'ghost@example.com' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().detail).toMatch(/If this e-mail is registered/);
      expect(await mailsTo(t, 'ghost@example.com')).toHaveLength(0);
      const letter = (await mailsTo(t, 'lost@example.com')).at(-1)!;
      expect(letter.kind).toBe('user.restore');
      expect(letter.text).toContain('http://localhost:3000/en/recover?token=');
    });

    it('sets the new password with the e-mailed token once, ends every session and activates the account', async () => {
      await signup({ email: 'forgot@example.com', password: 'old password' });
      const session = await login(t, 'forgot@example.com', 'old password');
      await post('/api/v1/users/restore/', { email: 'forgot@example.com' });
      const letter = (await mailsTo(t, 'forgot@example.com')).at(-1)!;
      expect(letter.text).toMatch(/http:\/\/localhost:3000\/recover\?token=/);
      const token = tokenIn(letter.text, recoverLink);

      // A link padded past the router's default parameter length: the bad link's message, not "Not found.".
      const padded = await post(`/en/api/v1/users/restore/${token}${'x'.repeat(257)}/`, {
        password: 'new password 1',
        password_confirm: 'new password 1',
      });
      expect(padded.statusCode).toBe(400);
      expect(padded.json()).toMatchObject({ code: 'restore_invalid' });
      const short = await post(`/api/v1/users/restore/${token}/`, { password: 'short' });
      expect(short.json()).toEqual({ password: ['Пароль должен быть не короче 8 символов.'] });
      const mismatch = await post(`/en/api/v1/users/restore/${token}/`, {
        password: 'new password 1',
        password_confirm: 'new password 2',
      });
      expect(mismatch.json()).toEqual({ password_confirm: ['The passwords do not match.'] });

      const res = await post(`/api/v1/users/restore/${token}/`, { password: 'new password 1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Пароль изменён. Войдите с новым паролем.' });
      expect((await me(session.access)).statusCode).toBe(401);
      expect((await refresh(t, session.cookie)).statusCode).toBe(401);
      const after = await login(t, 'forgot@example.com', 'new password 1');
      expect((await me(after.access)).json()).toEqual({ email: 'forgot@example.com', activated: true });

      const again = await post(`/api/v1/users/restore/${token}/`, { password: 'new password 2' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        detail: 'Ссылка восстановления пароля недействительна или устарела. Запросите новую.',
        code: 'restore_invalid',
      });
      expect((await mailsTo(t, 'forgot@example.com')).at(-1)!.kind).toBe('user.password_changed');
    });

    it('checks a restore link without using it: valid until it is used, then restore_invalid in the page language', async () => {
      const { email } = await activeUser(t, 'check@example.com');
      await post('/en/api/v1/users/restore/', { email });
      const token = tokenIn((await mailsTo(t, email)).at(-1)!.text, recoverLink);
      const check = (value: string, prefix = '') =>
        t.inject({ method: 'GET', url: `${prefix}/api/v1/users/restore/${value}/`, remoteAddress: randomIp() });

      for (let i = 0; i < 2; i++) {
        const ok = await check(token);
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ valid: true });
        expect(ok.headers['cache-control']).toBe('no-store');
      }
      // Checking spent nothing: the link still sets the password, once.
      expect((await post(`/api/v1/users/restore/${token}/`, { password: 'new password 1' })).statusCode).toBe(200);
      // A used link is an answer, not an error (the browser would log a failed request on the page).
      const used = await check(token, '/en');
      expect(used.statusCode).toBe(200);
      expect(used.json()).toEqual({
        valid: false,
        detail: 'The password recovery link is invalid or has expired. Please request a new one.',
        code: 'restore_invalid',
      });
      for (const bogus of ['abc', 'a'.repeat(300), 'B'.repeat(43)]) {
        const answer = await check(bogus);
        expect(answer.statusCode, bogus).toBe(200);
        expect(answer.json(), bogus).toMatchObject({ valid: false, code: 'restore_invalid' });
      }
    });

    it('limits the checks of restore links from one address', async () => {
      const ip = randomIp();
      const codes = [];
      for (let i = 0; i < 31; i++)
        codes.push(
          (await t.inject({ method: 'GET', url: `/api/v1/users/restore/${'C'.repeat(43)}/`, remoteAddress: ip }))
            .statusCode,
        );
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      expect(codes[30]).toBe(429);
    });

    it('a restore link expires after 30 minutes, and a used one retires the older links', async () => {
      const { email } = await activeUser(t, 'expire@example.com');
      await post('/api/v1/users/restore/', { email });
      await post('/api/v1/users/restore/', { email });
      const [first, second] = (await mailsTo(t, email)).filter((l) => l.kind === 'user.restore');
      const older = tokenIn(first!.text, recoverLink);
      const newer = tokenIn(second!.text, recoverLink);
      const [row] = await t.database.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.tokenHash, hashToken(newer)));
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(29 * 60 * 1000);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(31 * 60 * 1000);
      expect((await post(`/api/v1/users/restore/${newer}/`, { password: 'new password 1' })).statusCode).toBe(200);
      expect((await post(`/api/v1/users/restore/${older}/`, { password: 'new password 2' })).statusCode).toBe(400);

      await post('/api/v1/users/restore/', { email });
      const third = tokenIn(
        (await mailsTo(t, email)).filter((l) => l.kind === 'user.restore').at(-1)!.text,
        recoverLink,
      );
      await t.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeTokens.tokenHash, hashToken(third)));
      expect((await post(`/api/v1/users/restore/${third}/`, { password: 'new password 3' })).json().code).toBe(
        'restore_invalid',
      );
      // An activation token is not a restore token.
      expect((await post(`/api/v1/users/restore/${'B'.repeat(43)}/`, { password: 'new password 3' })).statusCode).toBe(
        400,
      );
    });

    it('a reset asked for and completed in English mails both letters in English, whatever the account’s language', async () => {
      const { email } = await activeUser(t, 'restore-en@example.com');
      await post('/en/api/v1/users/restore/', { email });
      const reset = (await mailsTo(t, email)).at(-1)!;
      expect(reset.subject).toBe('Obmen password recovery');
      const token = tokenIn(reset.text, recoverLink);
      expect((await post(`/en/api/v1/users/restore/${token}/`, { password: 'new password 1' })).statusCode).toBe(200);
      const notice = (await mailsTo(t, email)).at(-1)!;
      expect(notice).toMatchObject({ kind: 'user.password_changed', subject: 'Your Obmen password was changed' });
      expect(notice.text).toContain('http://localhost:3000/en/forget');
      expect(notice.html).toContain('Password changed');

      // And the other way round: an English account resetting on the Russian pages reads Russian.
      await signup({ email: 'english@example.com', password: 'long enough' }, '/en');
      await post('/api/v1/users/restore/', { email: 'english@example.com' });
      const ruToken = tokenIn((await mailsTo(t, 'english@example.com')).at(-1)!.text, recoverLink);
      expect((await post(`/api/v1/users/restore/${ruToken}/`, { password: 'new password 2' })).statusCode).toBe(200);
      expect((await mailsTo(t, 'english@example.com')).at(-1)).toMatchObject({
        kind: 'user.password_changed',
        subject: 'Пароль Obmen изменён',
      });
    });

    it('sends at most 3 letters to one address per half hour, answering the same', async () => {
      const { email } = await activeUser(t, 'spam@example.com');
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await post('/api/v1/users/restore/', { email })).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      expect((await mailsTo(t, email)).filter((l) => l.kind === 'user.restore')).toHaveLength(3);
    });

    it('refuses a malformed address with a field message', async () => {
      const res = await post('/api/v1/users/restore/', { email: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['Введите правильный адрес e-mail.'] });
    });
  });

  describe('passwords an attacker tries first', () => {
    const common =
      'Этот пароль подбирают первым: он из самых распространённых или идёт подряд по клавиатуре. Возьмите фразу из нескольких слов.';

    it('a sign-up with a common password, a key run or the e-mail is refused, in the request’s language', async () => {
      for (const password of ['12345678', 'Password1!', 'qwertyuiop', 'йцукенгш', 'aaaaaaaa', 'abcabcabc']) {
        const res = await signup({ email: 'weak@example.com', password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json(), password).toEqual({ password: [common] });
      }
      const en = await signup({ email: 'weak@example.com', password: '87654321' }, '/en');
      expect(en.json()).toEqual({
        password: [
          'This password is among the first an attacker tries: a common one or a run of keys. Try a phrase of a few words.',
        ],
      });
      const asEmail = await signup({ email: 'Margarita.K@example.com', password: 'margarita.k@example.com' });
      expect(asEmail.json()).toEqual({ password: ['Пароль не должен повторять e-mail.'] });
      const asName = await signup({ email: 'margarita.k@example.com', password: 'Margarita.K2026' }, '/en');
      expect(asName.json()).toEqual({ password: ['The password must not repeat the e-mail.'] });
      expect(await mailsTo(t, 'weak@example.com')).toHaveLength(0);
      // A phrase is taken, however plain its words.
      expect((await signup({ email: 'weak@example.com', password: 'margarita likes tea' })).statusCode).toBe(201);
    });

    it('a new password that repeats the e-mail is refused on change and on restore, and the link still works', async () => {
      const { email, password } = await activeUser(t, 'valentin@example.com');
      const { access } = await login(t, email, password);
      const changed = await post(
        '/en/api/v1/users/me/password/',
        { old_password: password, new_password: 'Valentin!' },
        bearer(access),
      );
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toEqual({ new_password: ['The password must not repeat the e-mail.'] });
      const weak = await post(
        '/api/v1/users/me/password/',
        { old_password: password, new_password: 'qwerty123' },
        bearer(access),
      );
      expect(weak.json()).toEqual({ new_password: [common] });

      await post('/api/v1/users/restore/', { email });
      const token = tokenIn((await mailsTo(t, email)).at(-1)!.text, recoverLink);
      const refused = await post(`/api/v1/users/restore/${token}/`, { password: 'valentin@example.com' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ password: ['Пароль не должен повторять e-mail.'] });
      // Refused, not spent: the same link sets a good password, which then logs in.
      expect((await post(`/api/v1/users/restore/${token}/`, { password: 'a walk in the park' })).statusCode).toBe(200);
      await login(t, email, 'a walk in the park');
    });
  });
});
