import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ERRORS, type ErrorBody, type ErrorCode, type FieldError } from '@rfid/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error.js';
import { constraintErrorCode } from '../errors/constraint-errors.js';
import { languageOfHeader } from './language.js';
import { currentContext } from './request-context.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONCURRENCY_CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_ATTEMPTS',
};

export function fieldErrors(err: ZodError): FieldError[] {
  return err.issues.map((issue) => {
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : 'format' in issue ? issue.format : undefined;
    return {
      field: issue.path.join('.') || '(body)',
      rule: issue.code,
      ...(limit !== undefined ? { limit: typeof limit === 'bigint' ? Number(limit) : limit } : {}),
      message: issue.message,
    };
  });
}

export function languageOf(req: Request | undefined): 'vi' | 'en' {
  return languageOfHeader(req?.headers?.['accept-language']);
}

/** Maps anything thrown to `{ code, message, details }` with the right status; never a stack trace. */
export function toErrorAnswer(err: unknown, lang: 'vi' | 'en'): { status: number; body: ErrorBody; unexpected: boolean } {
  const answer = (code: ErrorCode, details?: unknown, status = ERRORS[code].status) => ({
    status,
    body: { code, message: ERRORS[code][lang], ...(details !== undefined ? { details } : {}) },
    unexpected: false,
  });
  if (err instanceof AppError) return answer(err.code, err.details);
  if (err instanceof ZodError) return answer('BAD_REQUEST_ERROR', fieldErrors(err));
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
    const { status, body, unexpected } = toErrorAnswer(err, languageOf(req));
    if (unexpected) this.logger.error({ err, method: req?.method, url: req?.originalUrl }, 'unexpected error');
    if (err instanceof AppError && err.code === 'TOO_MANY_ATTEMPTS') {
      const retry = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retry) res.setHeader('Retry-After', String(retry));
    }
    res.status(status).json(body);
  }
}
