import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Language } from '@rfid/contracts';
import type { Request } from 'express';

/** The language of an answer: Vietnamese when Accept-Language starts with "vi", English otherwise. */
export function languageOfHeader(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return /^\s*vi/i.test(header ?? '') ? 'vi' : 'en';
}

/** A route parameter: the language of the request (texts of files, messages of row errors). */
export const RequestLanguage = createParamDecorator((_data: unknown, ctx: ExecutionContext): Language =>
  languageOfHeader(ctx.switchToHttp().getRequest<Request>().headers['accept-language']),
);
