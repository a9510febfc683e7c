// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { localeFromPath } from '../../../../shared/locales.ts';
import type { AdminFaqItem, AdminNewsItem, AdminPage } from '../../../../shared/schemas/admin-content.ts';
import { UnsavedChangesGuard } from '../../../components/admin/unsaved-changes.tsx';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import { stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import Content from './index.tsx';
import Faq from './faq.tsx';

/**
 * An editor closed with its own button ("Edit", "New post") drops what it holds, as a link away would: with unsaved
 * changes it asks first, in the console frame's dialog (app/components/admin/unsaved-changes.tsx), and "Stay" keeps the
 * text; untouched, it closes at once.
 */

stubFetch();

/** A content page at `url` inside the console frame's guard, as the layout renders it (the blocker needs a data router). */
function renderPage(url: string, Page: ComponentType<never>, loaderData: unknown) {
  const locale = localeFromPath(url);
  const Shown = Page as ComponentType<{ loaderData: unknown; params: object; matches: [] }>;
  const Stub = createRoutesStub([
    {
      path: url,
      Component: () => (
        <UnsavedChangesGuard>
          <Shown loaderData={loaderData} params={{}} matches={[]} />
        </UnsavedChangesGuard>
      ),
    },
  ]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

const post: AdminNewsItem = {
  id: 1,
  kind: 'news',
  locale: 'ru',
  slug: 'ton',
  title: 'Добавили Toncoin',
  summary: 'Кратко.',
  body: 'Текст.',
  publishedAt: '2026-11-20T10:00:00.000Z',
};
const aboutPage: AdminPage = {
  slug: 'about',
  title: { ru: 'О нас', en: 'About' },
  description: { ru: 'Описание', en: 'Description' },
  body: { ru: 'Текст', en: 'Text' },
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const question: AdminFaqItem = {
  id: 3,
  position: 1,
  question: { ru: 'Сколько идёт выплата?', en: 'How long does a payout take?' },
  answer: { ru: 'До часа.', en: 'Up to an hour.' },
};
const content = { page: 1, kind: null, count: 1, news: [post], pages: [aboutPage] };

const dialog = () => screen.getByTestId('unsaved-dialog') as HTMLDialogElement;
const type = (field: HTMLElement, value: string) => {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};

describe('an editor’s own toggle asks before it drops unsaved text', () => {
  it('ru, a post: "Остаться" keeps the text, "Закрыть без сохранения" closes; untouched it closes at once', async () => {
    renderPage('/admin/content', Content, content);
    const row = screen.getByTestId('news-item');
    const edit = within(row).getByRole('button', { name: 'Изменить' });

    // Opened and left as it was: nothing to lose, the toggle closes it.
    fireEvent.click(edit);
    expect(within(row).getByTestId('news-form')).toBeTruthy();
    fireEvent.click(edit);
    expect(within(row).queryByTestId('news-form')).toBeNull();
    expect(dialog().open).toBe(false);

    fireEvent.click(edit);
    type(within(row).getByLabelText('Текст (Markdown)'), 'Новый текст, ещё не сохранён.');
    await act(async () => {
      fireEvent.click(edit);
    });
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByRole('heading').textContent).toBe('Закрыть без сохранения?');
    expect(dialog().textContent).toContain('Если закрыть её, они пропадут.');
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Остаться' }));
    });
    expect(dialog().open).toBe(false);
    expect((within(row).getByLabelText('Текст (Markdown)') as HTMLTextAreaElement).value).toBe(
      'Новый текст, ещё не сохранён.',
    );

    await act(async () => {
      fireEvent.click(edit);
    });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Закрыть без сохранения' }));
    });
    expect(dialog().open).toBe(false);
    expect(within(row).queryByTestId('news-form')).toBeNull();
    // Closed, it holds nothing any more: opened again it starts from the saved text, and closes at once.
    fireEvent.click(edit);
    expect((within(row).getByLabelText('Текст (Markdown)') as HTMLTextAreaElement).value).toBe('Текст.');
    fireEvent.click(edit);
    expect(dialog().open).toBe(false);
  });

  it('ru: another editor’s unsaved text does not make this one ask; a new post’s own button asks too', async () => {
    renderPage('/admin/content', Content, content);
    const pageRow = screen.getByTestId('content-page');
    const editPage = within(pageRow).getByRole('button', { name: 'Изменить' });
    fireEvent.click(editPage);
    type(within(pageRow).getAllByRole('textbox')[0]!, 'Другой заголовок');

    const newPost = screen.getByRole('button', { name: 'Новая публикация' });
    fireEvent.click(newPost);
    fireEvent.click(newPost);
    expect(dialog().open).toBe(false);
    fireEvent.click(newPost);
    type(within(screen.getByTestId('news-form')).getByLabelText('Заголовок'), 'Черновик');
    await act(async () => {
      fireEvent.click(newPost);
    });
    expect(dialog().open).toBe(true);
    await act(async () => {
      // Escape is "stay", as for a navigation.
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog().open).toBe(false);

    await act(async () => {
      fireEvent.click(editPage);
    });
    expect(dialog().open).toBe(true);
  });

  it('en, a FAQ question: asks in English', async () => {
    renderPage('/en/admin/faq', Faq, { items: [question] });
    const edit = screen.getByRole('button', { name: 'Edit' });
    fireEvent.click(edit);
    type(screen.getAllByRole('textbox')[0]!, 'How long, really?');
    await act(async () => {
      fireEvent.click(edit);
    });
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByRole('heading').textContent).toBe('Close without saving?');
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Close without saving' }));
    });
    expect(screen.queryByTestId('faq-form')).toBeNull();
  });
});

describe('the news list', () => {
  it('links a Russian post to its page and says an English one is not on the site', async () => {
    const english: AdminNewsItem = { ...post, id: 2, locale: 'en', slug: 'ton-en', title: 'Toncoin added' };
    const { unmount } = renderPage('/admin/content', Content, { ...content, count: 2, news: [post, english] });
    const [ru, en] = await screen.findAllByTestId('news-item');
    expect(within(ru!).getByRole('link', { name: 'Открыть на сайте' }).getAttribute('href')).toBe('/news/ton');
    expect(within(en!).queryByRole('link', { name: 'Открыть на сайте' })).toBeNull();
    expect(within(en!).getByTestId('news-not-on-site').textContent).toBe(
      'Не на сайте: новости выходят только на русском',
    );
    unmount();
  });
});
