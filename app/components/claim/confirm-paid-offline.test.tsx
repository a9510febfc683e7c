// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { ConfirmPaid } from './confirm-paid.tsx';

// The step's module cannot be fetched (the network went away after the page loaded).
vi.mock('./confirm-step.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('ConfirmPaid when its step cannot load', () => {
  it('says the connection failed and keeps the button to try again', async () => {
    renderAt(
      '/en/claim/x',
      <ConfirmPaid uuid="07e48773-68da-42d4-b9dc-3e7f66470f53" onPaid={vi.fn()} onRefused={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No connection to the server. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'I have paid' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByTestId('confirm-step')).toBeNull();
  });
});
