// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, useLoaderData } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { localeFromPath } from '../../../shared/locales.ts';
import type { StaffMember } from '../../../shared/schemas/admin-staff.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import StaffPage from '../../routes/admin/staff.tsx';
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
      <StaffMemberRow m={m} me={1} isAdmin onReload={() => Promise.resolve()} />
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
    // Tab goes on to the row's buttons: they are back, and the member is still on the team, so nothing to reload.
    expect(within(row).getByRole('button', { name: 'Make operator' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Reload' })).toBeNull();
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

/**
 * The team page as the router renders it, its loader answering `teams` one after another (the first load, then each
 * revalidation); the signed-in admin is account 1.
 */
function renderTeam(at: '/admin/staff' | '/en/admin/staff', ...teams: StaffMember[][]) {
  const loader = vi.fn(() => ({
    members: teams[Math.min(loader.mock.calls.length - 1, teams.length - 1)]!,
    me: 1,
    isAdmin: true,
  }));
  const Page = StaffPage as unknown as (props: { loaderData: unknown; params: object; matches: [] }) => null;
  const Stub = createRoutesStub([
    {
      path: at,
      loader,
      HydrateFallback: () => null,
      Component: () => <Page loaderData={useLoaderData()} params={{}} matches={[]} />,
    },
  ]);
  const locale = localeFromPath(at);
  render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[at]} />
    </I18nextProvider>,
  );
  return loader;
}

const rowOf = (email: string) =>
  screen.getAllByTestId('staff-member').find((row) => row.dataset.email === email) ?? null;

const other: StaffMember = { ...member, id: 8, email: 'other@obmen.test' };

describe('the team page: a row taken off the team meanwhile offers a reload', () => {
  it('ru: «Обновить» re-reads the team in place: the row goes, the keyboard goes to the list heading', async () => {
    const loader = renderTeam('/admin/staff', [member, other], [other]);
    await screen.findByText(member.email);
    fetchMock.mockResolvedValueOnce(json(404, { detail: gone.ru, code: 'staff_not_member' }));
    const row = rowOf(member.email)!;
    await act(async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Сделать администратором' }));
    });
    expect(within(row).getByTestId('staff-refusal').textContent).toBe(gone.ru);
    // No role applies to it any more: the reload is all the row offers, right after its message.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Обновить']);
    await press('Обновить');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(rowOf(member.email)).toBeNull();
    expect(rowOf(other.email)).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Участники команды' }));
    // Revalidated in place: the only request was the refused change.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('en: a member given the console again meanwhile stays, its buttons back and the old refusal gone', async () => {
    renderTeam('/en/admin/staff', [member], [{ ...member, role: 'admin' }]);
    await screen.findByText(member.email);
    fetchMock.mockResolvedValueOnce(json(404, { detail: gone.en, code: 'staff_not_member' }));
    await press('Make admin');
    await press('Reload');
    const row = rowOf(member.email)!;
    expect(within(row).getByTestId('staff-refusal').textContent).toBe('');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make operator', 'Take access away']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Team members' }));
  });
});
