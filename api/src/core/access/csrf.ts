import { SetMetadata } from '@nestjs/common';
import { ApiError } from '../errors/api-error.js';

/**
 * Anti-forgery (CSRF) contract, as Laravel Sanctum's client expects it: `GET /api/sanctum/csrf-cookie`
 * sets a readable `XSRF-TOKEN` cookie and every state-changing request sends its value back in the
 * `X-XSRF-TOKEN` header. The session strategy (auth module, passport) checks the header against the session
 * (or, before sign-in, against the pre-session cookie) and records the verdict on the request; the
 * permissions guard enforces it.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const REQUIRE_CSRF = 'comptoir:require-csrf';

/**
 * For a public route that starts or changes a session (sign-in): the anti-forgery token is required
 * even from a visitor without a session. Not a policy: it goes with `@Public()`.
 */
export const RequireCsrf = () => SetMetadata(REQUIRE_CSRF, true);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** 419, as Laravel answers a missing or stale anti-forgery token. */
export const csrfMismatch = () => new ApiError(419, 'Votre session a expiré, veuillez recharger la page.');

declare module 'express' {
  interface Request {
    /**
     * Set by the session strategy on state-changing requests: true when `X-XSRF-TOKEN` matches the
     * token of the request's session, or of its pre-session cookie when there is no session.
     */
    csrfVerified?: boolean;
  }
}
