import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';

/** Server-rendered content pages in both locales: status, <html lang>, title and a key text. */
describe('content pages (SSR)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const pages: [string, string, string][] = [
    ['/rules', 'Правила обмена', 'Курс фиксируется на'],
    ['/en/rules', 'Exchange rules', 'The rate is locked for'],
    ['/aml', 'Политика AML/KYC', 'FATF'],
    ['/en/aml', 'AML/KYC policy', 'FATF'],
    ['/contacts', 'Контакты', '24/7'],
    ['/en/contacts', 'Contacts', '24/7'],
    ['/concurs', 'Конкурс отзывов', '100\u00a0USDT'],
    ['/en/concurs', 'Review contest', '100\u00a0USDT'],
    ['/sales', 'Акции и скидки', 'WELCOME'],
    ['/en/sales', 'Promotions and discounts', 'WELCOME'],
    ['/faq', 'Вопросы и ответы', 'Как создать заявку на обмен?'],
    ['/en/faq', 'Questions and answers', 'How do I create an exchange order?'],
    ['/partners', 'Партнёрская программа', 'BestChange'],
    ['/en/partners', 'Partner programme', 'BestChange'],
    ['/partners/users', 'Наши партнёры', 'CryptoDigest'],
    ['/en/partners/users', 'Our partners', 'CryptoDigest'],
    ['/partners/monitoring', 'Мониторингам', 'Заявка на подключение'],
    ['/en/partners/monitoring', 'For monitoring sites', 'Apply to list us'],
  ];

  it.each(pages)('%s answers 200 with its title and text', async (url, title, text) => {
    const res = await t.inject(url);
    expect(res.statusCode).toBe(200);
    const lang = url.startsWith('/en') ? 'en-US' : 'ru-RU';
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(res.body).toContain(`<title>${title} — Obmen</title>`);
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(res.body).toContain(text);
    expect(res.body).toContain('class="prose-content');
  });

  it('renders the FAQ as disclosures that work without script', async () => {
    const res = await t.inject('/faq');
    expect(res.body.match(/<details/g)?.length).toBeGreaterThanOrEqual(8);
    expect(res.body).toContain('<summary');
  });

  it('marks the current partner section', async () => {
    const res = await t.inject('/partners/users');
    expect(res.body).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/partners\/users"|<a[^>]*href="\/partners\/users"[^>]*aria-current="page"/,
    );
  });
});

describe('monitoring register form (SSR, no script)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const post = (url: string, form: Record<string, string>) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows field errors and keeps what was typed', async () => {
    const res = await post('/partners/monitoring', { name: '', url: 'not a site', email: 'x@', comment: 'hello' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Обязательное поле.');
    expect(res.body).toContain('Введите правильный адрес сайта');
    expect(res.body).toContain('Введите правильный адрес e-mail.');
    expect(res.body).toContain('value="not a site"');
    expect(res.body).toContain('aria-invalid="true"');
    // The comment's limit is said before the field stops taking text at it.
    expect(res.body).toContain('До 1\u00a0000 символов.');
    expect((await t.inject('/en/partners/monitoring')).body).toContain('Up to 1,000 characters.');
  });

  it('stores a request and thanks, then refuses the same site again (en)', async () => {
    const ok = await post('/en/partners/monitoring', {
      name: 'Rate Lens',
      url: 'ratelens.example',
      email: 'hi@ratelens.example',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Thank you! We have your request');
    expect(ok.body).toContain('hi@ratelens.example');
    const again = await post('/en/partners/monitoring', {
      name: 'Rate Lens',
      url: 'https://www.ratelens.example/',
      email: 'hi@ratelens.example',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('We already have a request from this site');
  });
});
