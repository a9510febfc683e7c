import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';
import { takeConsoleErrors } from '../setup/no-console-error.ts';

type Answer = Awaited<ReturnType<TestApp['inject']>>;

/**
 * Pages rendered in one piece (app/entry.server.tsx: the handoff read to its end, renderToString, the bytes sent as
 * they are by server/plugins/ssr.ts): what a streaming render answered for a page that fails, a HEAD, an outage and a
 * cookie-setting visit, each with its status, headers and body.
 */
describe('rendered pages that fail, and answers beside the page', () => {
  let t: TestApp;
  const html = { accept: 'text/html' };
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  /** The answer is the whole error page, its nonce the one the CSP allows. */
  const expectErrorPage = (res: Answer, status: number, title: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!DOCTYPE html><html[^]*<\/html>$/);
    expect(res.body).toContain(`<title>${title}</title>`);
    const nonce = /<script nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  };
  /** What went to the log (console.error without a logger): the page's error through handleError, with its message. */
  const logged = (calls = takeConsoleErrors()) =>
    JSON.stringify(calls.map((args) => args.map((a) => (a instanceof Error ? a.message : a))));
  /**
   * The log's lines since the last look, each render error on one: handleError's. The root error boundary printed a
   * second one as it rendered the error page (React Router's sanitised "Unexpected Server Error", unredacted in a
   * development build).
   */
  const loggedOnce = (errors: number) => {
    const calls = takeConsoleErrors();
    expect(calls.map((args) => args[0])).toEqual(Array.from({ length: errors }, () => 'page: unexpected error'));
    return logged(calls);
  };

  it('a component that throws while rendering answers the error page with a 500, the error logged', async () => {
    const page = t.services.content.page;
    // Data the page's header cannot render: an object where its lead text goes.
    t.services.content.page = async (slug, locale) => {
      const found = await page.call(t.services.content, slug, locale);
      return found && { ...found, description: { not: 'text' } as unknown as string };
    };
    try {
      expectErrorPage(await t.inject({ url: '/en/rules?throws=1', headers: html }), 500, '500 Something went wrong');
    } finally {
      t.services.content.page = page;
    }
    expect(loggedOnce(1)).toContain('Objects are not valid as a React child');
  });

  it('a component that throws inside a Suspense boundary (the calculator) does too, and is not kept', async () => {
    const directions = t.services.calculator.directions;
    // Currencies whose names the calculator's form cannot render; the form is inside its island's Suspense boundary,
    // where renderToString answered its fallback with a 200 and logged nothing.
    t.services.calculator.directions = async (locale) => {
      const list = await directions.call(t.services.calculator, locale);
      return { ...list, results: list.results.map((c) => ({ ...c, name: { not: 'text' } as unknown as string })) };
    };
    try {
      for (const url of ['/en', '/en']) {
        const res = await t.inject({ url, headers: html });
        expectErrorPage(res, 500, '500 Something went wrong');
        expect(res.body).not.toContain('<!--$!-->');
      }
    } finally {
      t.services.calculator.directions = directions;
    }
    // One line for each of the two requests.
    expect(loggedOnce(2)).toContain('Objects are not valid as a React child');
    // The failed render was not kept by the page cache: the next visitor gets the calculator.
    const home = await t.inject({ url: '/en', headers: html });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('exchange-island');
    expect(home.body).not.toContain('<!--$!-->');
  });

  it('answers the outage page (503, Retry-After) when a loader or the render meets the database away', async () => {
    const page = t.services.content.page;
    const away = new Error('Connection terminated unexpectedly');
    // Through the services (a thrown 503) and past them (a thenable the outage-aware services do not see: the render
    // is then thrown a 503 and React Router renders the page again, with a second handoff).
    const failures = [
      async () => Promise.reject(away),
      () => ({ then: (_ok: unknown, fail: (e: unknown) => void) => fail(away) }),
    ] as unknown as (typeof page)[];
    for (const [i, failing] of failures.entries()) {
      t.services.content.page = failing;
      try {
        const res = await t.inject({ url: `/en/rules?down=${i}`, headers: html });
        expectErrorPage(res, 503, '503 we will be back shortly');
        expect(res.headers['retry-after']).toBe('5');
      } finally {
        t.services.content.page = page;
      }
      expect(logged()).toContain('Connection terminated unexpectedly');
    }
  });

  it('HEAD answers a page’s, a 404’s and a redirect’s status and headers without a body', async () => {
    for (const [url, status] of [
      ['/en/rules?head=1', 200],
      ['/en/no/such/page?head=1', 404],
      ['/account?head=1', 302],
    ] as const) {
      // HEAD first: rendered, not taken from the copy the page cache keeps of the GET.
      const head = await t.inject({ method: 'HEAD', url, headers: html });
      const get = await t.inject({ url, headers: html });
      expect([get.statusCode, head.statusCode], url).toEqual([status, status]);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'location', 'cache-control', 'x-frame-options']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
      if (status !== 302) expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect((await t.inject({ method: 'HEAD', url: '/account', headers: html })).headers.location).toBe(
      '/login?next=%2Faccount',
    );
  });

  it('a referral visit’s rendered page sets both its cookies, with the page and its nonce', async () => {
    for (const url of ['/en/rules?ref=ABCDEF12', '/partners?ref=ABCDEF12']) {
      const res = await t.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.cookies.map((c) => c.name).sort(), url).toEqual(['did', 'ref']);
      expect(res.cookies.find((c) => c.name === 'ref')?.value).toBe('ABCDEF12');
      expect(res.body).toMatch(/^<!DOCTYPE html><html[^]*<\/html>$/);
      const nonce = /<script nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });
});
