import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_KEY, type Access } from '../auth/access.decorators.js';

export interface RouteInfo {
  method: string;
  /** Full path with the global prefix, parameters as `:name`. */
  path: string;
  access: Access | undefined;
}

function joinPath(...parts: string[]): string {
  return '/' + parts.flatMap((p) => p.split('/')).filter(Boolean).join('/');
}

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
          routes.push({ method, path: joinPath(globalPrefix, cp, mp), access });
        }
      }
    }
  }
  return routes;
}
