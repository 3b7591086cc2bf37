import { ERRORS, type ErrorCode } from '@rfid/contracts';

/**
 * A failure the client can act on: answered with the code's HTTP status and `{ code, message, details }`.
 * `detailsTotal`: `details` lists only the first of that many (an import's row errors).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    readonly detailsTotal?: number,
  ) {
    super(ERRORS[code].en);
    this.status = ERRORS[code].status;
  }
}
