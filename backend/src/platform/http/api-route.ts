import { applyDecorators, Controller, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ApiRoute } from '@rfid/contracts';
import type { z } from 'zod';
import { ACCESS_KEY } from '../auth/access.decorators.js';
import { ExcelFileResponse, ExcelUpload } from '../excel/excel-http.js';
import { TimeZoneHeader } from './time-zone.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from './zod.js';

/** The names of a path's parameters (`/products/:id` → `id`). */
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/**
 * A handler serves a route of contracts' API table: its method and path (a controller serving the
 * table declares no path of its own: `@Controller()`), who may call it, its OpenAPI description, a
 * status where it is not Nest's default, the Excel file it answers or takes, the caller's time zone.
 */
export function Route(route: ApiRoute) {
  const decorators = [
    RequestMapping({ path: route.path, method: RequestMethod[route.method as keyof typeof RequestMethod] }),
    SetMetadata(ACCESS_KEY, route.access),
    ...(route.access.kind === 'public' ? [] : [ApiBearerAuth()]),
    ApiDoc({ summary: route.summary, body: route.body, query: route.query, params: paramsOf(route.path), response: route.response }),
  ];
  if (route.status) decorators.push(HttpCode(route.status));
  if (route.file === 'download') decorators.push(ExcelFileResponse());
  if (route.file === 'upload') decorators.push(ExcelUpload());
  if (route.timeZone) decorators.push(TimeZoneHeader());
  return applyDecorators(...decorators);
}

/**
 * A controller of routes of the API table, grouped under `tag` in the OpenAPI document. It declares no
 * path (each `@Route` brings its own) and no sign-in scheme (each route says whether it needs one).
 */
export const ApiController = (tag: string) => applyDecorators(ApiTags(tag), Controller());

/** The route's query, parsed with its schema. */
export const RouteQuery = (route: ApiRoute & { query: z.ZodObject }) => ZodQuery(route.query);
/** The route's body, parsed with its schema. */
export const RouteBody = (route: ApiRoute & { body: z.ZodType }) => ZodBody(route.body);
/** A path parameter of the route: a record's id (a UUID) unless the route names its schema. */
export const RouteParam = (route: ApiRoute, name: string) => {
  if (!paramsOf(route.path).includes(name)) throw new Error(`${route.method} ${route.path} has no parameter :${name}`);
  return ZodParam(name, route.params?.[name] ?? uuidParam);
};
