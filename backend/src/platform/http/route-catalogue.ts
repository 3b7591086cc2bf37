import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type Access } from '../auth/access.decorators.js';

export interface RouteInfo {
  method: string;
  /** Full path with the global prefix, parameters as `:name`. */
  path: string;
  access: Access | undefined;
  /** The parts of the request the route parses with a schema: its JSON body, its query string, its path parameters. */
  parses: { body: boolean; query: boolean; params: string[] };
}

/** What a route handler reads of the request, from the argument decorators Nest recorded (@Body, @Query, @Param). */
function parsedParts(metatype: Function, name: string): RouteInfo['parses'] {
  const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, { data?: unknown }>);
  const of = (type: RouteParamtypes) => args.filter(([key]) => key.split(':')[0] === String(type)).map(([, arg]) => arg);
  return {
    body: of(RouteParamtypes.BODY).length > 0,
    query: of(RouteParamtypes.QUERY).length > 0,
    params: of(RouteParamtypes.PARAM).flatMap((arg) => (typeof arg.data === 'string' ? [arg.data] : [])),
  };
}

function joinPath(...parts: string[]): string {
  return '/' + parts.flatMap((p) => p.split('/')).filter(Boolean).join('/');
}

/** Controllers served outside the global prefix: Prometheus's scrape is `/metrics`, as scrapers expect. */
export const OUTSIDE_THE_API = ['metrics'];

/** Every HTTP route the application registers, with the access rule it declares. */
export function listRoutes(app: INestApplication, globalPrefix = 'api'): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    const proto = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPath === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]);
      for (const cp of controllerPaths) {
        for (const mp of ([] as string[]).concat(methodPath)) {
          routes.push({ method, path: joinPath(OUTSIDE_THE_API.includes(cp) ? '' : globalPrefix, cp, mp), access, parses: parsedParts(metatype, name) });
        }
      }
    }
  }
  return routes;
}
