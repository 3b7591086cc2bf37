import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ERRORS, issueErrorCode, ruleMessage, type ErrorBody, type ErrorCode, type FieldError } from '@rfid/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { z, ZodError } from 'zod';
import { AppError } from '../errors/app-error.js';
import { constraintErrorCode } from '../errors/constraint-errors.js';
import { isDatabaseUnavailable } from '../database/database-faults.js';
import { uploadLimitOf } from './file-upload.js';
import { languageOfHeader } from './language.js';
import { currentContext } from '../context/action-context.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONCURRENCY_CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_ATTEMPTS',
};

/** zod's own wording of a broken rule, in Vietnamese. */
const VIETNAMESE_ISSUES = z.locales.vi();

/** Each broken rule; a rule with its own error code (contracts' codedRule) names it, with its message in `lang`. */
export function fieldErrors(err: ZodError, lang: 'vi' | 'en' = 'en'): FieldError[] {
  return err.issues.map((issue) => {
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : 'format' in issue ? issue.format : undefined;
    const code = issueErrorCode(issue);
    return {
      field: issue.path.join('.') || '(body)',
      rule: issue.code,
      ...(limit !== undefined ? { limit: typeof limit === 'bigint' ? Number(limit) : limit } : {}),
      // the pattern of a text rule, by which a form names the rule (contracts' TEXT_PATTERNS)
      ...(issue.code === 'invalid_format' && issue.format === 'regex' ? { pattern: issue.pattern } : {}),
      ...(code ? { code } : {}),
      // a rule without a code of its own: its words in both languages, else zod's wording in Vietnamese
      message: code ? ERRORS[code][lang] : (ruleMessage(issue, lang) ?? (lang === 'vi' ? (VIETNAMESE_ISSUES.localeError(issue as never) as string) : issue.message)),
    };
  });
}

/** The code of a validation error: the first broken rule that has its own (a blank name is NAME_MUST_BE_NOT_BLANK), else BAD_REQUEST_ERROR. */
function validationCode(err: ZodError): ErrorCode {
  for (const issue of err.issues) {
    const code = issueErrorCode(issue);
    if (code) return code;
  }
  return 'BAD_REQUEST_ERROR';
}

export function languageOf(req: Request | undefined): 'vi' | 'en' {
  return languageOfHeader(req?.headers?.['accept-language']);
}

/** multer's refusal of a file above the route's limit (Nest wraps it in a 413 with multer's error as the cause). */
function isFileTooLarge(err: unknown): err is HttpException {
  return err instanceof HttpException && (err.cause as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE';
}

function fileTooLargeMessage(lang: 'vi' | 'en', maxBytes: number | undefined): string {
  if (maxBytes === undefined) return ERRORS.PAYLOAD_TOO_LARGE[lang];
  const mb = Number((maxBytes / (1024 * 1024)).toFixed(1));
  return lang === 'vi'
    ? `Tệp quá lớn: chỉ nhận tệp tối đa ${mb} MB`
    : `The file is too large: files of at most ${mb} MB are accepted`;
}

/**
 * Maps anything thrown to `{ code, message, details }` with the right status; never a stack trace.
 * `uploadLimitBytes` is the file-size limit of the route, when it takes a file (file-upload.ts).
 */
export function toErrorAnswer(err: unknown, lang: 'vi' | 'en', uploadLimitBytes?: number): { status: number; body: ErrorBody; unexpected: boolean } {
  const answer = (code: ErrorCode, details?: unknown, status = ERRORS[code].status, message = ERRORS[code][lang], detailsTotal?: number) => ({
    status,
    body: { code, message, ...(details !== undefined ? { details } : {}), ...(detailsTotal !== undefined ? { detailsTotal } : {}) },
    unexpected: false,
  });
  if (err instanceof AppError) return answer(err.code, err.details, undefined, undefined, err.detailsTotal);
  // Every upload route gets the same answer, with the limit it broke.
  if (isFileTooLarge(err)) {
    const field = (err.cause as { field?: string }).field;
    return answer('PAYLOAD_TOO_LARGE', { field, maxBytes: uploadLimitBytes }, 413, fileTooLargeMessage(lang, uploadLimitBytes));
  }
  if (err instanceof ZodError) {
    const code = validationCode(err);
    return answer(code, fieldErrors(err, lang), 400);
  }
  const constraintCode = constraintErrorCode(err);
  if (constraintCode) return answer(constraintCode);
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const code = CODE_BY_STATUS[status];
    if (code) return answer(code, undefined, status);
  }
  // body-parser's own errors (malformed JSON, too large) carry a status and a type
  const status = (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && CODE_BY_STATUS[status]) return answer(CODE_BY_STATUS[status]!, undefined, status);
  const correlationId = currentContext()?.correlationId;
  // logged all the same: someone has to bring the database back
  if (isDatabaseUnavailable(err)) {
    return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE[lang], correlationId }, unexpected: true };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR[lang], correlationId },
    unexpected: true,
  };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const { status, body, unexpected } = toErrorAnswer(err, languageOf(req), uploadLimitOf(req));
    if (unexpected) this.logger.error({ err, method: req?.method, url: req?.originalUrl }, 'unexpected error');
    // A failure in the middle of a streamed answer (an Excel export): too late for an error body.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.removeHeader('Content-Disposition');
    if (err instanceof AppError && err.code === 'TOO_MANY_ATTEMPTS') {
      const retry = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retry) res.setHeader('Retry-After', String(retry));
    }
    res.status(status).json(body);
  }
}
