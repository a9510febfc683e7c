import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';

/** The device cookie the self-referral rule compares (docs/decisions/0017): set by pages, nowhere else. */
describe('device cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true });
  });
  afterAll(() => t.close());

  const deviceCookie = (res: Awaited<ReturnType<TestApp['inject']>>) => res.cookies.find((c) => c.name === 'did');

  it('a page opened without it sets it: first-party, httpOnly, SameSite=Lax, for 400 days', async () => {
    for (const url of ['/', '/en/rules']) {
      const res = await t.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      const c = deviceCookie(res);
      expect(c, url).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 400 * 24 * 60 * 60 });
      expect(c!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(c!.domain).toBeUndefined();
    }
    const a = deviceCookie(await t.inject({ url: '/', headers: { accept: 'text/html' } }))!.value;
    const b = deviceCookie(await t.inject({ url: '/', headers: { accept: 'text/html' } }))!.value;
    expect(a).not.toBe(b);
  });

  it('a browser that has it keeps it; files, the API and health checks never set it', async () => {
    const kept = await t.inject({ url: '/', headers: { accept: 'text/html' }, cookies: { did: 'A'.repeat(22) } });
    expect(deviceCookie(kept)).toBeUndefined();
    for (const url of ['/banners/ru/88x31.svg', '/api/v1/calculator/', '/healthz']) {
      expect(deviceCookie(await t.inject({ url })), url).toBeUndefined();
    }
  });
});
