import './zod-config.ts';
import { z } from 'zod';
import { asciiEmail, fieldIssue, isEmail } from './fields.ts';
import { captchaCheckSchema } from './exchange.ts';

/**
 * Schemas of the session API (/front-api/auth/...), shared by the server routes and the login form. Messages are
 * catalogue codes, translated at the edge (docs/decisions/0013-contracts.md).
 */

const emailMaxLength = 254;
/** An ALTCHA payload is well under 1 KiB; the cap bounds what gets decoded. */
const captchaMaxLength = 4096;
/** The one "required" message of the account and session forms. */
export const required = fieldIssue('field_required');

/** An e-mail as the forms send it: trimmed and lower-cased (the login e-mail is compared lower-cased). */
export const emailField = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .max(emailMaxLength, { error: fieldIssue('field_too_long', { max: emailMaxLength }) })
  .refine(isEmail, { error: fieldIssue('field_invalid_email') })
  .transform((v) => asciiEmail(v).toLowerCase());

/** A password being checked (login, old password): only required; the length cap bounds the hashing work. */
export const currentPasswordField = z
  .string({ error: required })
  .min(1, { error: required, abort: true })
  .max(1024, { error: fieldIssue('field_too_long', { max: 1024 }) });

/** POST /front-api/auth/login/ */
export const loginSchema = z.object(
  {
    email: emailField,
    password: currentPasswordField,
    remember: z
      .boolean({ error: fieldIssue('field_invalid_choice') })
      .optional()
      .default(false),
    /**
     * The solved captcha (the ALTCHA widget's payload, base64 JSON), needed once an account has had several failed
     * logins (docs/auth.md); ignored otherwise.
     */
    captcha: z
      .string({ error: fieldIssue('captcha_invalid') })
      .max(captchaMaxLength, { error: fieldIssue('field_too_long', { max: captchaMaxLength }) })
      .optional(),
  },
  { error: fieldIssue('field_invalid_body') },
);

/**
 * A login refused for want of a solved captcha: the field error on `captcha`, and what the form needs to show the
 * widget (the same shape as GET /api/v1/claim/captchacheck).
 */
export const loginCaptchaNeededSchema = z.object({
  captcha: z.array(z.string()),
  captchaCheck: captchaCheckSchema,
});
export type LoginCaptchaNeeded = z.infer<typeof loginCaptchaNeededSchema>;

/** The answer of login and refresh: a short-lived access token for `Authorization: Bearer`. */
export const accessTokenSchema = z.object({ access: z.string() });

/**
 * The answer of login: the access token and the account's role, so that the page knows where the account lands
 * (`landingPath`: an operator's work is the console, a customer's the account area).
 */
export const loginAnswerSchema = accessTokenSchema.extend({ role: z.enum(['customer', 'operator', 'admin']) });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The name of the httpOnly cookie holding the refresh token (docs/decisions/0007-auth-sessions.md). */
export const refreshCookieName = 'refreshToken';
