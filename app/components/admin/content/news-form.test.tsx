// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { localeFromPath } from '../../../../shared/locales.ts';
import { newsBody, type AdminNewsItem } from '../../../../shared/schemas/admin-content.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import { answerThrough, json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { describedPlain, inputLabelled, press, typeInto } from '../../../../tests/helpers/form-queries.ts';
import { NewsForm } from './news-form.tsx';

/**
 * The publication time is the exchange's wall clock (EXCHANGE_TIME_ZONE, from the root route's data), whatever zone
 * the operator's computer is in: shown so, named by its offset, and sent back so, as the server reads it (newsBody).
 */

const fetchMock = stubFetch();

/** `ui` at `url` under a root route whose data names the exchange's zone, as the console's pages have it. */
async function renderWithZone(url: string, exchangeTimeZone: string, ui: ReactElement) {
  const locale = localeFromPath(url);
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site: { exchangeTimeZone } }),
      HydrateFallback: () => null,
      children: [{ path: url.slice(1), Component: () => ui }],
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
  await screen.findByTestId('news-form');
}

const item: AdminNewsItem = {
  id: 7,
  kind: 'news',
  locale: 'ru',
  slug: 'late-evening',
  title: 'Поздний пост',
  summary: 'Коротко',
  body: 'Текст',
  publishedAt: '2026-12-01T20:30:00.000Z',
};

describe('NewsForm: the publication time on the exchange’s clock', () => {
  it('ru, Moscow: 20:30 UTC is shown as 23:30 on 1 December, named UTC+3; saved untouched it stays that moment', async () => {
    const sent = vi.fn();
    fetchMock.mockImplementation(
      answerThrough(newsBody('Europe/Moscow'), (parsed) => {
        sent(parsed.publishedAt?.toISOString());
        return json(200, { ...item, publishedAt: parsed.publishedAt?.toISOString() });
      }),
    );
    await renderWithZone('/admin/content', 'Europe/Moscow', <NewsForm item={item} onDone={vi.fn()} />);
    const field = inputLabelled('Дата публикации (UTC+3)');
    expect(field.value).toBe('2026-12-01T23:30');
    expect(describedPlain(field)).toContain('По времени биржи.');
    await press('Сохранить');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).publishedAt).toBe('2026-12-01T23:30');
    expect(sent).toHaveBeenCalledWith('2026-12-01T20:30:00.000Z');
  });

  it('en, New York: a summer item in summer time (UTC−4); a winter date typed names winter’s offset', async () => {
    await renderWithZone(
      '/en/admin/content',
      'America/New_York',
      <NewsForm item={{ ...item, locale: 'en', publishedAt: '2026-07-01T03:15:00.000Z' }} onDone={vi.fn()} />,
    );
    // 03:15 UTC on 1 July is 23:15 on 30 June in New York: the exchange's day, not UTC's.
    expect(inputLabelled('Publication date (UTC\u22124)').value).toBe('2026-06-30T23:15');
    expect(describedPlain(inputLabelled('Publication date (UTC\u22124)'))).toContain('In the exchange’s time.');
    await act(async () => {
      typeInto('Publication date (UTC\u22124)', '2026-01-15T12:00');
    });
    expect(inputLabelled('Publication date (UTC\u22125)').value).toBe('2026-01-15T12:00');
  });

  it('a new post starts empty (now), named by the zone’s offset now', async () => {
    await renderWithZone('/admin/content', 'Asia/Kolkata', <NewsForm onDone={vi.fn()} />);
    expect(inputLabelled('Дата публикации (UTC+5:30)').value).toBe('');
  });
});
