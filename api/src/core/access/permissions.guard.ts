import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden, unauthenticated } from '../errors/api-error.js';
import { ROUTE_POLICY, can, type RoutePolicy, type StaffPrincipal } from './permissions.js';

declare module 'express' {
  interface Request {
    principal?: StaffPrincipal;
  }
}

/**
 * Deny by default: a route that declares no policy is refused, so forgetting the decorator can never
 * open a route. The session middleware sets `request.principal`; this guard only reads it.
 */
@Injectable()
export class PermissionsGuard implements CanActivate {
  private readonly logger = new Logger('PermissionsGuard');

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = this.reflector.getAllAndOverride<RoutePolicy | undefined>(ROUTE_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) {
      this.logger.error(`Route without a declared policy refused: ${context.getClass().name}.${context.getHandler().name}`);
      throw forbidden();
    }
    if (policy.kind === 'public') return true;
    const principal = context.switchToHttp().getRequest<Request>().principal;
    if (!principal) throw unauthenticated();
    if (policy.kind === 'authenticated') return true;
    if (!can(principal, policy.category, policy.right)) throw forbidden();
    return true;
  }
}
