// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '../../../../shared/schemas/admin-content.ts';
import { json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { press } from '../../../../tests/helpers/form-queries.ts';
import { renderInDataRouter } from '../../../../tests/helpers/render-at.tsx';
import { PageForm } from './page-form.tsx';

const fetchMock = stubFetch();

const page: AdminPage = {
  slug: 'rules',
  title: { ru: 'Правила', en: 'Rules' },
  description: { ru: '', en: '' },
  body: { ru: 'Текст', en: 'Text' },
  updatedAt: '2026-03-01T00:00:00.000Z',
};

/** The title field of the language tab on screen (both tabs' fields are in the form, one hidden). */
const shownTitle = () =>
  screen.getAllByLabelText('Title', { selector: 'input' }).find((f) => !f.closest('[hidden]')) as HTMLInputElement;

describe('PageForm: a refused save', () => {
  it('en: both languages refused, the English tab open: the keyboard goes to its field, not the hidden Russian one', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        'title.ru': ['This field may not be blank.'],
        'title.en': ['Ensure this field has no more than 200 characters.'],
      }),
    );
    renderInDataRouter('/en/admin/content', <PageForm page={page} onDone={vi.fn()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    });
    await press('Save');
    expect(screen.getByRole('tab', { name: /English/ }).getAttribute('aria-selected')).toBe('true');
    expect(shownTitle().name).toBe('title.en');
    expect(shownTitle().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(shownTitle());
  });

  it('ru: only the English text refused, the Russian tab open: the form opens the English tab, its field focused', async () => {
    fetchMock.mockResolvedValue(json(400, { 'body.en': ['Не более 20000 символов.'] }));
    renderInDataRouter('/admin/content', <PageForm page={page} onDone={vi.fn()} />);
    await press('Сохранить');
    const body = document.querySelector<HTMLTextAreaElement>('[name="body.en"]')!;
    expect(body.closest('[hidden]')).toBeNull();
    expect(document.activeElement).toBe(body);
  });
});
