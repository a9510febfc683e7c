import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';

/**
 * Contracts of the console's team page (issue 6 §1): who may use the console. Roles are a column of the account
 * (docs/decisions/0011), so giving access is a role change of an account that already exists.
 */
export const staffRoles = ['operator', 'admin'] as const;
export const accountRoles = ['customer', ...staffRoles] as const;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(staffRoles),
  /** The account followed its activation link: until then it cannot log in. */
  activated: z.boolean(),
  /** Its latest session's last use (a login or a token refresh), or null when it never logged in. */
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ results: z.array(staffMemberSchema) });

export function staffGrantBody(locale: Locale) {
  return z.object(
    {
      email: z
        .string({ error: fieldMessage('field_required', locale) })
        .trim()
        .toLowerCase()
        .min(1, { error: fieldMessage('field_required', locale), abort: true })
        .refine((v) => z.email().safeParse(v).success, { error: fieldMessage('field_invalid_email', locale) }),
      role: z.enum(staffRoles, { error: fieldMessage('field_invalid_choice', locale) }),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export type StaffGrantInput = z.infer<ReturnType<typeof staffGrantBody>>;
export const staffGrantDoc = z.object({ email: z.string(), role: z.enum(staffRoles) });

export function staffRoleBody(locale: Locale) {
  return z.object(
    { role: z.enum(accountRoles, { error: fieldMessage('field_invalid_choice', locale) }) },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export const staffRoleDoc = z.object({
  role: z.enum(accountRoles).describe('`customer` takes the console away; the account stays a customer account'),
});
