import { errorCatalogue, type ErrorCode } from '../shared/errors.ts';
import type { FieldErrors } from '../shared/field-issues.ts';

interface AppErrorOptions {
  /** DRF field errors `{field: [code]}`: catalogue codes (shared/field-issues.ts), translated by the error plugin. */
  fields?: FieldErrors;
  /** More members of the `{detail, code}` answer (a `rate_changed` answer carries the new figures). */
  extra?: Record<string, unknown>;
  /** A detail that is not the catalogue's text (the operator's own maintenance message). */
  detail?: string;
  cause?: unknown;
}

/** An error the API answers as it is: status and message come from the catalogue (docs/decisions/0013-contracts.md). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, opts: AppErrorOptions = {}) {
    super(errorCatalogue[code].log, { cause: opts.cause });
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = opts.fields;
    this.extra = opts.extra;
    this.detail = opts.detail;
  }
}
