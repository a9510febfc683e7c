// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../tests/helpers/render-at.tsx';
import NotificationModal from './notification-modal.tsx';

afterEach(cleanup);

describe('NotificationModal', () => {
  it('shows title, subtitle and the catalogue message as HTML, and closes on Escape', () => {
    const onOpenChange = vi.fn();
    renderAt(
      '/en',
      <NotificationModal
        isOpen
        onOpenChange={onOpenChange}
        title="Payment"
        subtitle="Order 42"
        message="paymentExpired"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Payment' });
    expect(dialog.textContent).toContain('Order 42');
    expect(dialog.querySelector('strong')?.textContent).toBe('create a new order');
    expect(dialog.textContent).toContain(
      'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('can hide its close button', () => {
    renderAt('/', <NotificationModal isOpen onOpenChange={() => {}} title="Готово" message="activated" hideClose />);
    expect(screen.getByRole('dialog', { name: 'Готово' }).textContent).toContain('Аккаунт успешно активирован');
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
  });
});
