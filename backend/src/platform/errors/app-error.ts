import { ERRORS, type ErrorCode } from '@rfid/contracts';

/** A failure the client can act on: answered with the code's HTTP status and `{ code, message, details }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? ERRORS[code].en);
    this.status = ERRORS[code].status;
  }
}
