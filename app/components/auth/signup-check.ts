import { catalogueMessage } from '../../../shared/field-issues.ts';
import type { Locale } from '../../../shared/locales.ts';
import { isGuessablePassword, repeatsEmail } from '../../../shared/password-check.ts';

/**
 * The sign-up rules the server adds to the shared auth checks (`useAuthChecks`), run in the browser first with the
 * server's own messages (shared/errors.ts), so a password the server would refuse is refused before it is sent, as
 * the other checks are (docs/product/behaviour.md, "Forms"). Kept out of `useAuthChecks`: the login form (the header's
 * modal) would load the error catalogue for rules it never applies. The server still decides.
 */

/**
 * `emailMaxLength` of shared/schemas/auth.ts and the new password's `passwordLimits.max` of shared/schemas/users.ts
 * (register.test.tsx holds the messages equal to the schema's): those modules would bring zod into the page.
 */
const maxEmailLength = 254;
const maxPasswordLength = 128;

/** A well-formed e-mail the server still refuses: longer than the column holds (counted trimmed, as it counts). */
export function signupEmailIssue(email: string, locale: Locale): string[] | undefined {
  return email.trim().length > maxEmailLength
    ? [catalogueMessage('field_too_long', locale, { max: maxEmailLength })]
    : undefined;
}

/**
 * A password long enough that the server still refuses, one message at a time in the schema's order: too long, one an
 * attacker tries first (shared/password-check.ts), the account's own e-mail. Lengths in UTF-16 units, as zod's.
 */
export function signupPasswordIssue(password: string, email: string, locale: Locale): string[] | undefined {
  if (password.length > maxPasswordLength)
    return [catalogueMessage('field_too_long', locale, { max: maxPasswordLength })];
  if (isGuessablePassword(password)) return [catalogueMessage('field_password_common', locale)];
  if (repeatsEmail(password, email)) return [catalogueMessage('field_password_like_email', locale)];
  return undefined;
}
