import { Body, Injectable, Param, Query, type CallHandler, type ExecutionContext, type NestInterceptor, type PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { unstorableTextPaths } from '@rfid/contracts';
import { z } from 'zod';

/**
 * Parses a request part with a shared zod schema; a ZodError becomes BAD_REQUEST_ERROR with each field
 * and rule. `field` names a path parameter in the errors (a body's or query's fields are named by
 * their own keys).
 */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(
    private readonly schema: T,
    private readonly field?: string,
  ) {}
  transform(value: unknown): z.infer<T> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    if (this.field === undefined) throw result.error;
    throw new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: [this.field!, ...issue.path] })));
  }
}

/**
 * Before any schema of a route runs: a string anywhere in its body, query or path parameters that is
 * not storable text (a NUL, a lone surrogate: contracts' isStorableText) is refused as TEXT_NOT_VALID
 * naming every such field, whatever the schema says of that field, so no such text ever reaches a
 * query or the event store, and the refusal does not depend on which part a route reads first.
 */
@Injectable()
export class StorableTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const paths = [req.params, req.query, req.body].flatMap((part) => unstorableTextPaths(part));
    if (paths.length) {
      throw new z.ZodError(paths.map((path) => ({ code: 'custom' as const, path, params: { code: 'TEXT_NOT_VALID' }, message: 'TEXT_NOT_VALID', input: undefined })));
    }
    return next.handle();
  }
}

export const ZodBody = (schema: z.ZodType) => Body(new ZodPipe(schema));
export const ZodQuery = (schema: z.ZodType) => Query(new ZodPipe(schema));
export const ZodParam = (name: string, schema: z.ZodType) => Param(name, new ZodPipe(schema, name));

export const uuidParam = z.uuid();

type JsonSchema = Record<string, any>;
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** OpenAPI description of a route from the same zod schemas that validate it. */
export function ApiDoc(doc: { summary: string; body?: z.ZodType; query?: z.ZodObject; params?: string[]; response?: z.ZodType }) {
  const decorators = [ApiOperation({ summary: doc.summary })];
  if (doc.body) decorators.push(ApiBody({ schema: jsonSchema(doc.body, 'input') }));
  if (doc.query) {
    const { properties = {}, required = [] } = jsonSchema(doc.query, 'input');
    for (const [name, schema] of Object.entries(properties as Record<string, JsonSchema>)) {
      decorators.push(ApiQuery({ name, required: (required as string[]).includes(name), schema }));
    }
  }
  for (const name of doc.params ?? []) decorators.push(ApiParam({ name, required: true }));
  if (doc.response) decorators.push(ApiOkResponse({ schema: jsonSchema(doc.response, 'output') }));
  return applyDecorators(...decorators);
}
