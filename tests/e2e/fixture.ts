import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { describe, test as base } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * End-to-end fixture (docs/testing.md): per test file, the real app (built site, SSR on) on a fresh seeded database,
 * listening on 127.0.0.1, and one headless Chromium; per test, a fresh context and page. A test fails on any console
 * error, uncaught page error or CSP violation in its pages unless it allowed that message with `problems.allow()`.
 */

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const hasBrowser = existsSync(chromePath);

if (!hasBrowser) {
  console.warn(
    `\n!!! NO BROWSER at ${chromePath}: the end-to-end journeys are SKIPPED. Install Debian's chromium or set CHROME_PATH.\n`,
  );
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const phone = { width: 390, height: 844 } as const;
export const desktop = { width: 1280, height: 800 } as const;

export interface Site {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  app: TestApp;
}

export interface Problems {
  /** What went wrong in the pages so far: console errors, page errors, CSP violations. */
  readonly list: string[];
  /** Accept messages matching `pattern` (e.g. the console error Chromium logs for a page that answers 404). */
  allow(pattern: RegExp): void;
}

/** A port nothing listens on now (the site must know its address before it listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let extraEnv: Record<string, string> = {};

/**
 * Configuration for this file's site, on top of the test defaults: call it at the top of an e2e file, before any
 * test starts the site (each file gets its own site). E.g. the rates journey points RATES_*_URL at local fixtures.
 */
export function siteEnv(env: Record<string, string>) {
  extraEnv = env;
}

async function startSite(): Promise<Site> {
  // The server knows its public address (links, Origin checks): pick the port first.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await build({ seed: true, ssr: true, env: { ...extraEnv, PUBLIC_URL: url } });
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
  } catch (e) {
    await app.close();
    throw e;
  }
  return { url, app };
}

const clip = (s: string) => (s.length > 1500 ? `${s.slice(0, 1500)}...` : s);

function track(page: Page, list: string[]) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // "Failed to load resource" names no resource in its text: add the one from its location.
    const where = msg.location().url;
    const resource = where && where !== page.url() ? ` [${where}]` : '';
    list.push(`console.error on ${page.url()}: ${clip(msg.text())}${resource}`);
  });
  page.on('pageerror', (err) => list.push(`uncaught error on ${page.url()}: ${clip(err.stack ?? err.message)}`));
}

/** CSP violations are reported to the console too; this makes them explicit, with the directive and the source. */
const cspListener = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

type PageOptions = BrowserContextOptions;

export const test = base.extend<{
  $test: {
    problems: Problems;
    /** A new context and page (closed after the test), tracked for problems. */
    newPage: (options?: PageOptions) => Promise<Page>;
    /** A desktop page (1280x800) in its own context. */
    page: Page;
  };
  $file: { site: Site; browser: Browser };
}>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const site = await startSite();
      try {
        await provide(site);
      } finally {
        await site.app.close();
      }
    },
    { scope: 'file' },
  ],
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const browser = await chromium.launch({
        executablePath: chromePath,
        headless: true,
        args: chromiumArgs,
      });
      try {
        await provide(browser);
      } finally {
        await browser.close();
      }
    },
    { scope: 'file' },
  ],
  // eslint-disable-next-line no-empty-pattern
  problems: async ({}, provide) => {
    const list: string[] = [];
    const allowed: RegExp[] = [];
    await provide({ list, allow: (p) => allowed.push(p) });
    const left = list.filter((m) => !allowed.some((p) => p.test(m)));
    if (left.length) throw new Error(`The page reported ${left.length} problem(s):\n${left.join('\n')}`);
  },
  newPage: async ({ browser, site, problems }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options: PageOptions = {}) => {
      const context = await browser.newContext({ baseURL: site.url, viewport: desktop, ...options });
      contexts.push(context);
      await context.addInitScript(cspListener);
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      track(page, problems.list);
      return page;
    });
    for (const c of contexts) await c.close();
  },
  page: async ({ newPage }, provide) => {
    await provide(await newPage());
  },
});

/** `describe` for e2e files: skipped (loudly, above) when there is no browser. */
export const describeE2E = hasBrowser ? describe : describe.skip;

export { expect } from 'vitest';
