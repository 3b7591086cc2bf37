import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { z } from 'zod';

/** Parses a request part with a shared zod schema; a ZodError becomes BAD_REQUEST_ERROR with each field and rule. */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}
  transform(value: unknown): z.infer<T> {
    return this.schema.parse(value ?? {});
  }
}

export const ZodBody = (schema: z.ZodType) => Body(new ZodPipe(schema));
export const ZodQuery = (schema: z.ZodType) => Query(new ZodPipe(schema));
export const ZodParam = (name: string, schema: z.ZodType) => Param(name, new ZodPipe(schema));

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
