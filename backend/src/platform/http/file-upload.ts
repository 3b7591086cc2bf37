import { applyDecorators, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';

/** A file multer received into memory (its fields that we read). */
export interface UploadedFileData {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const UPLOAD_LIMIT = Symbol('upload limit in bytes');

/**
 * A route that takes one multipart file in `field`, held in memory, at most `maxBytes`. Above that,
 * multer stops reading and the error filter answers 413 PAYLOAD_TOO_LARGE naming the limit, which
 * this records on the request first (multer's error does not carry it).
 */
export function FileUpload(field: string, maxBytes: number) {
  const recordLimit: NestInterceptor = {
    intercept(context: ExecutionContext, next: CallHandler) {
      (context.switchToHttp().getRequest<Request>() as unknown as Record<symbol, number>)[UPLOAD_LIMIT] = maxBytes;
      return next.handle();
    },
  };
  return applyDecorators(
    UseInterceptors(recordLimit, FileInterceptor(field, { limits: { fileSize: maxBytes, files: 1 } })),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary' } } } }),
  );
}

export function uploadLimitOf(req: Request | undefined): number | undefined {
  return (req as unknown as Record<symbol, number> | undefined)?.[UPLOAD_LIMIT];
}
