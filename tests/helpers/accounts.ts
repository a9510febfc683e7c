import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from './build.ts';
import { mailOutbox } from '../../server/db/schema-mail.ts';
import { users } from '../../server/db/schema-users.ts';

type InjectResponse = Awaited<ReturnType<TestApp['inject']>>;

/** Helpers of the account tests: addresses of their own, so rate limits per IP do not couple the tests. */

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The value of the refreshToken cookie an answer sets ('' when it clears it), or undefined when it sets none. */
export function refreshCookie(res: InjectResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'refreshToken')?.value;
}

export function setCookieHeader(res: InjectResponse): string {
  const h = res.headers['set-cookie'];
  return (Array.isArray(h) ? h : [h ?? '']).find((c) => c.startsWith('refreshToken=')) ?? '';
}

/** An activated account made through the service (the API route is tested on its own). */
export async function activeUser(t: TestApp, email: string, password = 'correct horse battery') {
  await t.services.users.signup({ email, password, refferal: null }, 'ru');
  await t.database.db.update(users).set({ activatedAt: new Date() }).where(eq(users.email, email));
  await t.services.users.settled();
  return { email, password };
}

export async function login(t: TestApp, email: string, password: string, remember = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/front-api/auth/login/',
    payload: { email, password, remember },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { access: res.json<{ access: string }>().access, cookie: refreshCookie(res)! };
}

export function refresh(t: TestApp, cookie: string) {
  return t.inject({ method: 'POST', url: '/front-api/auth/refresh/', cookies: { refreshToken: cookie } });
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** Letters sent to `to`, oldest first, once the ones in flight are recorded (and so rendered). */
export async function mailsTo(t: TestApp, to: string) {
  await t.services.users.settled();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  return rows.map((r) => ({ ...r, subject: r.subject ?? '', text: r.text ?? '', html: r.html ?? '' }));
}

/** The token at the end of the first link in a letter matching `pattern` (e.g. /\/activate\/([\w-]+)/). */
export function tokenIn(text: string, pattern: RegExp): string {
  const m = pattern.exec(text);
  if (!m?.[1]) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return m[1];
}
