// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { contestBannerCookie, readCookie } from '../../lib/cookies.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { ContestBanner } from './contest-banner.tsx';

afterEach(cleanup);

describe('ContestBanner', () => {
  it('links to the contest page with the spec text, in each locale', () => {
    renderAt('/en/faq', <ContestBanner />);
    const link = screen.getByRole('link', { name: 'Leave a comment — participate in the competition!' });
    expect(link.getAttribute('href')).toBe('/en/concurs');
    cleanup();
    renderAt('/', <ContestBanner />);
    expect(
      screen.getByRole('link', { name: 'Оставьте комментарий — участвуйте в конкурсе!' }).getAttribute('href'),
    ).toBe('/concurs');
  });

  it('hides on close and remembers it in the cookie the root loader reads', () => {
    renderAt('/en', <ContestBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the contest announcement' }));
    expect(screen.queryByTestId('contest-banner')).toBeNull();
    expect(readCookie(document.cookie, contestBannerCookie.name)).toBe(contestBannerCookie.value);
  });
});

describe('readCookie', () => {
  it('finds one cookie among others and decodes it', () => {
    expect(readCookie('a=1; contest_banner=dismissed; b=x%20y', 'contest_banner')).toBe('dismissed');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('xcontest_banner=1', 'contest_banner')).toBeNull();
    expect(readCookie(null, 'a')).toBeNull();
  });
});
