import { errorCatalogue, type ErrorCode } from '../shared/errors.ts';

/** An error the API answers as it is: status and message come from the catalogue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** DRF field errors `{field: [message]}`, already localised. */
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, opts: { fields?: Record<string, string[]>; cause?: unknown } = {}) {
    super(errorCatalogue[code].log, { cause: opts.cause });
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = opts.fields;
  }
}
