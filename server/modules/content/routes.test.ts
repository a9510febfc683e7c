import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNews } from '../../../tests/helpers/content-factories.ts';
import { demoContent } from '../../db/demo-content.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { monitoringIpLimit } from './routes.ts';

const news = demoContent.news.filter((n) => n.kind === 'news').length;
const updates = demoContent.news.filter((n) => n.kind === 'update').length;

describe('content API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(() => t.close());

  describe('GET /api/v1/content/pages/{slug}/', () => {
    it('answers a page in the locale of the path, with rendered HTML', async () => {
      const ru = await t.inject('/api/v1/content/pages/rules/');
      expect(ru.statusCode).toBe(200);
      expect(ru.json()).toMatchObject({ slug: 'rules', title: 'Правила обмена' });
      expect(ru.json().html).toContain('<h2>');
      const en = await t.inject('/en/api/v1/content/pages/rules/');
      expect(en.json()).toMatchObject({ slug: 'rules', title: 'Exchange rules' });
    });

    it('fills the configured support e-mail into the texts', async () => {
      const res = await t.inject('/api/v1/content/pages/contacts/');
      expect(res.json().html).toContain(`mailto:${t.config.supportEmail}`);
      expect(res.json().html).not.toContain('{{supportEmail}}');
    });

    it('has every page of the site', async () => {
      for (const slug of [
        'rules',
        'aml',
        'contacts',
        'concurs',
        'sales',
        'partners',
        'partners-users',
        'partners-monitoring',
      ]) {
        expect((await t.inject(`/api/v1/content/pages/${slug}/`)).statusCode, slug).toBe(200);
      }
    });

    it('answers 404 in DRF shape for an unknown slug, in the caller’s language', async () => {
      const res = await t.inject('/api/v1/content/pages/nope/');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.', code: 'not_found' });
      expect((await t.inject('/en/api/v1/content/pages/nope/')).json().detail).toBe('Not found.');
    });
  });

  it('GET faq/ lists the questions in order', async () => {
    const res = await t.inject('/api/v1/content/faq/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: demoContent.faq.length, next: null, previous: null });
    expect(body.results[0].question).toBe(demoContent.faq[0]!.question.ru);
    const en = (await t.inject('/en/api/v1/content/faq/')).json();
    expect(en.results[0].question).toBe(demoContent.faq[0]!.question.en);
  });

  describe('GET news/', () => {
    it('pages newest first with DRF links that keep kind and size', async () => {
      const first = (await t.inject('/api/v1/content/news/?kind=news&size=5')).json();
      expect(first.count).toBe(news);
      expect(first.results).toHaveLength(5);
      expect(first.previous).toBeNull();
      expect(first.next).toBe('http://localhost:3000/api/v1/content/news/?kind=news&page=2&size=5');
      const dates = first.results.map((r: { publishedAt: string }) => r.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      const last = (await t.inject(`/api/v1/content/news/?kind=news&size=5&page=${Math.ceil(news / 5)}`)).json();
      expect(last.next).toBeNull();
      expect(last.previous).toContain('page=');
      expect(last.results).toHaveLength(news % 5 || 5);
    });

    it('never repeats or skips an item across pages', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil((news + updates) / 3); page++) {
        const body = (await t.inject(`/api/v1/content/news/?size=3&page=${page}`)).json();
        seen.push(...body.results.map((r: { slug: string }) => r.slug));
      }
      expect(seen).toHaveLength(news + updates);
      expect(new Set(seen).size).toBe(news + updates);
    });

    it('filters by kind and uses the default size', async () => {
      const body = (await t.inject('/api/v1/content/news/?kind=update')).json();
      expect(body.count).toBe(updates);
      expect(body.results.every((r: { kind: string }) => r.kind === 'update')).toBe(true);
      expect(body.results).toHaveLength(Math.min(8, updates));
    });

    it('caps the size at 100', async () => {
      const body = (await t.inject('/api/v1/content/news/?size=1000')).json();
      expect(body.results).toHaveLength(news + updates);
      expect(body.next).toBeNull();
    });

    it.each([
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['page=', 'page'],
      ['size=0', 'size'],
      ['size=x', 'size'],
      ['kind=article', 'kind'],
    ])('refuses %s with a field error', async (query, field) => {
      const res = await t.inject(`/api/v1/content/news/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
      expect(res.json()[field][0]).toEqual(expect.any(String));
    });

    it('answers field errors in English under /en', async () => {
      const res = await t.inject('/en/api/v1/content/news/?page=0&kind=x');
      expect(res.json()).toEqual({
        page: ['A valid integer of at least 1 is required.'],
        kind: ['Not a valid choice.'],
      });
    });

    it('tells a page number past the maximum that maximum, not "at least 1", and cuts a size of any length', async () => {
      const ru = await t.inject('/api/v1/content/news/?page=99999999999999999999');
      expect(ru.statusCode).toBe(400);
      expect(ru.json()).toEqual({ page: ['Не больше 2\u00a0147\u00a0483\u00a0647.'] });
      const en = await t.inject('/en/api/v1/content/news/?page=2147483648');
      expect(en.json()).toEqual({ page: ['At most 2,147,483,647.'] });
      // The largest page is read, and is past the last one: the list's own 404, not a database error.
      const last = await t.inject('/api/v1/content/news/?page=2147483647&size=100');
      expect(last.statusCode).toBe(404);
      expect(last.json()).toMatchObject({ code: 'invalid_page' });
      // A size is cut to 100 however long it is (DRF's rule), so 20 digits are a page of 100, not a refusal.
      const size = await t.inject('/api/v1/content/news/?size=99999999999999999999');
      expect(size.statusCode).toBe(200);
      expect(size.json().results).toHaveLength(news + updates);
    });

    it('answers 404 for a page past the last one, as DRF does', async () => {
      const res = await t.inject('/api/v1/content/news/?kind=news&page=99');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Неверная страница.', code: 'invalid_page' });
    });

    it('answers page 1 of an empty list (en has no news)', async () => {
      const res = await t.inject('/en/api/v1/content/news/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await t.inject('/en/api/v1/content/news/?page=2')).statusCode).toBe(404);
    });

    it('lists rows added later in date order', async () => {
      await insertNews(t.database.db, [{ slug: 'fresh', kind: 'update', publishedAt: new Date('2026-12-01') }]);
      const body = (await t.inject('/api/v1/content/news/?kind=update&size=1')).json();
      expect(body.results[0].slug).toBe('fresh');
    });
  });

  describe('GET news/{slug}/', () => {
    it('answers the article with its HTML', async () => {
      const res = await t.inject('/api/v1/content/news/toncoin/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ slug: 'toncoin', kind: 'news', title: 'Добавили Toncoin (TON)' });
      expect(res.json().html).toContain('<p>');
    });

    it('answers 404 for an unknown slug and for a ru article under /en', async () => {
      expect((await t.inject('/api/v1/content/news/nope/')).statusCode).toBe(404);
      const en = await t.inject('/en/api/v1/content/news/toncoin/');
      expect(en.statusCode).toBe(404);
      expect(en.json().detail).toBe('Not found.');
    });
  });

  describe('GET partners/', () => {
    it('lists both kinds or one', async () => {
      const all = (await t.inject('/api/v1/content/partners/')).json();
      expect(all.count).toBe(demoContent.partners.length);
      const users = (await t.inject('/api/v1/content/partners/?kind=user')).json();
      expect(users.results.length).toBeGreaterThan(0);
      expect(users.results.every((p: { kind: string }) => p.kind === 'user')).toBe(true);
      const en = (await t.inject('/en/api/v1/content/partners/?kind=monitoring')).json();
      expect(en.results[0].description).toBe(demoContent.partners.find((p) => p.kind === 'monitoring')!.description.en);
    });

    it('refuses an unknown kind', async () => {
      const res = await t.inject('/en/api/v1/content/partners/?kind=bank');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ kind: ['Not a valid choice.'] });
    });
  });

  describe('POST monitoring/', () => {
    const post = (payload: unknown, prefix = '') =>
      t.inject({ method: 'POST', url: `${prefix}/api/v1/content/monitoring/`, payload: payload as object });

    it('stores a request and answers 201', async () => {
      const res = await post({
        name: '  Kurs Check ',
        url: 'kurscheck.example/',
        email: 'team@kurscheck.example',
        comment: 'XML please',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: expect.any(Number),
        name: 'Kurs Check',
        url: 'https://kurscheck.example/',
        email: 'team@kurscheck.example',
        comment: 'XML please',
      });
    });

    it('refuses the same site again, however the address is written', async () => {
      expect((await post({ name: 'A', url: 'https://same-site.example', email: 'a@a.example' })).statusCode).toBe(201);
      for (const url of ['http://www.SAME-site.example/', 'same-site.example', 'https://same-site.example/?utm=1']) {
        const res = await post({ name: 'B', url, email: 'b@b.example' });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({
          url: ['Заявка от этого сайта уже получена: мы ответим на e-mail, указанный в ней.'],
        });
      }
      const en = await post({ name: 'B', url: 'same-site.example', email: 'b@b.example' }, '/en');
      expect(en.json().url[0]).toMatch(/already have a request/);
      // Another path on the same host is another site (monitors of one company live under paths too).
      expect((await post({ name: 'C', url: 'same-site.example/other', email: 'c@c.example' })).statusCode).toBe(201);
    });

    it('validates every field with DRF field errors', async () => {
      const res = await post({ url: 'not a url', email: 'nope', comment: 'x'.repeat(1001) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        name: ['Обязательное поле.'],
        url: ['Введите правильный адрес сайта, например https://example.com.'],
        email: ['Введите правильный адрес e-mail.'],
        comment: ['Не более 1\u00a0000 символов.'],
      });
      const en = await post({ name: ' ', url: 'ftp://files.example', email: '' }, '/en');
      expect(en.json()).toEqual({
        name: ['This field is required.'],
        url: ['Enter a valid site address, e.g. https://example.com.'],
        email: ['This field is required.'],
      });
    });

    it.each([
      ['javascript:alert(1)'],
      ['https://user:pw@site.example'],
      ['https://localhost'],
      ['https://'],
      [`https://${'a'.repeat(200)}.example`],
    ])('refuses the address %s', async (url) => {
      const res = await post({ name: 'X', url, email: 'x@x.example' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['url']);
    });

    it('refuses a body that is not an object, and malformed JSON', async () => {
      const list = await post([1, 2]);
      expect(list.statusCode).toBe(400);
      expect(list.json()).toEqual({ non_field_errors: ['Ожидается объект с полями формы.'] });
      const bad = await t.inject({
        method: 'POST',
        url: '/api/v1/content/monitoring/',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('malformed_json');
    });
  });

  it('limits monitoring registrations per IP: 429 with Retry-After, and nothing stored past the limit', async () => {
    const send = (i: number) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/content/monitoring/',
        remoteAddress: '198.51.100.7',
        payload: { name: `Flood ${i}`, url: `https://flood-${i}.example`, email: `f${i}@flood.example` },
      });
    for (let i = 0; i < monitoringIpLimit.max; i++) expect((await send(i)).statusCode).toBe(201);
    const refused = await send(monitoringIpLimit.max);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(monitoringIpLimit.windowSeconds));
    expect(refused.json()).toHaveProperty('detail');
    // Another address is not affected.
    const other = await t.inject({
      method: 'POST',
      url: '/api/v1/content/monitoring/',
      remoteAddress: '198.51.100.8',
      payload: { name: 'Other', url: 'https://other-flood.example', email: 'o@flood.example' },
    });
    expect(other.statusCode).toBe(201);
  });

  describe('GET /api/v1/calculator/settings/', () => {
    it('answers the contest in the caller’s language', async () => {
      const ru = await t.inject('/api/v1/calculator/settings/');
      expect(ru.statusCode).toBe(200);
      expect(ru.json().contest).toMatchObject({ status: 'active', title: 'Конкурс отзывов', endsAt: '2026-12-31' });
      const en = (await t.inject('/en/api/v1/calculator/settings/')).json();
      expect(en.contest.title).toBe('Review contest');
      expect(en.contest.prizes[0]).toBe('1st place — 100\u00a0USDT');
    });
  });

  it('declares every content path in the OpenAPI document', async () => {
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/content/pages/{slug}/',
      '/api/v1/content/faq/',
      '/api/v1/content/news/',
      '/api/v1/content/news/{slug}/',
      '/api/v1/content/partners/',
      '/api/v1/content/monitoring/',
      '/api/v1/calculator/settings/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});

describe('content API without demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(() => t.close());

  it('answers empty lists and an inactive contest', async () => {
    expect((await t.inject('/api/v1/content/news/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await t.inject('/api/v1/content/faq/')).json().count).toBe(0);
    expect((await t.inject('/api/v1/content/partners/')).json().count).toBe(0);
    expect((await t.inject('/api/v1/calculator/settings/')).json()).toEqual({
      contest: { status: 'inactive', title: '', startsAt: null, endsAt: null, prizes: [] },
    });
    expect((await t.inject('/api/v1/content/pages/rules/')).statusCode).toBe(404);
  });
});
