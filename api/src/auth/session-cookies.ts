import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { XSRF_COOKIE } from '../core/access/csrf.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { PRESESSION_COOKIE, PRESESSION_MS, SESSION_COOKIE } from './session.constants.js';
import type { OpenedSession } from './session.service.js';

/**
 * The three cookies of staff access. All SameSite=Lax, path "/", Secure when the request came over
 * HTTPS or the site is configured on https. `XSRF-TOKEN` is readable by the dashboard's script (it
 * echoes it in `X-XSRF-TOKEN`); the session and pre-session tokens are HttpOnly.
 */
@Injectable()
export class SessionCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private base(req: Request): CookieOptions {
    return { path: '/', sameSite: 'lax', secure: req.secure || this.config.siteUrl.startsWith('https:') };
  }

  /** After sign-in or a credentials change: the new session and its token; the pre-session is over. */
  setSession(req: Request, res: Response, opened: OpenedSession): void {
    const base = this.base(req);
    res.cookie(SESSION_COOKIE, opened.token, { ...base, httpOnly: true, expires: opened.expiresAt });
    res.cookie(XSRF_COOKIE, opened.csrfToken, { ...base, httpOnly: false, expires: opened.expiresAt });
    res.clearCookie(PRESESSION_COOKIE, { ...base, httpOnly: true });
  }

  setXsrf(req: Request, res: Response, token: string, expires: Date): void {
    res.cookie(XSRF_COOKIE, token, { ...this.base(req), httpOnly: false, expires });
  }

  setPresession(req: Request, res: Response, presession: string, xsrf: string): void {
    const base = this.base(req);
    res.cookie(PRESESSION_COOKIE, presession, { ...base, httpOnly: true, maxAge: PRESESSION_MS });
    res.cookie(XSRF_COOKIE, xsrf, { ...base, httpOnly: false, maxAge: PRESESSION_MS });
  }

  clearSession(req: Request, res: Response): void {
    const base = this.base(req);
    res.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
    res.clearCookie(XSRF_COOKIE, { ...base, httpOnly: false });
  }
}
