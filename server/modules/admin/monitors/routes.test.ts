import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMonitor } from '../../../../shared/schemas/admin-monitors.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';
import { auditLog } from '../../../db/schema-admin.ts';
import { mailOutbox } from '../../../db/schema-mail.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';

/** A 1x1 PNG: a real image, as an operator uploads one. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('the console’s monitors: banners and review links', () => {
  let t: TestApp;
  let operator: StaffUser;
  let first: AdminMonitor;

  beforeAll(async () => {
    t = await build();
    operator = await staffUser(t, 'operator');
    const list = await operator.inject({ url: '/api/v1/admin/monitors/' });
    expect(list.statusCode).toBe(200);
    first = list.json<{ results: AdminMonitor[] }>().results[0]!;
  });
  afterAll(() => t.close());

  const upload = (id: number, body: Buffer, type: string, prefix = '') =>
    operator.inject({
      method: 'PUT',
      url: `${prefix}/api/v1/admin/monitors/${id}/banner/`,
      headers: { 'content-type': type },
      payload: body,
    });

  it('lists the demo monitors, without banners at first; a guest gets 401', async () => {
    expect(first).toMatchObject({
      name: 'BestChange',
      url: 'https://www.bestchange.ru/',
      banner: null,
      reviewUrl: null,
    });
    expect((await t.inject({ url: '/api/v1/admin/monitors/' })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `/api/v1/admin/monitors/${first.id}/banner/`,
          headers: { 'content-type': 'image/png' },
          payload: png,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an SVG, a page dressed as a PNG and a banner over 256 KB, in the caller’s language', async () => {
    const asSvg = await upload(first.id, svg, 'image/svg+xml');
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json()).toMatchObject({ code: 'banner_type' });
    const disguised = await upload(first.id, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', '/en');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toEqual({
      detail: 'The banner must be a PNG, JPEG, GIF or WebP image (SVG is refused: it can carry script).',
      code: 'banner_type',
    });
    // The eight bytes of a PNG's signature and nothing of an image: every page's footer would show a broken one.
    const signature = await upload(first.id, png.subarray(0, 8), 'image/png');
    expect(signature.statusCode).toBe(415);
    const big = await upload(first.id, Buffer.concat([png, Buffer.alloc(256 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'banner_too_large' });
    const huge = await upload(first.id, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    expect((await upload(999999, png, 'image/png')).statusCode).toBe(404);
    // Nothing was stored.
    expect(
      (await operator.inject({ url: '/api/v1/admin/monitors/' })).json<{ results: AdminMonitor[] }>().results[0]!
        .banner,
    ).toBeNull();
  });

  it('stores a PNG, serves it from our origin with its type, a long cache and nosniff, and shows it in the footer', async () => {
    const res = await upload(first.id, png, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const banner = res.json<AdminMonitor>().banner!;
    expect(banner).toMatch(new RegExp(`^/media/monitors/${first.id}/[0-9a-f]{32}$`));

    const served = await t.inject({ url: banner });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    for (const page of ['/', '/en/rules']) {
      const html = (await t.inject({ url: page })).body;
      expect(html).toMatch(
        new RegExp(`<img[^>]+src="${banner}"[^>]+alt="BestChange"|<img[^>]+alt="BestChange"[^>]+src="${banner}"`),
      );
    }

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'monitor'), eq(auditLog.action, 'monitor.banner')));
    expect(audit).toHaveLength(1);
  });

  it('a new banner gets a new address; the old one answers 404, removal brings the name back', async () => {
    const before = (await operator.inject({ url: '/api/v1/admin/monitors/' })).json<{ results: AdminMonitor[] }>()
      .results[0]!.banner!;
    const res = await upload(first.id, gif, 'image/gif');
    expect(res.statusCode).toBe(200);
    const after = res.json<AdminMonitor>().banner!;
    expect(after).not.toBe(before);
    expect((await t.inject({ url: before })).statusCode).toBe(404);
    expect((await t.inject({ url: after })).headers['content-type']).toBe('image/gif');

    const removed = await operator.inject({ method: 'DELETE', url: `/api/v1/admin/monitors/${first.id}/banner/` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminMonitor>().banner).toBeNull();
    expect((await t.inject({ url: after })).statusCode).toBe(404);
    expect((await t.inject({ url: '/' })).body).not.toContain('/media/monitors/');
  });

  it('sets and clears the review link; only http(s) addresses', async () => {
    const put = (reviewUrl: unknown, prefix = '') =>
      operator.inject({
        method: 'PUT',
        url: `${prefix}/api/v1/admin/monitors/${first.id}/review/`,
        payload: { reviewUrl },
      });
    for (const bad of [
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@example.com/',
      `https://example.com/${'a'.repeat(600)}`,
    ]) {
      const res = await put(bad, '/en');
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json())).toEqual(['reviewUrl']);
    }
    const set = await put('https://www.bestchange.ru/obmen-exchanger.html');
    expect(set.statusCode).toBe(200);
    expect(set.json<AdminMonitor>().reviewUrl).toBe('https://www.bestchange.ru/obmen-exchanger.html');
    expect((await put('')).json<AdminMonitor>().reviewUrl).toBeNull();
    expect((await put(null)).json<AdminMonitor>().reviewUrl).toBeNull();
  });

  it('a completed claim’s page and letter ask for a review on each monitor with a review page; others do not', async () => {
    const reviewUrl = 'https://www.bestchange.ru/obmen-exchanger.html';
    await operator.inject({ method: 'PUT', url: `/api/v1/admin/monitors/${first.id}/review/`, payload: { reviewUrl } });
    const h = claimHelpers(t);
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: 'review-link@example.com' });
    const act = (action: string, payload: object) =>
      operator.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/${action}/`, payload });

    const pending = (await t.inject({ url: `/claim/${uuid}` })).body;
    expect(pending).not.toContain('data-testid="claim-reviews"');

    expect((await act('received', { expected: 'new' })).statusCode).toBe(200);
    expect((await act('complete', { expected: 'processing', reference: 'TX-REVIEW-1' })).statusCode).toBe(200);
    await t.services.claims.drain();
    const letters = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'claim.status'));
    const ofClaim = letters.filter((m) => m.meta.claimId === uuid);
    expect(ofClaim.find((m) => m.meta.status === 'processing')!.text).not.toContain(reviewUrl);
    const completed = ofClaim.find((m) => m.meta.status === 'completed')!;
    expect(completed.text).toContain(`Оставьте отзыв о нас на BestChange: ${reviewUrl}`);
    // Monitors without a review page are not offered.
    expect(completed.text).not.toContain('Exnode');

    for (const [prefix, label] of [
      ['', 'Отзыв на BestChange'],
      ['/en', 'Review us on BestChange'],
    ] as const) {
      const page = (await t.inject({ url: `${prefix}/claim/${uuid}` })).body;
      expect(page).toContain('data-testid="claim-reviews"');
      expect(page).toMatch(new RegExp(`<a[^>]+href="${reviewUrl.replace(/[.]/g, '\\.')}"[^>]*>${label}`));
    }
  });
});
