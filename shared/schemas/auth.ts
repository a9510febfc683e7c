import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';

/** Schemas of the session API (/front-api/auth/...), shared by the server routes and the login form. */

export const passwordLimits = { min: 8, max: 128 } as const;
export const emailMaxLength = 254;

/** An e-mail as the forms send it: trimmed and lower-cased (SPEC §3: the login e-mail is lower-cased). */
export function emailField(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(emailMaxLength, { error: fieldMessage('field_too_long', locale, { max: emailMaxLength }) })
    .regex(z.regexes.email, { error: fieldMessage('field_invalid_email', locale) })
    .transform((v) => v.toLowerCase());
}

/** A new password: 8 to 128 characters, nothing else imposed (length is what resists guessing). */
export function newPasswordField(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(passwordLimits.min, { error: fieldMessage('field_password_too_short', locale, { min: passwordLimits.min }) })
    .max(passwordLimits.max, { error: fieldMessage('field_too_long', locale, { max: passwordLimits.max }) });
}

/** A password being checked (login, old password): only required; the length cap bounds the hashing work. */
export function currentPasswordField(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .max(1024, { error: fieldMessage('field_too_long', locale, { max: 1024 }) });
}

/** POST /front-api/auth/login/ */
export function loginSchema(locale: Locale) {
  return z.object(
    {
      email: emailField(locale),
      password: currentPasswordField(locale),
      remember: z
        .boolean({ error: fieldMessage('field_invalid_choice', locale) })
        .optional()
        .default(false),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export type LoginInput = z.output<ReturnType<typeof loginSchema>>;

/** The answer of login and refresh: a short-lived access token for `Authorization: Bearer`. */
export const accessTokenSchema = z.object({ access: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The name of the httpOnly cookie holding the refresh token (DESIGN §7). */
export const refreshCookieName = 'refreshToken';
