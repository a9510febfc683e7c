import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type Item = { id: number; slug: string; title: string };

describe('admin: news, pages, preview, maintenance, monitoring inbox', () => {
  let t: TestApp;
  let operator: StaffUser;
  let admin: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    admin = await staffUser(t, 'admin');
  });
  afterAll(() => t.close());

  const article = {
    kind: 'news',
    locale: 'ru',
    slug: 'new-pairs',
    title: 'Новые пары',
    summary: 'Коротко',
    body: '## Что нового\n\nДобавили **TON**.',
  };

  it('checks roles on every call: a guest 401, a customer 403; maintenance changes need an admin', async () => {
    await activeUser(t, 'reader@example.com', 'customer password');
    const { access } = await login(t, 'reader@example.com', 'customer password');
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/news/' },
      { method: 'POST' as const, url: '/api/v1/admin/news/', payload: article },
      { method: 'GET' as const, url: '/api/v1/admin/news/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/news/1/', payload: article },
      { method: 'DELETE' as const, url: '/api/v1/admin/news/1/' },
      { method: 'POST' as const, url: '/api/v1/admin/markdown/preview/', payload: { markdown: 'x' } },
      { method: 'GET' as const, url: '/api/v1/admin/pages/' },
      { method: 'GET' as const, url: '/api/v1/admin/pages/rules/' },
      { method: 'GET' as const, url: '/api/v1/admin/settings/contest/' },
      { method: 'PUT' as const, url: '/api/v1/admin/settings/contest/', payload: {} },
      { method: 'PUT' as const, url: '/api/v1/admin/pages/rules/', payload: {} },
      { method: 'GET' as const, url: '/api/v1/admin/settings/maintenance/' },
      {
        method: 'PUT' as const,
        url: '/api/v1/admin/settings/maintenance/',
        payload: { enabled: false, message: { ru: '', en: '' } },
      },
      { method: 'GET' as const, url: '/api/v1/admin/monitoring/' },
      { method: 'POST' as const, url: '/api/v1/admin/monitoring/1/accept/' },
      { method: 'POST' as const, url: '/api/v1/admin/monitoring/1/reject/' },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(access) })).statusCode, call.url).toBe(403);
    }
    const byOperator = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/maintenance/',
      payload: { enabled: true, message: { ru: 'x', en: 'x' } },
    });
    expect(byOperator.statusCode).toBe(403);
  });

  it('publishes a news item the site shows at once, edits it, refuses a taken slug, withdraws it', async () => {
    const created = await operator.inject({ method: 'POST', url: '/api/v1/admin/news/', payload: article });
    expect(created.statusCode).toBe(201);
    const item = created.json() as Item;
    const onSite = await t.inject('/api/v1/content/news/new-pairs/');
    expect(onSite.statusCode).toBe(200);
    expect(onSite.json()).toMatchObject({ title: 'Новые пары' });
    expect(JSON.stringify(onSite.json())).toContain('<strong>TON</strong>');

    const taken = await operator.inject({ method: 'POST', url: '/en/api/v1/admin/news/', payload: article });
    expect(taken.json()).toEqual({ slug: ['This address is already taken in this language.'] });
    // The same slug in the other language is another article.
    expect(
      (await operator.inject({ method: 'POST', url: '/api/v1/admin/news/', payload: { ...article, locale: 'en' } }))
        .statusCode,
    ).toBe(201);

    const bad = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/news/',
      payload: { ...article, slug: 'Bad Slug', title: '' },
    });
    expect(Object.keys(bad.json() as object).sort()).toEqual(['slug', 'title']);

    const edited = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/news/${item.id}/`,
      payload: { ...article, title: 'Новые пары: TON' },
    });
    expect(edited.json()).toMatchObject({ title: 'Новые пары: TON' });
    expect((await t.inject('/api/v1/content/news/new-pairs/')).json()).toMatchObject({ title: 'Новые пары: TON' });

    expect((await operator.inject({ method: 'DELETE', url: `/api/v1/admin/news/${item.id}/` })).statusCode).toBe(204);
    expect((await t.inject('/api/v1/content/news/new-pairs/')).statusCode).toBe(404);
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=news&entity_id=${item.id}` })
    ).json() as { results: { action: string }[] };
    expect(audit.results.map((a) => a.action)).toEqual(['news.delete', 'news.update', 'news.create']);
  });

  it('lists by kind and language; the published date is set, kept on edit, and orders the site', async () => {
    const post = (payload: object) =>
      operator.inject({ method: 'POST', url: '/api/v1/admin/news/', payload: { ...article, ...payload } });
    const old = (await post({ slug: 'old-update', kind: 'update', publishedAt: '2020-01-02' })).json() as Item & {
      publishedAt: string;
    };
    // Times without an offset are the exchange's clock (Moscow by default): a day alone is its midnight.
    expect(old.publishedAt).toBe('2020-01-01T21:00:00.000Z');
    const timed = (await post({ slug: 'timed', kind: 'update', publishedAt: '2021-03-04T05:06' })).json() as {
      publishedAt: string;
    };
    expect(timed.publishedAt).toBe('2021-03-04T02:06:00.000Z');
    const bad = await post({ slug: 'bad-date', publishedAt: '04.03.2021' });
    expect(bad.json()).toEqual({ publishedAt: ['Введите дату в формате ГГГГ-ММ-ДД.'] });
    // In the format but not in the calendar: said so, rather than moved to 2 March.
    const none = await post({ slug: 'no-such-day', publishedAt: '2021-02-30' });
    expect(none.json()).toEqual({ publishedAt: ['Такой даты нет: проверьте месяц и день.'] });

    const updates = (
      await operator.inject({ method: 'GET', url: '/api/v1/admin/news/?kind=update&locale=ru' })
    ).json() as {
      results: { kind: string; locale: string; slug: string }[];
    };
    expect(updates.results.length).toBeGreaterThan(0);
    expect(updates.results.every((r) => r.kind === 'update' && r.locale === 'ru')).toBe(true);
    expect(updates.results.map((r) => r.slug)).toEqual(expect.arrayContaining(['old-update', 'timed']));
    const wrong = await operator.inject({ method: 'GET', url: '/en/api/v1/admin/news/?kind=blog' });
    expect(wrong.json()).toEqual({ kind: ['Not a valid choice.'] });

    // An edit without a date keeps it.
    const edited = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/news/${old.id}/`,
      payload: { ...article, slug: 'old-update', kind: 'update', publishedAt: '' },
    });
    expect(edited.json()).toMatchObject({ publishedAt: '2020-01-01T21:00:00.000Z' });
    const site = (await t.inject('/api/v1/content/news/?kind=update&size=100')).json() as {
      results: { slug: string }[];
    };
    const slugs = site.results.map((r) => r.slug);
    expect(slugs.indexOf('timed')).toBeLessThan(slugs.indexOf('old-update'));
  });

  it('reads one page with both languages; an unknown slug is 404', async () => {
    const rules = await operator.inject({ method: 'GET', url: '/api/v1/admin/pages/rules/' });
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toMatchObject({ slug: 'rules', title: { ru: expect.any(String), en: expect.any(String) } });
    expect((await operator.inject({ method: 'GET', url: '/api/v1/admin/pages/nope/' })).statusCode).toBe(404);
  });

  it('previews Markdown as the site renders it, scripts removed', async () => {
    const res = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/markdown/preview/',
      payload: { markdown: '**bold** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>' },
    });
    const { html } = res.json() as { html: string };
    expect(html).toContain('<strong>bold</strong>');
    // No live element or attribute survives: raw HTML is shown as text, a javascript: link is not a link.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('edits a content page; the site shows the new text', async () => {
    const pages = (await operator.inject({ method: 'GET', url: '/api/v1/admin/pages/' })).json() as {
      results: { slug: string; title: { ru: string; en: string }; description: { ru: string; en: string } }[];
    };
    const rules = pages.results.find((p) => p.slug === 'rules')!;
    const res = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/pages/rules/',
      payload: {
        title: rules.title,
        description: rules.description,
        body: { ru: 'Новые правила с **1 декабря**.', en: '' },
      },
    });
    expect(res.statusCode).toBe(200);
    const ru = (await t.inject('/api/v1/content/pages/rules/')).json() as { html: string };
    expect(ru.html).toContain('<strong>1 декабря</strong>');
    // An empty en body falls back to ru, as every localized text does.
    expect(((await t.inject('/en/api/v1/content/pages/rules/')).json() as { html: string }).html).toContain(
      '1 декабря',
    );
    const empty = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/pages/rules/',
      payload: { title: { ru: '', en: '' }, description: rules.description, body: { ru: 'x', en: '' } },
    });
    expect(empty.json()).toHaveProperty(['title.ru']);
    expect(
      (
        await operator.inject({
          method: 'PUT',
          url: '/api/v1/admin/pages/nope/',
          payload: { title: rules.title, description: rules.description, body: { ru: 'x', en: '' } },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('maintenance on refuses claims with its message; off takes claims again', async () => {
    const h = claimHelpers(t);
    const on = await admin.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/maintenance/',
      payload: { enabled: true, message: { ru: 'Обновляем систему до 12:00.', en: 'Upgrading until 12:00.' } },
    });
    expect(on.statusCode).toBe(200);
    expect((await t.inject('/en/api/v1/calculator/tech/')).json()).toEqual({
      maintenance: true,
      message: 'Upgrading until 12:00.',
    });
    const refused = await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ detail: 'Обновляем систему до 12:00.' });
    await admin.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/maintenance/',
      payload: { enabled: false, message: { ru: '', en: '' } },
    });
    expect((await h.create(await h.body('SBERRUB', 'USDTTRC20', '10000'))).statusCode).toBe(201);
  });

  it('lists monitoring requests by status; accepting lists the site on /partners, once', async () => {
    const register = async (name: string, host: string, ip: string) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/content/monitoring/',
        payload: { name, url: `https://${host}/`, email: `hello@${host}`, comment: 'Hi' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBeLessThan(300);
    };
    await register('Rates Watch', 'rates-watch.example', '10.9.8.7');
    await register('Spam Rates', 'spam-rates.example', '10.9.8.6');
    type Inbox = { count: number; results: { id: number; name: string; status: string; decidedAt: string | null }[] };
    const inbox = (
      await operator.inject({ method: 'GET', url: '/api/v1/admin/monitoring/?status=new' })
    ).json() as Inbox;
    expect(inbox.results.map((r) => r.name)).toEqual(['Spam Rates', 'Rates Watch']);
    expect(inbox.results[0]).toMatchObject({ status: 'new', decidedAt: null });
    const [spam, watch] = inbox.results as [Inbox['results'][0], Inbox['results'][0]];

    const accepted = await operator.inject({ method: 'POST', url: `/api/v1/admin/monitoring/${watch.id}/accept/` });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', decidedAt: expect.any(String) });
    const partners = (await t.inject('/api/v1/content/partners/?kind=monitoring')).json() as {
      results: { name: string; url: string }[];
    };
    expect(partners.results).toContainEqual(expect.objectContaining({ name: 'Rates Watch' }));

    // Decided already: 409 with the catalogue message, nothing listed twice.
    const again = await operator.inject({ method: 'POST', url: `/en/api/v1/admin/monitoring/${watch.id}/reject/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'This request has already been decided: reload the page.' });
    expect(
      (await operator.inject({ method: 'POST', url: `/api/v1/admin/monitoring/${spam.id}/reject/` })).json(),
    ).toMatchObject({ status: 'rejected' });
    expect((await operator.inject({ method: 'POST', url: '/api/v1/admin/monitoring/999999/accept/' })).statusCode).toBe(
      404,
    );

    const byStatus = async (status: string) =>
      (
        (await operator.inject({ method: 'GET', url: `/api/v1/admin/monitoring/?status=${status}` })).json() as Inbox
      ).results.map((r) => r.name);
    expect(await byStatus('new')).toEqual([]);
    expect(await byStatus('accepted')).toEqual(['Rates Watch']);
    expect(await byStatus('rejected')).toEqual(['Spam Rates']);
    expect((await operator.inject({ method: 'GET', url: '/api/v1/admin/monitoring/?status=maybe' })).statusCode).toBe(
      400,
    );
    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=monitoring&entity_id=${watch.id}` })
    ).json() as { results: { action: string }[] };
    expect(audit.results.map((a) => a.action)).toEqual(['monitoring.accept']);
  });

  it('changes the contest the header announces; checks roles, dates and a title for an active contest', async () => {
    expect((await t.inject({ method: 'PUT', url: '/api/v1/admin/settings/contest/', payload: {} })).statusCode).toBe(
      401,
    );
    const contest = {
      status: 'active',
      title: { ru: 'Зимний конкурс', en: 'Winter contest' },
      startsAt: '2026-12-01',
      endsAt: '2026-12-31',
      prizes: [{ ru: '100 USDT', en: '100 USDT' }],
    };
    const bad = await operator.inject({
      method: 'PUT',
      url: '/en/api/v1/admin/settings/contest/',
      payload: { ...contest, title: { ru: '', en: '' }, endsAt: '2026-11-01' },
    });
    expect(Object.keys(bad.json() as object).sort()).toEqual(['endsAt', 'title.ru']);
    // Both days are well written: the end is named as before the start, not as a badly written date.
    expect((bad.json() as Record<string, string[]>).endsAt).toEqual(['The end date is before the start date.']);
    // Year 0000 and a day that does not exist are refused by field (they once reached the date column: no field named).
    const outside = await operator.inject({
      method: 'PUT',
      url: '/en/api/v1/admin/settings/contest/',
      payload: { ...contest, startsAt: '0000-01-01', endsAt: '2026-13-45' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({
      startsAt: ['The year must be from 1 to 9999.'],
      endsAt: ['There is no such date: check the month and the day.'],
    });
    const ok = await operator.inject({ method: 'PUT', url: '/api/v1/admin/settings/contest/', payload: contest });
    expect(ok.json()).toEqual(contest);
    const header = (await t.inject('/en/api/v1/calculator/settings/')).json() as {
      contest: { status: string; title: string };
    };
    expect(header.contest).toMatchObject({ status: 'active', title: 'Winter contest' });
    await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/contest/',
      payload: { ...contest, status: 'inactive' },
    });
    expect(
      ((await t.inject('/api/v1/calculator/settings/')).json() as { contest: { status: string } }).contest.status,
    ).toBe('inactive');
  });
});

describe('admin: a post’s publication time is the exchange’s clock (EXCHANGE_TIME_ZONE)', () => {
  let t: TestApp;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false', EXCHANGE_TIME_ZONE: 'Europe/Moscow' } });
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  const post = (slug: string, publishedAt: unknown) =>
    operator.inject({
      method: 'POST',
      url: '/api/v1/admin/news/',
      payload: {
        kind: 'news',
        locale: 'ru',
        slug,
        title: `Пост ${slug}`,
        summary: 'Коротко',
        body: 'Текст',
        publishedAt,
      },
    });

  it('23:30 on 1 December typed in Moscow is 20:30 UTC, and the site dates it 1 December', async () => {
    const created = await post('late-evening', '2026-12-01T23:30');
    expect(created.statusCode).toBe(201);
    const item = created.json() as { id: number; publishedAt: string };
    expect(item.publishedAt).toBe('2026-12-01T20:30:00.000Z');
    expect((await operator.inject({ method: 'GET', url: `/api/v1/admin/news/${item.id}/` })).json()).toMatchObject({
      publishedAt: '2026-12-01T20:30:00.000Z',
    });

    const site = (await t.inject('/api/v1/content/news/?kind=news')).json() as {
      results: { slug: string; publishedAt: string }[];
    };
    expect(site.results.find((r) => r.slug === 'late-evening')?.publishedAt).toBe('2026-12-01T20:30:00.000Z');
    // Read in UTC it had been 23:30 UTC, 02:30 on the 2nd in Moscow: the site dated it 2 December.
    const day = /<time dateTime="2026-12-01T20:30:00.000Z"[^>]*>1 дек\. 2026 г\.<\/time>/i;
    expect((await t.inject('/news')).body).toMatch(day);
    expect((await t.inject('/news/late-evening')).body).toMatch(day);
  });

  it('a time with Z or an offset is that moment, as API clients send it', async () => {
    expect((await post('with-z', '2026-12-01T23:30:00Z')).json()).toMatchObject({
      publishedAt: '2026-12-01T23:30:00.000Z',
    });
    expect((await post('with-offset', '2026-12-01T23:30:00+05:00')).json()).toMatchObject({
      publishedAt: '2026-12-01T18:30:00.000Z',
    });
    expect((await post('with-ms', '2026-12-01T23:30:00.000Z')).json()).toMatchObject({
      publishedAt: '2026-12-01T23:30:00.000Z',
    });
  });

  it('an unreadable time is the field’s error, never a server error', async () => {
    for (const value of ['2026-12-01T25:00', '2026-12-01T23:75', '2026-13-01T10:00', '1999-12-31T23:30', 42, {}]) {
      const res = await post('unreadable', value);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(Object.keys(res.json() as object), JSON.stringify(value)).toEqual(['publishedAt']);
    }
    // A well-formed date out of the years a post takes says which years, not that the format is wrong.
    expect((await post('too-early', '1999-12-31T23:30')).json()).toEqual({
      publishedAt: ['Год должен быть от 2000 до 2099.'],
    });
  });

  it('a date in the future is refused with why: nothing would hide the post until then', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const res = await post('tomorrow', tomorrow);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      publishedAt: [
        'Дата в будущем: отложенная публикация пока не поддерживается, а запись с такой датой появилась бы сразу и первой в списке. Укажите текущую или прошедшую дату.',
      ],
    });
    expect((await t.inject('/api/v1/content/news/?kind=news')).body).not.toContain('"tomorrow"');
    // A minute ahead is a clock's difference, not a plan: taken.
    expect((await post('a-minute-ahead', new Date(Date.now() + 60_000).toISOString())).statusCode).toBe(201);
  });
});

describe('admin: a publication time in a zone with summer time (New York)', () => {
  let t: TestApp;
  let operator: StaffUser;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false', EXCHANGE_TIME_ZONE: 'America/New_York' } });
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  const at = async (slug: string, publishedAt: string) => {
    const res = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/news/',
      payload: { kind: 'update', locale: 'en', slug, title: slug, summary: 'Short', body: 'Text', publishedAt },
    });
    return (res.json() as { publishedAt: string }).publishedAt;
  };

  it('winter and summer offsets; the skipped hour moves forward, the repeated one is the earlier', async () => {
    expect(await at('winter', '2026-01-15T12:00')).toBe('2026-01-15T17:00:00.000Z');
    expect(await at('summer', '2026-07-15T12:00')).toBe('2026-07-15T16:00:00.000Z');
    expect(await at('gap', '2026-03-08T02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(await at('overlap', '2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
  });
});
