// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import RecoverRoute from './recover.tsx';

const fetchMock = stubFetch();

describe('/recover: the link is checked when the page loads', () => {
  it('a used or bogus link says so at once, with the way to a new one, and no password form', async () => {
    const message = 'The password recovery link is invalid or has expired. Please request a new one.';
    fetchMock.mockResolvedValue(json(200, { valid: false, detail: message, code: 'restore_invalid' }));
    renderAt('/en/recover?token=abc', <RecoverRoute />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/en/forget');
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
    expect(screen.queryByText('Choose a new password for your personal account.')).toBeNull();
    // Asked in the page's language, with a read that spends nothing.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/en\/api\/v1\/users\/restore\/abc\/$/);
    expect(init?.method).toBe('GET');
  });

  it('a live link keeps the form; a limit or a lost connection leaves it too, for the submit to explain', async () => {
    for (const answer of [json(200, { valid: true }), json(429, { detail: 'Too many requests.' })]) {
      fetchMock.mockResolvedValueOnce(answer);
      const view = renderAt('/en/recover?token=abc', <RecoverRoute />);
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByLabelText('New password', { selector: 'input' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Request a new link' })).toBeNull();
      view.unmount();
      fetchMock.mockReset();
    }
  });
});
