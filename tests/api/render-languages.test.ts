import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../app/i18n/resources.ts';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * The server renders with one i18next per language, made once and shared by every request (docs/decisions/0027):
 * pages of both languages rendered at the same time must each come out entirely in their own language, exactly as
 * when rendered alone.
 */

const urls = ['/', '/en', '/rules', '/en/rules', '/faq', '/en/faq'];

/** The page without what differs per request by design: the CSP nonce. */
const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** What a reader sees: the markup's text without the stylesheet, the scripts (the data) and the tags. */
const visibleText = (html: string) =>
  html
    .replace(/<style>[^]*?<\/style>/g, ' ')
    .replace(/<script[^>]*>[^]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ');

describe('pages rendered at once in both languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('each come out in their own language, the same as rendered alone', async () => {
    const alone = new Map<string, string>();
    for (const url of urls) {
      const res = await t.inject(url);
      expect(res.statusCode, url).toBe(200);
      alone.set(url, comparable(res.body));
    }

    // Six rounds of every page at once, the languages interleaved.
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => urls)
        .flat()
        .map(async (url) => ({ url, res: await t.inject(url) })),
    );

    for (const { url, res } of pages) {
      expect(res.statusCode, url).toBe(200);
      expect(comparable(res.body), url).toBe(alone.get(url));
      const en = url.startsWith('/en');
      const text = visibleText(res.body);
      expect(res.body, url).toMatch(en ? /^<!DOCTYPE html><html lang="en-US">/ : /^<!DOCTYPE html><html lang="ru-RU">/);
      expect(text, url).toContain(resources[en ? 'en' : 'ru'].frame.skipToContent);
      expect(text, url).not.toContain(resources[en ? 'ru' : 'en'].frame.skipToContent);
      // The demo data has English texts for every English page: not one Cyrillic letter shows.
      if (en) expect(text.match(/[А-Яа-яЁё]+/g), url).toBeNull();
    }
  });
});
