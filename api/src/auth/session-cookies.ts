import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { XSRF_COOKIE } from '../core/access/csrf.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { PRESESSION_COOKIE, PRESESSION_MS, SESSION_COOKIE } from './session.constants.js';
import type { OpenedSession } from './session.service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_MS } from './sign-in-tokens.service.js';
import { MFA_COOKIE, MFA_COOKIE_PATH, MFA_TTL_MS } from './two-factor/two-factor.service.js';

/**
 * The cookies of staff access, read and written here so that the services behind them take and give
 * plain tokens. All SameSite=Lax, Secure when the request came over HTTPS or the site is configured on
 * https. The session, pre-session and `XSRF-TOKEN` on path "/": `XSRF-TOKEN` is readable by the
 * dashboard's script (it echoes it in `X-XSRF-TOKEN`), the others HttpOnly. The device cookie (a
 * browser this account signed in from) and the pending second factor's, HttpOnly, on the sign-in path.
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

  /** The device cookie as the browser sent it (checked by `SignInTokens.deviceOf`). */
  deviceToken(req: Request): unknown {
    return req.cookies?.[DEVICE_COOKIE];
  }

  /** A new device token from `SignInTokens.rememberDevice`; null: the browser keeps the one it has. */
  setDevice(req: Request, res: Response, token: string | null): void {
    if (token) res.cookie(DEVICE_COOKIE, token, { ...this.signInPath(req, DEVICE_COOKIE_PATH), maxAge: DEVICE_TTL_MS });
  }

  /** The pending second factor's cookie as the browser sent it (checked by `TwoFactorService.pendingOf`). */
  mfaToken(req: Request): unknown {
    return req.cookies?.[MFA_COOKIE];
  }

  setMfa(req: Request, res: Response, token: string): void {
    res.cookie(MFA_COOKIE, token, { ...this.signInPath(req, MFA_COOKIE_PATH), maxAge: MFA_TTL_MS });
  }

  clearMfa(req: Request, res: Response): void {
    res.clearCookie(MFA_COOKIE, this.signInPath(req, MFA_COOKIE_PATH));
  }

  private signInPath(req: Request, path: string): CookieOptions {
    return { ...this.base(req), path, httpOnly: true };
  }

  clearSession(req: Request, res: Response): void {
    const base = this.base(req);
    res.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
    res.clearCookie(XSRF_COOKIE, { ...base, httpOnly: false });
  }
}
