import './zod-config.ts';
import { z } from 'zod';
import { currentPasswordField, emailField, required } from './auth.ts';
import { fieldIssue } from './fields.ts';
import { isGuessablePassword, repeatsEmail } from '../password-check.ts';

/** Schemas of the account API (/api/v1/users/...), shared by the server routes and the forms. */

const refferalMaxLength = 64;
const passwordLimits = { min: 8, max: 128 } as const;

/**
 * A new password: 8 to 128 characters and none an attacker tries first (`isGuessablePassword`: `12345678`,
 * `password1`, `qwertyui`); no rules of character classes beyond that (length is what resists guessing). Here, not in
 * auth.ts beside the login's fields: the login form's bundle has no use for the list.
 */
const newPasswordField = z
  .string({ error: required })
  .min(1, { error: required, abort: true })
  .min(passwordLimits.min, { error: fieldIssue('field_password_too_short', { min: passwordLimits.min }) })
  .max(passwordLimits.max, { error: fieldIssue('field_too_long', { max: passwordLimits.max }) })
  .refine((v) => !isGuessablePassword(v), { error: fieldIssue('field_password_common') });

/** `password_confirm` is optional for API clients; when a form sends it, it must repeat `password`. */
const passwordConfirm = z.string({ error: fieldIssue('field_password_mismatch') }).optional();

function confirmMatches(value: { password: string; password_confirm?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.password_confirm !== undefined && value.password_confirm !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: fieldIssue('field_password_mismatch') });
  }
}
const invalidBody = { error: fieldIssue('field_invalid_body') };

/** POST /api/v1/users/signup/ */
export const signupSchema = z
  .strictObject(
    {
      email: emailField,
      password: newPasswordField,
      // Kept as given (trimmed); the referral programme resolves it. Empty means none.
      refferal: z
        .string({ error: required })
        .trim()
        .max(refferalMaxLength, { error: fieldIssue('field_too_long', { max: refferalMaxLength }) })
        .nullish()
        .transform((v) => v || null),
      password_confirm: passwordConfirm,
    },
    invalidBody,
  )
  .superRefine(confirmMatches)
  .superRefine((value, ctx) => {
    // The common ones are the field's own check (one message at a time); this one needs the e-mail beside it.
    if (!isGuessablePassword(value.password) && repeatsEmail(value.password, value.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: fieldIssue('field_password_like_email') });
    }
  });
export type SignupInput = z.output<typeof signupSchema>;

/** POST /api/v1/users/me/password/ */
export const passwordChangeSchema = z.object(
  { old_password: currentPasswordField, new_password: newPasswordField },
  invalidBody,
);
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/** POST /api/v1/users/restore/ (the /forget form) */
export const restoreRequestSchema = z.object({ email: emailField }, invalidBody);

/** POST /api/v1/users/restore/{token}/ (the /recover form) */
export const restoreCompleteSchema = z
  .object({ password: newPasswordField, password_confirm: passwordConfirm }, invalidBody)
  .superRefine(confirmMatches);

/** GET /api/v1/users/restore/{token}/ (the /recover page on load): the link can still set a password. */
/**
 * Whether a restore link can still set a password. A used, expired or unknown one is an answer too, not an error (a
 * 400 was logged by the browser as a failed request on every such page): `valid: false` with the message and the
 * code a submit would get.
 */
export const restoreCheckSchema = z.union([
  z.object({ valid: z.literal(true) }),
  z.object({ valid: z.literal(false), detail: z.string(), code: z.literal('restore_invalid') }),
]);

/** The user as the account API answers it: e-mail and whether it is activated. */
export const userSchema = z.object({ email: z.string(), activated: z.boolean() });

/** Answers that only say what happened, in the request's language. */
export const detailSchema = z.object({ detail: z.string() });
