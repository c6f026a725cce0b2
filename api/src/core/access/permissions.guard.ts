import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { forbidden, unauthenticated } from '../errors/api-error.js';
import { REQUIRE_CSRF, csrfMismatch, isStateChanging } from './csrf.js';
import { ROUTE_POLICY, can, type RoutePolicy, type StaffPrincipal } from './permissions.js';

declare module 'express' {
  interface Request {
    principal?: StaffPrincipal;
  }
}

/**
 * Deny by default: a route that declares no policy is refused, so forgetting the decorator can never
 * open a route. The session strategy (passport, `SessionAuthGuard`) sets `request.principal` and `request.csrfVerified`; this
 * guard only reads them. It runs before interceptors (uploads), pipes and handlers, so a refused
 * request changes nothing.
 *
 * Anti-forgery: a state-changing request that acts with a session's authority (any non-public route)
 * must carry the session's token, else 419. A public state-changing route (order, contact, newsletter)
 * does not use the session: without a valid token it simply runs as an anonymous visitor, so a
 * signed-in staff member can still use the public forms. Public routes marked `@RequireCsrf()`
 * (sign-in) always need the token.
 */
@Injectable()
export class PermissionsGuard implements CanActivate {
  private readonly logger = new Logger('PermissionsGuard');

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const policy = this.reflector.getAllAndOverride<RoutePolicy | undefined>(ROUTE_POLICY, targets);
    if (!policy) {
      this.logger.error(`Route without a declared policy refused: ${context.getClass().name}.${context.getHandler().name}`);
      throw forbidden();
    }
    const request = context.switchToHttp().getRequest<Request>();
    const unsafe = isStateChanging(request.method);
    if (policy.kind === 'public') {
      if (unsafe && request.csrfVerified !== true) {
        if (this.reflector.getAllAndOverride<boolean>(REQUIRE_CSRF, targets)) throw csrfMismatch();
        delete request.principal;
      }
      return true;
    }
    // Staff answers (and their refusals) are never kept by a browser or a shared cache.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    const principal = request.principal;
    if (!principal) throw unauthenticated();
    if (unsafe && request.csrfVerified !== true) throw csrfMismatch();
    if (policy.kind === 'authenticated') return true;
    if (!can(principal, policy.category, policy.right)) throw forbidden();
    return true;
  }
}
