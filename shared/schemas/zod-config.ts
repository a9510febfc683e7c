import { z } from 'zod';
import { fieldIssue } from '../field-issues.ts';

/**
 * Set once for every schema: each shared schema module imports this first, so the settings hold wherever schemas are
 * used (the server's routes and the browser's forms).
 *
 * - zod 4 probes for `new Function` to compile fast parsers; our CSP has no 'unsafe-eval', so in the browser the probe
 *   is a CSP violation.
 * - An issue a schema gives no message for (a field left out, a value of the wrong type, a body that is not an object)
 *   gets a catalogue code like every other field error, so the caller reads it in their language
 *   (docs/decisions/0013-contracts.md) instead of zod's English default ("Invalid input: expected nonoptional, received
 *   undefined"). A schema's own message still comes first.
 */
z.config({
  jitless: true,
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return fieldIssue('field_required');
      if (issue.expected === 'object') return fieldIssue('field_invalid_body');
    }
    return fieldIssue('field_invalid_value');
  },
});
