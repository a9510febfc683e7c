// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { paths } from '../../shared/paths.ts';
import { renderAt } from '../../tests/helpers/render-at.tsx';
import { Breadcrumb } from './breadcrumb.tsx';

afterEach(cleanup);

describe('Breadcrumb', () => {
  it('starts at Home, localizes item links and ends with the current title', () => {
    renderAt('/en/news/x', <Breadcrumb items={[{ label: 'News', to: paths.news }]} title="Rates update" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/en'],
      ['News', '/en/news'],
    ]);
    const current = within(nav).getByText('Rates update');
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('works with no items and no title', () => {
    renderAt('/', <Breadcrumb />);
    expect(
      within(screen.getByRole('navigation', { name: 'Навигационная цепочка' })).getByRole('link').textContent,
    ).toBe('Главная');
  });
});
