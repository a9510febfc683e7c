import './zod-config.ts';
import { z } from 'zod';
import { asciiEmail, fieldIssue, isEmail } from './fields.ts';

/**
 * Contracts of the console's team page (issue 6 §1): who may use the console. Roles are a column of the account
 * (docs/decisions/0011), so giving access is a role change of an account that already exists.
 */
export const staffRoles = ['operator', 'admin'] as const;
const accountRoles = ['customer', ...staffRoles] as const;

const staffMemberSchema = z.object({
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

const invalidBody = { error: fieldIssue('field_invalid_body') };

/** POST /api/v1/admin/staff/: the e-mail of an account that already signed up, and the console role it gets. */
export const staffGrantBody = z.object(
  {
    email: z
      .string({ error: fieldIssue('field_required') })
      .trim()
      .toLowerCase()
      .min(1, { error: fieldIssue('field_required'), abort: true })
      .refine(isEmail, { error: fieldIssue('field_invalid_email') })
      .transform(asciiEmail),
    role: z.enum(staffRoles, { error: fieldIssue('field_invalid_choice') }),
  },
  invalidBody,
);
export type StaffGrantInput = z.infer<typeof staffGrantBody>;

/** PUT /api/v1/admin/staff/{id}/ */
export const staffRoleBody = z.object(
  {
    role: z
      .enum(accountRoles, { error: fieldIssue('field_invalid_choice') })
      .describe('`customer` takes the console away; the account stays a customer account'),
  },
  invalidBody,
);
