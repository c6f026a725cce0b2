import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy as CustomStrategy } from 'passport-custom';
import { XSRF_COOKIE, XSRF_HEADER, isStateChanging } from '../../core/access/csrf.js';
import type { StaffPrincipal } from '../../core/access/permissions.js';
import type { StaffSession } from '../entities/staff-session.entity.js';
import { SessionCookies } from '../session-cookies.js';
import { PRESESSION_COOKIE, SESSION_COOKIE } from '../session.constants.js';
import { SessionService } from '../session.service.js';
import { isWellFormedToken, presessionCsrfToken, safeEqual } from '../tokens.js';

declare module 'express' {
  interface Request {
    /** The staff session of the request, when its cookie names a valid one. */
    staffSession?: StaffSession;
  }
}

export const SESSION_STRATEGY = 'staff-session';

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
 * Passport strategy of every API request (through `SessionAuthGuard`): finds the database session of
 * the `comptoir_session` cookie (sliding its `last_seen_at`, unless the dashboard marks the call as a
 * background poll) and gives the principal with the user's
 * rights as they are now, or no user. For a state-changing request it also records whether
 * `X-XSRF-TOKEN` matches the session's anti-forgery token (or, without a session, the token bound to
 * the pre-session cookie). The permissions guard decides what both mean for the route.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(CustomStrategy, SESSION_STRATEGY) {
  constructor(
    private readonly sessions: SessionService,
    private readonly cookies: SessionCookies,
  ) {
    super();
  }

  async validate(req: Request): Promise<StaffPrincipal | null> {
    const res = req.res!;
    const cookies = (req.cookies ?? {}) as Record<string, unknown>;
    let expected: string | undefined;
    let principal: StaffPrincipal | null = null;
    const token = cookies[SESSION_COOKIE];
    if (typeof token === 'string' && token !== '') {
      // Background polls say so; they do not count as activity for the idle timeout.
      const background = req.headers[BACKGROUND_HEADER] === '1';
      const active = await this.sessions.resolve(token, new Date(), { touch: !background, ip: req.ip ?? null });
      if (active) {
        req.staffSession = active.session;
        principal = { userId: active.session.user_id, sessionId: active.session.id, permissions: active.permissions };
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
    return principal;
  }
}
