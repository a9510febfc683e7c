import type { FieldErrors } from '../../../../shared/field-issues.ts';
import { AppError } from '../../../errors.ts';

/** What the currencies and the directions services both need to edit their rows. */

/** The next position: new rows go to the end of their list. */
export const nextPosition = (rows: { position: number }[]) => Math.max(-1, ...rows.map((r) => r.position)) + 1;

/** The fields a partial change gives (left-out ones stay as they are; null is a value: it clears). */
export const given = <T extends object>(patch: T) =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Field errors as catalogue codes (shared/field-issues.ts): the error plugin answers them in the caller's language. */
export const invalid = (fields: FieldErrors) => new AppError('validation', { fields });
