// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../shared/schemas/admin-staff.ts';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import { press } from '../../../tests/helpers/form-queries.ts';
import { renderInDataRouter } from '../../../tests/helpers/render-at.tsx';
import { StaffMemberRow } from './staff-member.tsx';

const fetchMock = stubFetch();

const member: StaffMember = {
  id: 7,
  email: 'colleague@obmen.test',
  role: 'operator',
  activated: true,
  lastSeenAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function renderRow(at: '/admin/staff' | '/en/admin/staff', m: StaffMember = member) {
  renderInDataRouter(
    at,
    <ul>
      <StaffMemberRow m={m} me={1} isAdmin />
    </ul>,
  );
  return screen.getByTestId('staff-member');
}

const gone = {
  ru: 'У этой учётной записи уже нет доступа к консоли: обновите страницу, чтобы увидеть команду как она есть.',
  en: 'This account no longer has console access: reload the page to see the team as it is now.',
};

describe('StaffMemberRow: a role change the server refuses', () => {
  it('ru: a row no longer on the team says so next to the row, and the keyboard goes to the message', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { detail: gone.ru }));
    const row = renderRow('/admin/staff');
    await press('Сделать администратором');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/admin/staff/7/');
    const refusal = within(row).getByTestId('staff-refusal');
    expect(within(refusal).getByRole('alert').textContent).toBe(gone.ru);
    expect(document.activeElement).toBe(refusal);
    expect(within(row).queryByRole('status')).toBeNull();
  });

  it('en: the last admin refused after the question, said next to the row, focus on it', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'This is the last admin: make someone else an admin first.' }));
    const row = renderRow('/en/admin/staff', { ...member, role: 'admin' });
    await press('Take access away');
    // The question's own button takes it away.
    await press('Take access away');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ role: 'customer' });
    const refusal = within(row).getByTestId('staff-refusal');
    expect(refusal.textContent).toBe('This is the last admin: make someone else an admin first.');
    expect(document.activeElement).toBe(refusal);
    // Tab goes on to the row's buttons: they are back.
    expect(within(row).getByRole('button', { name: 'Make operator' })).toBeTruthy();
  });

  it('en: a field refusal (no field on the row) is shown with the rest, not dropped', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { role: ['Not a valid choice.'] }));
    const row = renderRow('/en/admin/staff');
    await press('Make admin');
    const refusal = within(row).getByTestId('staff-refusal');
    expect(refusal.textContent).toBe('Not a valid choice.');
    expect(document.activeElement).toBe(refusal);
  });

  it('ru: a change that went through says so, with no refusal left', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { detail: gone.ru }));
    fetchMock.mockResolvedValueOnce(json(200, { results: [] }));
    const row = renderRow('/admin/staff');
    await press('Сделать администратором');
    await press('Сделать администратором');
    expect(within(row).getByTestId('staff-refusal').textContent).toBe('');
    expect(within(row).getByRole('status').textContent).toBe('Роль изменена.');
  });
});
