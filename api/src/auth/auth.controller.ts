import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CurrentUser, LoginAnswer } from '../contract/staff.js';
import { RequireCsrf } from '../core/access/csrf.js';
import { Public, SignedIn } from '../core/access/permissions.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { LocalAuthGuard } from './passport/local-auth.guard.js';
import type { SignedInUser } from './passport/local.strategy.js';
import { SessionCookies } from './session-cookies.js';
import { PRESESSION_COOKIE } from './session.constants.js';
import { SessionService } from './session.service.js';
import { TooManyAttempts } from './throttle.service.js';
import { isWellFormedToken, presessionCsrfToken, randomToken } from './tokens.js';

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
  @RequireCsrf()
  @UseGuards(LocalAuthGuard)
  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Connexion (emails de l’entreprise uniquement) ; ouvre une nouvelle session.' })
  // The body is checked and the session opened by the local strategy (LocalAuthGuard); the DTO stays
  // declared for the OpenAPI description.
  login(@Body() _dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): LoginAnswer {
    const { opened, user } = req.user as SignedInUser;
    this.cookies.setSession(req, res, opened);
    return { success: true, message: 'Connexion réussie.', user };
  }

  @SignedIn()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Déconnexion : la session est supprimée.' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.sessions.close(req.principal!.sessionId);
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
