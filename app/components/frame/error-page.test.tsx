// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInDataRouter } from '../../../tests/helpers/render-at.tsx';
import { ErrorPage } from './error-page.tsx';

describe('ErrorPage', () => {
  it('a missing page names the address and asks support to hear of a broken link, not of a repeating error', () => {
    renderInDataRouter('/en/no-such-page', <ErrorPage status={404} />);
    expect(screen.getByText('Page not found: /en/no-such-page')).toBeTruthy();
    expect(screen.getByText('If a link on our site led you here, please let support know.')).toBeTruthy();
    expect(screen.queryByText('If the error persists, please contact support.')).toBeNull();
  });

  it('an error says to contact support if it persists, in Russian', () => {
    renderInDataRouter('/rules', <ErrorPage status={500} />);
    expect(screen.getByText('Что-то пошло не так')).toBeTruthy();
    expect(screen.getByText('Если ошибка повторяется, свяжитесь со службой поддержки.')).toBeTruthy();
  });
});
