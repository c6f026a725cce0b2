import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { StaffPrincipal } from '../../core/access/permissions.js';
import { SESSION_STRATEGY } from './session.strategy.js';

/**
 * Global guard, first of the chain: authenticates the request with the session strategy and puts the
 * principal on `request.principal`. It never refuses by itself (public routes serve visitors too): the
 * permissions guard that runs next applies the route's policy (`@Public()`, `@SignedIn()`,
 * `@RequirePermission()`).
 */
@Injectable()
export class SessionAuthGuard extends AuthGuard(SESSION_STRATEGY) {
  override getAuthenticateOptions(_context: ExecutionContext): AuthGuardAuthenticateOptions {
    // Comptoir's sessions are its own database rows; passport's login session is not used.
    return { session: false, property: 'principal' };
  }

  override handleRequest<T = StaffPrincipal | undefined>(err: unknown, user: unknown): T {
    if (err) throw err;
    return (user || undefined) as T;
  }
}
