import { act, fireEvent, screen } from '@testing-library/react';

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
