import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { XSRF_COOKIE, XSRF_HEADER, isStateChanging } from '../core/access/csrf.js';
import type { StaffSession } from './entities/staff-session.entity.js';
import { SessionCookies } from './session-cookies.js';
import { PRESESSION_COOKIE, SESSION_COOKIE } from './session.constants.js';
import { SessionService } from './session.service.js';
import { isWellFormedToken, presessionCsrfToken, safeEqual } from './tokens.js';

declare module 'express' {
  interface Request {
    /** The staff session of the request, when its cookie names a valid one. */
    staffSession?: StaffSession;
  }
}

/** Sent by the dashboard's automatic refreshes: not the user's activity. */
export const BACKGROUND_HEADER = 'x-comptoir-background';

function headerToken(req: Request): string | undefined {
  const raw = req.headers[XSRF_HEADER];
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Runs before every API route: finds the session of the `comptoir_session` cookie (sliding its
 * `last_seen_at`), sets `request.principal` with the user's rights as they are now, and for a
 * state-changing request records whether `X-XSRF-TOKEN` matches the session's anti-forgery token (or,
 * without a session, the token bound to the pre-session cookie). The permissions guard decides.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(
    private readonly sessions: SessionService,
    private readonly cookies: SessionCookies,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      const cookies = (req.cookies ?? {}) as Record<string, unknown>;
      let expected: string | undefined;
      const token = cookies[SESSION_COOKIE];
      if (typeof token === 'string' && token !== '') {
        // Background polls say so; they do not count as activity for the idle timeout.
        const background = req.headers[BACKGROUND_HEADER] === '1';
        const active = await this.sessions.resolve(token, new Date(), { touch: !background });
        if (active) {
          req.staffSession = active.session;
          req.principal = { userId: active.user.id, sessionId: active.session.id, permissions: active.permissions };
          expected = active.session.csrf_token;
          // The dashboard reads the token from its cookie: give it back if it went missing or went stale.
          if (cookies[XSRF_COOKIE] !== expected) this.cookies.setXsrf(req, res, expected, new Date(active.session.expires_at));
        } else {
          this.cookies.clearSession(req, res);
        }
      }
      if (expected === undefined && isWellFormedToken(cookies[PRESESSION_COOKIE])) {
        expected = presessionCsrfToken(cookies[PRESESSION_COOKIE]);
      }
      if (isStateChanging(req.method)) {
        const sent = headerToken(req);
        req.csrfVerified = sent !== undefined && expected !== undefined && safeEqual(sent, expected);
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}
