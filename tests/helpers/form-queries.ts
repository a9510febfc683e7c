import { act, fireEvent, screen, within } from '@testing-library/react';

/** The text input labelled `label` (exactly). */
export const inputLabelled = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** What is read with a field (its hint and messages, through aria-describedby), no-break spaces as plain ones. */
export const describedPlain = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s/g, ' ');

/** Types `value` into the input labelled `label` (a change event, as the form reads it on submit). */
export const typeInto = (label: string, value: string) => fireEvent.change(inputLabelled(label), { target: { value } });

/** Presses the button named `name` and lets the submit's request and its answer finish. */
export async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The console frame's question before unsaved edits are dropped (app/components/admin/unsaved-changes.tsx). */
export const unsavedDialog = () => screen.getByTestId('unsaved-dialog') as HTMLDialogElement;

/** Follows the link named `name` and lets the navigation, or the question that stops it, render. */
export async function follow(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name }));
  });
}

/** Answers the unsaved-changes question with its button named `name` ("Остаться", "Leave without saving"). */
export async function answerUnsaved(name: string) {
  await act(async () => {
    fireEvent.click(within(unsavedDialog()).getByRole('button', { name }));
  });
}
