// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import { PasswordForm } from './password-form.tsx';

const fetchMock = stubFetch();

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('PasswordForm', () => {
  it('after a change the focus is on the success message, not lost to the page, and the fields start empty', async () => {
    fetchMock.mockResolvedValue(json(200, { detail: 'Пароль изменён. На других устройствах выполнен выход.' }));
    renderAt('/account/settings', <PasswordForm />);
    fireEvent.change(field('Текущий пароль'), { target: { value: 'old password' } });
    fireEvent.change(field('Новый пароль'), { target: { value: 'brand new password' } });
    fireEvent.change(field('Повторите новый пароль'), { target: { value: 'brand new password' } });
    const button = screen.getByRole('button', { name: 'Сменить пароль' });
    button.focus();
    await act(async () => fireEvent.submit(button.closest('form')!));
    const message = await screen.findByText(/^Пароль изменён/);
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(message.closest('[role="status"]')).toBeTruthy();
    expect(field('Новый пароль').value).toBe('');
  });
});
