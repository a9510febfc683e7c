import { useId, type ReactNode } from 'react';
import { translateIssue } from '../../../shared/field-issues.ts';
import { useLocale } from '../../lib/locale.ts';
import { ErrorList } from '../exchange/form-parts.tsx';

/**
 * What a console list's address asked for and the list left out (`refused` of readListQuery,
 * app/components/account/list-query.ts), said under its filter row in the page's language, each with its field's name
 * ("Status: Invalid value."): under the row, not under each field, since the row's controls line up at their bottom
 * edge. `labels` names the filter's fields; a refused page number is not among them (the list shows its first page,
 * which the pagination says). `invalid(name)` marks a refused field and ties it to the notice.
 */
export function useLeftOut(
  refused: Record<string, string>,
  labels: Record<string, string>,
): { notice: ReactNode; invalid: (name: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string } } {
  const locale = useLocale();
  const id = useId();
  const messages = Object.entries(refused)
    .filter(([name]) => name in labels)
    .map(([name, issue]) => `${labels[name]}: ${translateIssue(issue, locale)}`);
  return {
    notice: messages.length > 0 ? <ErrorList id={id} messages={messages} /> : null,
    invalid: (name) => (name in refused ? { 'aria-invalid': true, 'aria-describedby': id } : {}),
  };
}
