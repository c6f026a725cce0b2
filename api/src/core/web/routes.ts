import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { ROUTE_POLICY, type RoutePolicy } from '../access/permissions.js';
import { PUBLIC_WRITE, type PublicWritePolicy } from './public-writes.js';

/** One route of the running application and the policy it declares. */
export interface AppRoute {
  /** "GET /api/admin/:id/update" */
  key: string;
  method: string;
  path: string;
  handler: string;
  /** Handler policy, else controller policy, else undefined. */
  policy?: RoutePolicy;
  /** Both the handler and its controller declare a policy (ambiguous: one policy per route). */
  doublePolicy: boolean;
  /** A public route that takes a body: how it is bounded (body-limits.ts, public-writes.ts). */
  publicWrite?: PublicWritePolicy;
  /** Query parameters the handler reads by name (`@Query('page')`); a whole-object `@Query()` is not listed. */
  queryParameters: string[];
}

const join = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [value === undefined ? '' : String(value)];

function namedQueryParameters(controller: Function, method: string): string[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { data?: unknown }>;
  return Object.entries(args)
    .filter(([key, arg]) => Number(key.split(':')[0]) === RouteParamtypes.QUERY && typeof arg.data === 'string')
    .map(([, arg]) => arg.data as string);
}

/**
 * Every HTTP route the Nest application serves (global prefix "api"), read from the controllers'
 * metadata: the body limits of public routes at boot, and the tests' sweeps over every route.
 */
export function listRoutes(app: INestApplication, prefix = 'api'): AppRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes: AppRoute[] = [];
  const seen = new Set<Function>();
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Function | undefined;
    if (!controller || seen.has(controller)) continue;
    seen.add(controller);
    const classPolicy = Reflect.getMetadata(ROUTE_POLICY, controller) as RoutePolicy | undefined;
    const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, Function>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name]!;
      const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (methodPath === undefined || requestMethod === undefined) continue;
      const handlerPolicy = Reflect.getMetadata(ROUTE_POLICY, handler) as RoutePolicy | undefined;
      const method = RequestMethod[requestMethod];
      for (const base of controllerPaths) {
        for (const sub of asList(methodPath)) {
          const path = join(prefix, base, sub);
          routes.push({
            key: `${method} ${path}`,
            method,
            path,
            handler: `${controller.name}.${name}`,
            policy: handlerPolicy ?? classPolicy,
            doublePolicy: Boolean(handlerPolicy && classPolicy),
            publicWrite: Reflect.getMetadata(PUBLIC_WRITE, handler) as PublicWritePolicy | undefined,
            queryParameters: namedQueryParameters(controller, name),
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
