// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nContext } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createCatalogueStore } from '../../i18n/catalogue-store.ts';
import { resources } from '../../i18n/resources.ts';
import { ConfirmPaid } from './confirm-paid.tsx';

/**
 * The browser as a new claim's first load leaves it: the store holds the frame's and the claim page's strings only.
 * The step's own strings are the panels' (claimPanels), fetched beside its code (docs/decisions/0028).
 */
describe('the "I have paid" step in the browser', () => {
  it('opens with its texts, never their keys, though a new claim page did not bring them', async () => {
    window.history.replaceState(null, '', '/en/claim/x');
    const store = createCatalogueStore('en', { frame: resources.en.frame, claim: resources.en.claim });
    const value = { i18n: store } as unknown as Parameters<typeof I18nContext.Provider>[0]['value'];
    render(
      <I18nContext.Provider value={value}>
        <MemoryRouter initialEntries={['/en/claim/x']}>
          <ConfirmPaid uuid="07e48773-68da-42d4-b9dc-3e7f66470f53" onPaid={vi.fn()} onRefused={vi.fn()} />
        </MemoryRouter>
      </I18nContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    const step = await screen.findByTestId('confirm-step');
    expect(step.textContent).toContain('Confirm the payment');
    expect(step.textContent).not.toContain('confirmStep.');
    expect(document.activeElement).toBe(screen.getByLabelText('Transaction hash or transfer reference (optional)'));
    expect(screen.getByRole('button', { name: 'Yes, I have paid' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it("leaves its strings and the offer countdown out of the claim page's first-load strings", () => {
    // What a new claim's first load downloads in the page's language (app/i18n/en/claim.ts): ~0.2 KiB less.
    for (const locale of ['ru', 'en'] as const) {
      const claim = resources[locale].claim as unknown as Record<string, Record<string, unknown> | undefined>;
      expect(Object.keys(claim.confirmStep ?? {})).toEqual(['sentTitle', 'sentText', 'sentReference']);
      expect(claim.offerCountdown).toBeUndefined();
      expect(claim.pay).not.toHaveProperty('confirming');
    }
  });
});
