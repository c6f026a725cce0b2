import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy as LocalPassportStrategy } from 'passport-local';
import type { CurrentUser } from '../../contract/staff.js';
import { withRetryAfter } from '../auth.controller.js';
import { AuthService } from '../auth.service.js';
import { clientOf } from '../../common/client-info.js';
import type { OpenedSession } from '../session.service.js';
import type { SecondFactorNeeded } from '../two-factor/two-factor.service.js';
import { SessionCookies } from '../session-cookies.js';
import { SignInTokens } from '../sign-in-tokens.service.js';
import { LOCAL_STRATEGY } from './local-auth.guard.js';

/**
 * What a right password leaves on `request.user`: the new session and the signed-in user, or, for an
 * account with two-factor sign-in, what the second step needs (no session yet).
 */
export type SignedInUser = (
  | { opened: OpenedSession; user: CurrentUser; secondFactor?: undefined }
  | { secondFactor: SecondFactorNeeded; opened?: undefined; user?: undefined }
) & {
  /** The browser's device cookie when it belonged to this account (the controller renews it). */
  deviceId: string | null;
};

/**
 * Sign-in with email and password. The checks (throttling, constant-time refusal, closing the previous
 * session, opening a new one) stay in `AuthService.login`; the strategy only adapts it to passport, and
 * its errors (422 wrong credentials, 429 with `Retry-After`) reach the client unchanged.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(LocalPassportStrategy, LOCAL_STRATEGY) {
  constructor(
    private readonly auth: AuthService,
    private readonly signInTokens: SignInTokens,
    private readonly cookies: SessionCookies,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, email: string, password: string): Promise<SignedInUser> {
    // A browser this account signed in from before has its own failure counter (sign-in-throttle.ts).
    const deviceId = await this.signInTokens.deviceOf(this.cookies.deviceToken(req), email);
    const signedIn = await withRetryAfter(req.res!, () =>
      this.auth.login({ email, password }, { ...clientOf(req), previousSessionId: req.staffSession?.id, deviceId }),
    );
    return { ...signedIn, deviceId: deviceId ?? null };
  }
}
