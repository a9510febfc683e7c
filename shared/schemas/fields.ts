import './zod-config.ts';
import type { z } from 'zod';
import { fieldIssue, type FieldErrors } from '../field-issues.ts';

export { fieldIssue, type FieldErrors } from '../field-issues.ts';

/**
 * A zod error as DRF field errors `{"field": ["code"]}`, still as catalogue codes: the API's error plugin and the
 * forms translate them (`translateFieldErrors`, docs/decisions/0013-contracts.md).
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    const list = (out[key] ??= []);
    // One message per field is enough to fix it; zod may report the same problem twice (e.g. min and format).
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/**
 * A text field that refuses what `unfit` finds (characters the database or the field cannot hold) with
 * `field_invalid_text`, and stops there: no second message about the same value.
 */
export const refusingText = <T extends z.ZodType<string>>(text: T, unfit: (value: string) => boolean) =>
  text.refine((value) => !unfit(value), { error: fieldIssue('field_invalid_text'), abort: true });
