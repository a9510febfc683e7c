import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringRegistrations } from '../../server/db/schema.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { guestPaths } from '../helpers/site-routes.ts';
import { paths } from '../../shared/paths.ts';
import { monitoringIpLimit } from '../../server/modules/content/routes.ts';

/**
 * Form posts to pages (server/plugins/ssr.ts): the body is read within a limit and handed to the page's action, which
 * parses it. It once went on as the request's stream, and the boundary's text check (server/input-guard.ts) walked
 * that stream: any form post to any page spun the process at 100 % CPU (the monitoring registration form, or a login
 * form pressed before its script ran, which the browser then posts itself).
 */
describe('form posts to pages', () => {
  let t: TestApp;
  const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
  const registrations = (url: string) =>
    t.database.db.select().from(monitoringRegistrations).where(eq(monitoringRegistrations.url, url));
  /** The monitoring register form's body, as a browser posts it. */
  const registration = (values: { name: string; url: string; email: string; comment: string }) =>
    new URLSearchParams(values).toString();

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('a form post to a page without an action answers 405, and the process goes on serving', async () => {
    for (const url of ['/login', '/en/login', '/account/password']) {
      const res = await t.inject({ method: 'POST', url, headers: form, payload: 'email=a%40b.c&password=secret' });
      expect(res.statusCode, url).toBe(405);
    }
    const multipart = await t.inject({
      method: 'POST',
      url: '/en/register',
      headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'text/html' },
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(405);
    expect((await t.inject({ url: '/en/rules', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });

  it('a body that is no form, or too large, is the client’s error (4xx), never the page’s', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.inject({
        method: 'POST',
        url: '/en/partners/monitoring',
        headers: { accept: 'text/html', ...headers },
        payload,
      });
    expect((await post({ 'content-type': 'application/json' }, '[1,2]')).statusCode).toBe(400);
    expect((await post({ 'content-type': 'multipart/form-data; boundary=x' }, 'not multipart')).statusCode).toBe(400);
    const huge = await post(form, `name=${'a'.repeat(70 * 1024)}`);
    expect(huge.statusCode).toBe(413);
  });

  it('the monitoring form posts to its own heading, so a browser without script opens the answer there', async () => {
    for (const url of ['/partners/monitoring', '/en/partners/monitoring']) {
      const page = await t.inject({ url, headers: { accept: 'text/html' } });
      expect(/<form[^>]*action="([^"]*)"[^>]*method="post"/.exec(page.body)?.[1], url).toBe(`${url}#monitoring-form`);
      expect(page.body).toContain('id="monitoring-form"');
    }
  });

  it('the monitoring form posted without script registers the site and thanks the visitor', async () => {
    const payload = registration({
      name: 'Rates Board',
      url: 'https://rates-board.example/list',
      email: 'owner@rates-board.example',
      comment: 'We list exchangers daily.',
    });
    const res = await t.inject({ method: 'POST', url: '/en/partners/monitoring', headers: form, payload });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you! We have your request');
    // The thanks is the element the post's fragment names.
    expect(res.body).toMatch(/<h2 id="monitoring-form"[^>]*>Thank you!/);
    const rows = await registrations('https://rates-board.example/list');
    expect(rows).toMatchObject([{ name: 'Rates Board', email: 'owner@rates-board.example', locale: 'en' }]);
  });

  it('the monitoring form posted by the hydrated page (a data request) registers the site', async () => {
    const payload = registration({ name: 'Курсы', url: 'kursy.example', email: 'owner@kursy.example', comment: '' });
    const res = await t.inject({
      method: 'POST',
      url: '/partners/monitoring.data',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await registrations('https://kursy.example')).toMatchObject([{ name: 'Курсы', locale: 'ru' }]);
  });

  it('a NUL byte in the monitoring form is that field’s message, in the page’s language, and nothing is written', async () => {
    const payload = (name: string) =>
      registration({ name, url: 'nul.example', email: 'owner@nul.example', comment: '' });
    const en = await t.inject({
      method: 'POST',
      url: '/en/partners/monitoring',
      headers: form,
      payload: payload('a\0b'),
    });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Remove the control characters from the text.');
    const ru = await t.inject({ method: 'POST', url: '/partners/monitoring', headers: form, payload: payload('a\0b') });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).not.toContain('Remove the control characters from the text.');
    expect(ru.body).not.toContain('Спасибо! Заявка принята');
    expect(await registrations('https://nul.example')).toEqual([]);
  });
  it('any method and body a client can send to any page answers below 500, in time', async () => {
    const bodies: { type: string; payload: string }[] = [
      { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=%ED%A0%80&c=' + '%FF'.repeat(50) },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n' },
      { type: 'multipart/form-data', payload: 'no boundary' },
      { type: 'text/plain', payload: '\u0000\ud800' },
      { type: 'application/json', payload: '{"name":"\\u0000","__proto__":{"x":1}}' },
      { type: 'application/json', payload: '{' },
    ];
    const pages = [...guestPaths, paths.accountOrders, paths.admin, '/claim/00000000-0000-4000-8000-000000000000'];
    const answers: string[] = [];
    // Every body as a POST, and each other method with one of them in turn: the method changes which route answers,
    // not how the body is read (about 750 requests, which a busy CI machine needs tens of seconds for).
    let turn = 0;
    for (const page of pages)
      for (const url of [page, `/en${page === '/' ? '' : page}`, `${page === '/' ? '/_' : page}.data`]) {
        const sends = [
          ...bodies.map((body) => ({ method: 'POST' as const, ...body })),
          ...(['PUT', 'PATCH', 'DELETE'] as const).map((method) => ({ method, ...bodies[turn++ % bodies.length]! })),
        ];
        for (const { method, type, payload } of sends) {
          const res = await t.inject({ method, url, headers: { 'content-type': type }, payload });
          if (res.statusCode >= 500) answers.push(`${method} ${url} ${type}: ${res.statusCode}`);
        }
      }
    expect(answers).toEqual([]);
  }, 180_000);
  it('a form that needs script says so to a browser without it; the monitoring form, which works without, does not', async () => {
    const hint =
      /<noscript><p[^>]*>This form needs JavaScript: turn it on in your browser and reload the page.<\/p><\/noscript>/;
    for (const url of ['/en/login', '/en/register', '/en/forget']) {
      const res = await t.inject({ url, headers: { accept: 'text/html' } });
      expect(res.body, url).toMatch(hint);
    }
    const ru = await t.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(ru.body).toContain('Для этой формы нужен JavaScript');
    const monitoring = await t.inject({ url: '/en/partners/monitoring', headers: { accept: 'text/html' } });
    expect(monitoring.body).toContain('Send the request');
    expect(monitoring.body).not.toMatch(hint);
  });
  it('a form post from another origin is refused in our shape, without an error in the log; this site’s own goes on', async () => {
    const post = (origin: string | undefined, url = '/en/partners/monitoring') =>
      t.inject({
        method: 'POST',
        url,
        headers: { ...form, host: 'obmen.test', ...(origin === undefined ? {} : { origin }) },
        payload: registration({
          name: 'Origin Board',
          url: 'origin-board.example',
          email: 'o@origin-board.example',
          comment: '',
        }),
      });
    // The fuzz found these: React Router refused them too, but logged each as the site's error (the test setup fails
    // on a console.error) and answered a bare "Bad Request".
    for (const origin of ['', 'not a url', '%00', 'https://evil.example', 'https://obmen.test:8443', 'null']) {
      for (const url of ['/en/partners/monitoring', '/partners/monitoring.data']) {
        const res = await post(origin, url);
        expect(res.statusCode, `${url} Origin ${JSON.stringify(origin)}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'cross_site' });
      }
    }
    expect(await registrations('https://origin-board.example')).toEqual([]);
    const own = await post('http://obmen.test');
    expect(own.statusCode).toBe(200);
    expect(await registrations('https://origin-board.example')).toHaveLength(1);
  });

  it('a Host header that makes no address is a 400 in our shape, not a 500', async () => {
    // (An empty Host cannot be sent through inject: it fills in its own.)
    for (const host of ['a:b:c', 'exa mple.com', 'a@b'])
      for (const url of ['/', '/en/rules', '/claim/00000000-0000-4000-8000-000000000000']) {
        const res = await t.inject({ url, headers: { host, accept: 'text/html' } });
        expect(res.statusCode, `${url} with Host ${JSON.stringify(host)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'malformed_url' });
      }
  });

  it('a page address holding text the site refuses goes to the same address without it, never a JSON error', async () => {
    const page = (url: string) => t.inject({ url, headers: { accept: 'text/html' } });
    const cases: [string, string][] = [
      // A monitor's link mangled on the way: the visitor gets the page with what is left of the link.
      ['/?cur_from=%00&cur_to=BTC', '/?cur_to=BTC'],
      ['/en/account/orders?status=%E2%80%AE&page=2', '/en/account/orders?page=2'],
      // Straight to the page's own address, without the trailing slash the cut left (one step, not two).
      ['/claim/%00', '/claim'],
      ['/news/%00', '/news'],
      // A public file too: a crawler or a monitor gets the file, not a field error named by an invisible NUL.
      ['/export.xml?%00', '/export.xml'],
      ['/sitemap.xml?x=%00', '/sitemap.xml'],
      ['/en/news/a%E2%80%AEb', '/en/news/ab'],
      // Never to another site: the address keeps one leading slash.
      ['//evil.example/%00', '/evil.example'],
    ];
    for (const [from, to] of cases) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(303);
      expect(res.headers.location, from).toBe(to);
    }
    expect((await page('/?cur_to=BTC')).statusCode).toBe(200);
    expect((await page('/claim')).statusCode).toBe(404);
    expect((await page('/export.xml')).statusCode).toBe(200);
    // The API keeps its field error.
    const api = await t.inject({ url: '/en/api/v1/calculator/settings/?cur_from=%00&cur_to=BTC' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ cur_from: ['Remove the control characters from the text.'] });
  });
});

describe('the monitoring page’s form and its API share one allowance per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('past 30 posts an hour the page says to try later (429, Retry-After) and stores nothing; the API refuses too', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
    // Refused forms count as well, as malformed API calls do: a script's attempts are counted, whatever they hold.
    for (let i = 0; i < monitoringIpLimit.max; i++) {
      const res = await t.inject({ method: 'POST', url: '/en/partners/monitoring', headers: form, payload: 'name=' });
      expect(res.statusCode, `post ${i + 1}`).toBe(200);
    }
    const payload = new URLSearchParams({
      name: 'Late Board',
      url: 'https://late-board.example/list',
      email: 'owner@late-board.example',
      comment: '',
    }).toString();
    const page = await t.inject({ method: 'POST', url: '/en/partners/monitoring', headers: form, payload });
    expect(page.statusCode).toBe(429);
    expect(page.headers['retry-after']).toBe(String(monitoringIpLimit.windowSeconds));
    expect(page.body).toContain('Too many requests. Please try again later.');
    // The form is shown again with what was typed, to send later.
    expect(page.body).toContain('value="https://late-board.example/list"');
    const ru = await t.inject({ method: 'POST', url: '/partners/monitoring', headers: form, payload });
    expect(ru.body).toContain('Слишком много запросов. Попробуйте позже.');
    const api = await t.inject({
      method: 'POST',
      url: '/api/v1/content/monitoring/',
      payload: { name: 'Late Board', url: 'https://late-board.example/list', email: 'owner@late-board.example' },
    });
    expect(api.statusCode).toBe(429);
    const rows = await t.database.db
      .select()
      .from(monitoringRegistrations)
      .where(eq(monitoringRegistrations.url, 'https://late-board.example/list'));
    expect(rows).toEqual([]);
  });
});
