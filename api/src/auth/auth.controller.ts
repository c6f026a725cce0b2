import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CurrentUser, LoginAnswer } from '../contract/staff.js';
import { RequireCsrf } from '../core/access/csrf.js';
import { Public, SignedIn } from '../core/access/permissions.js';
import { PublicWrite } from '../core/web/public-writes.js';
import { AuthService } from './auth.service.js';
import { clientOf } from '../common/client-info.js';
import { LoginDto } from './dto/login.dto.js';
import { LocalAuthGuard } from './passport/local-auth.guard.js';
import type { SignedInUser } from './passport/local.strategy.js';
import { SessionCookies } from './session-cookies.js';
import { PRESESSION_COOKIE } from './session.constants.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInTokens } from './sign-in-tokens.service.js';
import { TooManyAttempts } from './throttle.service.js';
import { isWellFormedToken, presessionCsrfToken, randomToken } from './tokens.js';
import { AuditService } from '../audit/audit.service.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/** Sets `Retry-After` on a 429 before the error goes on to the exception filter. */
export async function withRetryAfter<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttempts) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

@ApiTags('session')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly cookies: SessionCookies,
    private readonly audit: AuditService,
    private readonly signInTokens: SignInTokens,
    private readonly signInThrottle: SignInThrottle,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Public()
  @Get('sanctum/csrf-cookie')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Pose le cookie XSRF-TOKEN (lisible) à renvoyer dans l’en-tête X-XSRF-TOKEN.' })
  @ApiNoContentResponse()
  csrfCookie(@Req() req: Request, @Res({ passthrough: true }) res: Response): void {
    if (req.staffSession) {
      this.cookies.setXsrf(req, res, req.staffSession.csrf_token, new Date(req.staffSession.expires_at));
      return;
    }
    const existing: unknown = req.cookies?.[PRESESSION_COOKIE];
    const presession = isWellFormedToken(existing) ? existing : randomToken();
    this.cookies.setPresession(req, res, presession, presessionCsrfToken(presession));
  }

  @Public()
  @PublicWrite({ throttle: 'sign-in' })
  @RequireCsrf()
  @UseGuards(LocalAuthGuard)
  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Connexion (emails de l’entreprise uniquement) ; ouvre une nouvelle session, ou, si le compte a la double authentification, répond second_factor_required et attend POST /login/second-factor.',
  })
  // The body is checked and the session opened by the local strategy (LocalAuthGuard); the DTO stays
  // declared for the OpenAPI description.
  async login(@Body() _dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginAnswer> {
    const { opened, user, deviceId, secondFactor } = req.user as SignedInUser;
    if (secondFactor) {
      this.cookies.setMfa(req, res, await this.twoFactor.beginPending(secondFactor.userId));
      return {
        success: true,
        message: secondFactor.enrolmentRequired
          ? 'Votre rôle exige la double authentification : configurez-la pour terminer la connexion.'
          : 'Confirmez la connexion avec votre second facteur.',
        second_factor_required: true,
        methods: secondFactor.methods,
        enrolment_required: secondFactor.enrolmentRequired,
      };
    }
    this.cookies.setSession(req, res, opened);
    this.cookies.setDevice(req, res, await this.signInTokens.rememberDevice(user.id, deviceId));
    if (!deviceId) await this.signInTokens.warnNewDevice(user, clientOf(req), 'password');
    return { success: true, message: 'Connexion réussie.', user };
  }

  @Public()
  @Get('login/link')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({ summary: 'Connexion par le lien à usage unique envoyé par email ; redirige vers le tableau de bord.' })
  @ApiQuery({ name: 'token', required: true, description: 'Le jeton du lien reçu par email (à usage unique).' })
  async loginLink(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const userId = await this.signInTokens.spendLink(token);
    if (userId === null) {
      res.redirect(303, '/dashboard/login?link=invalid');
      return;
    }
    // The link replaces the password, not the second factor: the sign-in page asks for it next.
    const secondFactor = await this.twoFactor.requirementFor(userId);
    if (secondFactor) {
      this.cookies.setMfa(req, res, await this.twoFactor.beginPending(userId));
      res.redirect(303, `/dashboard/login?second_factor=${secondFactor.enrolmentRequired ? 'enrol' : '1'}`);
      return;
    }
    const { opened, user } = await this.auth.openSession(userId, { ...clientOf(req), previousSessionId: req.staffSession?.id });
    await this.signInThrottle.forgiveAccount(user.email);
    this.cookies.setSession(req, res, opened);
    const deviceId = await this.signInTokens.deviceOf(this.cookies.deviceToken(req), user.email);
    this.cookies.setDevice(req, res, await this.signInTokens.rememberDevice(userId, deviceId));
    if (!deviceId) await this.signInTokens.warnNewDevice(user, clientOf(req), 'link');
    res.redirect(303, '/dashboard/');
  }

  @SignedIn()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Déconnexion : la session est supprimée.' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.sessions.close(req.principal!.sessionId);
    await this.audit.record(null, {
      entity: 'user',
      entity_id: req.principal!.userId,
      label: null,
      action: 'logout',
      changes: null,
    });
    this.cookies.clearSession(req, res);
    return { success: true, message: 'Vous êtes déconnecté.' };
  }

  @SignedIn()
  @Get('user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'L’utilisateur connecté, avec son rôle et ses permissions.' })
  @ApiOkResponse({ description: 'L’utilisateur (sans enveloppe), role.permission compris.' })
  user(@Req() req: Request): Promise<CurrentUser> {
    return this.auth.currentUser(req.principal!.userId);
  }
}
