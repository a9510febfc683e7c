import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { currentPasswordField, emailField, newPasswordField } from './auth.ts';
import { fieldMessage } from './fields.ts';

/** Schemas of the account API (/api/v1/users/...), shared by the server routes and the forms. */

export const refferalMaxLength = 64;

/** `password_confirm` is optional for API clients; when a form sends it, it must repeat `password`. */
function passwordConfirm(locale: Locale) {
  return z.string({ error: fieldMessage('field_password_mismatch', locale) }).optional();
}

function confirmMatches(locale: Locale) {
  return (value: { password: string; password_confirm?: string | undefined }, ctx: z.RefinementCtx) => {
    if (value.password_confirm !== undefined && value.password_confirm !== value.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirm'],
        message: fieldMessage('field_password_mismatch', locale),
      });
    }
  };
}

/** POST /api/v1/users/signup/ */
export function signupSchema(locale: Locale) {
  return z
    .object(
      {
        email: emailField(locale),
        password: newPasswordField(locale),
        // Kept as given (trimmed); the referral programme resolves it. Empty means none.
        refferal: z
          .string({ error: fieldMessage('field_required', locale) })
          .trim()
          .max(refferalMaxLength, { error: fieldMessage('field_too_long', locale, { max: refferalMaxLength }) })
          .nullish()
          .transform((v) => v || null),
        password_confirm: passwordConfirm(locale),
      },
      { error: fieldMessage('field_invalid_body', locale) },
    )
    .superRefine(confirmMatches(locale));
}
export type SignupInput = z.output<ReturnType<typeof signupSchema>>;

/** POST /api/v1/users/me/password/ */
export function passwordChangeSchema(locale: Locale) {
  return z.object(
    { old_password: currentPasswordField(locale), new_password: newPasswordField(locale) },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export type PasswordChangeInput = z.output<ReturnType<typeof passwordChangeSchema>>;

/** POST /api/v1/users/restore/ (the /forget form) */
export function restoreRequestSchema(locale: Locale) {
  return z.object({ email: emailField(locale) }, { error: fieldMessage('field_invalid_body', locale) });
}

/** POST /api/v1/users/restore/{token}/ (the /recover form) */
export function restoreCompleteSchema(locale: Locale) {
  return z
    .object(
      { password: newPasswordField(locale), password_confirm: passwordConfirm(locale) },
      { error: fieldMessage('field_invalid_body', locale) },
    )
    .superRefine(confirmMatches(locale));
}

/** SPEC §3 "User: email, activated". */
export const userSchema = z.object({ email: z.string(), activated: z.boolean() });
export type User = z.infer<typeof userSchema>;

/** Answers that only say what happened, in the request's language. */
export const detailSchema = z.object({ detail: z.string() });
