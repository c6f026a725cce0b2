import {
  Body,
  Controller,
  applyDecorators,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { Repository } from 'typeorm';
import { IdPipe } from '../../common/id.pipe.js';
import { User } from '../../admins/entities/user.entity.js';
import { AuditService } from '../../audit/audit.service.js';
import type {
  LoginAnswer,
  RecoveryCodesAnswer,
  SecondFactorMethod,
  TotpEnrolment,
  TwoFactorStatus,
} from '../../contract/staff.js';
import { RequireCsrf } from '../../core/access/csrf.js';
import { Public, RequirePermission, SignedIn } from '../../core/access/permissions.js';
import { ApiError, ValidationFailed, notFound } from '../../core/errors/api-error.js';
import { PublicWrite } from '../../core/web/public-writes.js';
import { withRetryAfter } from '../auth.controller.js';
import { AuthService } from '../auth.service.js';
import { clientOf } from '../../common/client-info.js';
import { SessionCookies } from '../session-cookies.js';
import { SignInThrottle, type SignInAttempt } from '../sign-in-throttle.js';
import { SignInTokens } from '../sign-in-tokens.service.js';
import { TwoFactorMail } from './two-factor-mail.js';
import {
  CurrentPasswordDto,
  PasskeyRegistrationDto,
  PasskeySignInDto,
  SecondFactorDto,
  TotpConfirmDto,
} from './two-factor.dto.js';
import { CurrentPassword } from '../current-password.js';
import { TWO_FACTOR_MESSAGES, TwoFactorService } from './two-factor.service.js';

const AdminId = new IdPipe('Administrateur introuvable.');
const PASSWORD_FOR_FACTORS = 'Saisissez votre mot de passe actuel pour modifier la double authentification.';
const PasskeyId = new IdPipe(TWO_FACTOR_MESSAGES.passkeyNotFound);

/**
 * A step of a sign-in in progress: a public write under the sign-in throttle, CSRF-checked, answered
 * 200 and never cached (it carries session material). The route's policy stays written beside it.
 */
const SignInStep = (path: string) =>
  applyDecorators(
    PublicWrite({ throttle: 'sign-in' }),
    RequireCsrf(),
    Post(path),
    HttpCode(200),
    Header('Cache-Control', 'no-store'),
  );

/** Failures of passkey sign-ins without a password are counted per address (the account is not known yet). */
const PASSKEY_ATTEMPT = '(clé d’accès)';

/**
 * Two-factor sign-in of staff: the second step of a sign-in, passkey sign-in without
 * a password, enrolment (forced at sign-in when the role requires it, or from the profile), and the
 * administrator's reset.
 *
 * Wrong codes and failed passkeys are failures of the sign-in throttle like wrong passwords, counted
 * for the same browser (device cookie) or account and address: the password alone never buys a fresh
 * batch of guesses, because a right password no longer clears those counters; only a completed second
 * step does.
 */
@ApiTags('session')
@Controller()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
    private readonly signInTokens: SignInTokens,
    private readonly throttle: SignInThrottle,
    private readonly audit: AuditService,
    private readonly mail: TwoFactorMail,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly currentPassword: CurrentPassword,
  ) {}

  // ---- Second step of a sign-in ----

  @Public()
  @SignInStep('login/second-factor')
  @ApiOperation({
    summary:
      'Second facteur d’une connexion en attente (cookie posé par POST /login) : code de l’application, code de secours ou clé d’accès ; ouvre la session.',
  })
  secondFactor(
    @Body() dto: SecondFactorDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    return withRetryAfter(res, async () => {
      const pending = await this.pendingOrFail(req, res);
      if (!(await this.twoFactor.methodsOf(pending.user.id)).length) throw this.expired(req, res);
      const attempt = await this.attemptOf(req, pending.user.email);
      await this.refuseIfLocked(attempt);
      let method: SecondFactorMethod;
      let ok: boolean;
      if (dto.credential !== undefined) {
        method = 'passkey';
        ok = (await this.twoFactor.verifyPasskey('second-factor', pending.user.id, dto.credential)) === pending.user.id;
      } else if (dto.recovery_code?.trim()) {
        method = 'recovery_code';
        ok = await this.twoFactor.useRecoveryCode(pending.user.id, dto.recovery_code);
      } else if (dto.code !== undefined) {
        method = 'totp';
        ok = await this.twoFactor.verifyTotp(pending.user.id, dto.code);
      } else {
        throw new ValidationFailed({ code: ['Saisissez le code de votre application d’authentification.'] });
      }
      if (!ok) {
        await this.failed(attempt, pending.user, method);
        const field = method === 'passkey' ? 'credential' : method === 'recovery_code' ? 'recovery_code' : 'code';
        const message =
          method === 'passkey'
            ? TWO_FACTOR_MESSAGES.wrongPasskey
            : method === 'recovery_code'
              ? TWO_FACTOR_MESSAGES.wrongRecoveryCode
              : TWO_FACTOR_MESSAGES.wrongCode;
        throw new ValidationFailed({ [field]: [message] });
      }
      const answer = await this.complete(req, res, pending, attempt);
      const left = method === 'recovery_code' ? await this.twoFactor.status(pending.user.id) : null;
      return left ? { ...answer, recovery_codes_left: left.recovery_codes_left } : answer;
    });
  }

  @Public()
  @SignInStep('login/second-factor/options')
  @ApiOperation({ summary: 'Options WebAuthn pour utiliser une clé d’accès comme second facteur de la connexion en attente.' })
  async secondFactorOptions(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const pending = await this.pendingOrFail(req, res);
    return { success: true, options: await this.twoFactor.authenticationOptions('second-factor', pending.user.id) };
  }

  // ---- Passkey without a password ----

  @Public()
  @SignInStep('login/passkey/options')
  @ApiOperation({ summary: 'Options WebAuthn pour se connecter avec une clé d’accès, sans mot de passe.' })
  async passkeyOptions() {
    return { success: true, options: await this.twoFactor.authenticationOptions('passwordless', null) };
  }

  @Public()
  @SignInStep('login/passkey')
  @ApiOperation({ summary: 'Connexion avec une clé d’accès (vérification de l’utilisateur exigée) ; ouvre une session.' })
  passkeySignIn(
    @Body() dto: PasskeySignInDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    return withRetryAfter(res, async () => {
      const anonymous: SignInAttempt = { email: PASSKEY_ATTEMPT, ip: clientOf(req).ip };
      await this.refuseIfLocked(anonymous);
      const userId = await this.twoFactor.verifyPasskey('passwordless', null, dto.credential);
      if (userId === null) {
        await this.failed(anonymous, null, 'passkey');
        throw new ValidationFailed({ credential: [TWO_FACTOR_MESSAGES.wrongPasskey] });
      }
      const user = await this.users.findOneByOrFail({ id: userId });
      const deviceId = await this.signInTokens.deviceOf(this.cookies.deviceToken(req), user.email);
      await this.throttle.succeeded({ email: user.email, ip: clientOf(req).ip, deviceId });
      const { opened, user: view } = await this.auth.openSession(userId, {
        ...clientOf(req),
        previousSessionId: req.staffSession?.id,
      });
      this.cookies.setSession(req, res, opened);
      this.cookies.setDevice(req, res, await this.signInTokens.rememberDevice(userId, deviceId));
      if (!deviceId) await this.signInTokens.warnNewDevice(user, clientOf(req), 'passkey');
      this.cookies.clearMfa(req, res);
      return { success: true, message: 'Connexion réussie.', user: view };
    });
  }

  // ---- Enrolment forced at sign-in (the role requires a second factor, the account has none) ----

  @Public()
  @SignInStep('login/enrol/totp')
  @ApiOperation({ summary: 'Connexion en attente d’enrôlement : nouveau secret TOTP et son QR code.' })
  async enrolTotpAtSignIn(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TotpEnrolment> {
    const pending = await this.enrolmentOrFail(req, res);
    return { success: true, ...(await this.twoFactor.startTotp(pending.user)) };
  }

  @Public()
  @SignInStep('login/enrol/totp/confirm')
  @ApiOperation({
    summary:
      'Connexion en attente d’enrôlement : confirme l’application par un code, ouvre la session, donne les codes de secours.',
  })
  confirmTotpAtSignIn(
    @Body() dto: TotpConfirmDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodesAnswer> {
    return withRetryAfter(res, async () => {
      const pending = await this.enrolmentOrFail(req, res);
      const attempt = await this.attemptOf(req, pending.user.email);
      await this.refuseIfLocked(attempt);
      let codes: string[] | null;
      try {
        codes = await this.twoFactor.confirmTotp(pending.user.id, dto.code);
      } catch (error) {
        if (error instanceof ValidationFailed) await this.failed(attempt, pending.user, 'totp');
        throw error;
      }
      await this.recordEnabled(pending.user, 'totp', true);
      const answer = await this.complete(req, res, pending, attempt);
      return { ...answer, recovery_codes: codes };
    });
  }

  @Public()
  @SignInStep('login/enrol/passkey/options')
  @ApiOperation({ summary: 'Connexion en attente d’enrôlement : options WebAuthn pour créer une clé d’accès.' })
  async enrolPasskeyOptionsAtSignIn(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const pending = await this.enrolmentOrFail(req, res);
    return { success: true, options: await this.twoFactor.registrationOptions(pending.user) };
  }

  @Public()
  @SignInStep('login/enrol/passkey')
  @ApiOperation({
    summary: 'Connexion en attente d’enrôlement : enregistre la clé d’accès, ouvre la session, donne les codes de secours.',
  })
  registerPasskeyAtSignIn(
    @Body() dto: PasskeyRegistrationDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodesAnswer> {
    return withRetryAfter(res, async () => {
      const pending = await this.enrolmentOrFail(req, res);
      const attempt = await this.attemptOf(req, pending.user.email);
      await this.refuseIfLocked(attempt);
      await this.twoFactor.registerPasskey(pending.user.id, dto.credential, dto.label ?? '');
      const codes = await this.twoFactor.recoveryCodesAfterPasskey(pending.user.id);
      await this.recordEnabled(pending.user, 'passkey', true);
      const answer = await this.complete(req, res, pending, attempt);
      return { ...answer, recovery_codes: codes };
    });
  }

  // ---- The signed-in person's own factors (profile, "Sécurité") ----

  @SignedIn()
  @Get('profile/two-factor')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Double authentification de la personne connectée (jamais les secrets).' })
  @ApiOkResponse({ description: 'enabled, required, totp, recovery_codes_left, passkeys.' })
  async status(@Req() req: Request): Promise<TwoFactorStatus & { success: true }> {
    return { success: true, ...(await this.twoFactor.status(req.principal!.userId)) };
  }

  @SignedIn()
  @Post('profile/two-factor/totp')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Commence l’enrôlement d’une application d’authentification : secret et QR code (affichés une fois).',
  })
  async startTotp(@Req() req: Request): Promise<TotpEnrolment> {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    return { success: true, ...(await this.twoFactor.startTotp(user)) };
  }

  @SignedIn()
  @Post('profile/two-factor/totp/confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirme l’application par un premier code ; donne les codes de secours s’il n’en restait aucun.' })
  async confirmTotp(@Body() dto: TotpConfirmDto, @Req() req: Request): Promise<RecoveryCodesAnswer> {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    const codes = await this.twoFactor.confirmTotp(user.id, dto.code);
    await this.recordEnabled(user, 'totp', false);
    return { success: true, message: 'Application d’authentification activée.', recovery_codes: codes };
  }

  @SignedIn()
  @Delete('profile/two-factor/totp/delete')
  @ApiOperation({ summary: 'Retire l’application d’authentification.' })
  async removeTotp(@Body() dto: CurrentPasswordDto, @Req() req: Request) {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    await this.currentPassword.assert(user, dto.current_password, clientOf(req), PASSWORD_FOR_FACTORS);
    await this.twoFactor.removeTotp(user.id);
    await this.recordDisabled(user, 'totp');
    return { success: true, message: 'Application d’authentification retirée.' };
  }

  @SignedIn()
  @Post('profile/two-factor/recovery-codes')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Dix nouveaux codes de secours (affichés une fois) ; les anciens ne marchent plus.' })
  async newRecoveryCodes(@Body() dto: CurrentPasswordDto, @Req() req: Request): Promise<RecoveryCodesAnswer> {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    await this.currentPassword.assert(user, dto.current_password, clientOf(req), PASSWORD_FOR_FACTORS);
    if (!(await this.twoFactor.status(user.id)).enabled)
      throw new ValidationFailed({ recovery_codes: ['Activez d’abord une application d’authentification ou une clé d’accès.'] });
    const codes = await this.twoFactor.newRecoveryCodes(user.id);
    await this.recordEnabled(user, 'recovery_code', false);
    return { success: true, message: 'Nouveaux codes de secours créés.', recovery_codes: codes };
  }

  @SignedIn()
  @Post('profile/two-factor/passkeys/options')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Options WebAuthn pour ajouter une clé d’accès.' })
  async passkeyRegistrationOptions(@Req() req: Request) {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    return { success: true, options: await this.twoFactor.registrationOptions(user) };
  }

  @SignedIn()
  @Post('profile/two-factor/passkeys')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Enregistre une clé d’accès ; donne les codes de secours s’il n’en restait aucun.' })
  async registerPasskey(@Body() dto: PasskeyRegistrationDto, @Req() req: Request): Promise<RecoveryCodesAnswer> {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    await this.twoFactor.registerPasskey(user.id, dto.credential, dto.label ?? '');
    const codes = await this.twoFactor.recoveryCodesAfterPasskey(user.id);
    await this.recordEnabled(user, 'passkey', false);
    return { success: true, message: 'Clé d’accès ajoutée.', recovery_codes: codes };
  }

  @SignedIn()
  @Delete('profile/two-factor/passkeys/:id/delete')
  @ApiOperation({ summary: 'Retire une de ses clés d’accès.' })
  async removePasskey(@Param('id', PasskeyId) id: number, @Body() dto: CurrentPasswordDto, @Req() req: Request) {
    const user = await this.users.findOneByOrFail({ id: req.principal!.userId });
    await this.currentPassword.assert(user, dto.current_password, clientOf(req), PASSWORD_FOR_FACTORS);
    await this.twoFactor.removePasskey(user.id, id);
    await this.recordDisabled(user, 'passkey');
    return { success: true, message: 'Clé d’accès retirée.' };
  }

  // ---- Administrator ----

  @RequirePermission('admin', 'edit')
  @Post('admin/:id/two-factor/reset')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Réinitialise la double authentification d’un administrateur (téléphone perdu) : ses facteurs et codes de secours sont effacés ; il en est averti par email.',
  })
  async reset(@Param('id', AdminId) id: number, @Req() req: Request) {
    const user = await this.users.findOneBy({ id });
    if (!user) throw notFound('Administrateur introuvable.');
    const { had } = await this.twoFactor.reset(id);
    const name = `${user.firstname} ${user.name}`;
    await this.audit.record(null, {
      entity: 'user',
      entity_id: id,
      label: name,
      action: 'two_factor_reset',
      changes: { double_authentification: { before: had.length ? had.join(', ') : 'aucune', after: 'aucune' } },
    });
    const by = await this.users.findOneBy({ id: req.principal!.userId });
    await this.mail.resetDone(user, by ? `${by.firstname} ${by.name}` : null);
    return { success: true, message: `La double authentification de ${name} a été réinitialisée ; un email l’en avertit.` };
  }

  // ---- Helpers ----

  private async pendingOrFail(req: Request, res: Response) {
    const pending = await this.twoFactor.pendingOf(this.cookies.mfaToken(req));
    if (!pending) throw this.expired(req, res);
    return pending;
  }

  private async enrolmentOrFail(req: Request, res: Response) {
    const pending = await this.pendingOrFail(req, res);
    const needed = await this.twoFactor.requirementFor(pending.user.id);
    if (!needed?.enrolmentRequired) throw this.expired(req, res);
    return pending;
  }

  private expired(req: Request, res: Response): ApiError {
    this.cookies.clearMfa(req, res);
    return new ApiError(HttpStatus.UNAUTHORIZED, TWO_FACTOR_MESSAGES.expired, { second_factor_expired: true });
  }

  private async attemptOf(req: Request, email: string): Promise<SignInAttempt> {
    return { email, ip: clientOf(req).ip, deviceId: await this.signInTokens.deviceOf(this.cookies.deviceToken(req), email) };
  }

  private refuseIfLocked(attempt: SignInAttempt): Promise<void> {
    return this.throttle.refuseIfLocked(attempt);
  }

  private async failed(attempt: SignInAttempt, user: User | null, method: SecondFactorMethod): Promise<void> {
    await this.throttle.failed(attempt);
    await this.audit.record(
      null,
      {
        entity: 'user',
        entity_id: user?.id ?? null,
        label: user?.email ?? attempt.email,
        action: 'login_failed',
        changes: { second_facteur: { before: null, after: method } },
      },
      { actor: 'public', userId: null, userName: null, ip: attempt.ip ?? null },
    );
  }

  /** The second step succeeded: the pending sign-in is spent and the session opens, as after a password. */
  private async complete(
    req: Request,
    res: Response,
    pending: { tokenId: number; user: User },
    attempt: SignInAttempt,
  ): Promise<LoginAnswer & { success: true }> {
    if (!(await this.twoFactor.spendPending(pending.tokenId))) throw this.expired(req, res);
    await this.throttle.succeeded(attempt);
    const { opened, user } = await this.auth.openSession(pending.user.id, {
      ...clientOf(req),
      previousSessionId: req.staffSession?.id,
    });
    this.cookies.setSession(req, res, opened);
    this.cookies.setDevice(req, res, await this.signInTokens.rememberDevice(pending.user.id, attempt.deviceId ?? null));
    if (!attempt.deviceId) await this.signInTokens.warnNewDevice(pending.user, clientOf(req), 'password');
    this.cookies.clearMfa(req, res);
    return { success: true, message: 'Connexion réussie.', user };
  }

  private async recordEnabled(user: User, method: SecondFactorMethod, atSignIn: boolean): Promise<void> {
    const name = `${user.firstname} ${user.name}`;
    await this.audit.record(
      null,
      {
        entity: 'user',
        entity_id: user.id,
        label: name,
        action: 'two_factor_enabled',
        changes: { methode: { before: null, after: method } },
      },
      atSignIn ? { actor: 'staff', userId: user.id, userName: name, ip: null } : undefined,
    );
    await this.mail.factorChanged(user, method, 'added');
  }

  private async recordDisabled(user: User, method: SecondFactorMethod): Promise<void> {
    await this.audit.record(null, {
      entity: 'user',
      entity_id: user.id,
      label: `${user.firstname} ${user.name}`,
      action: 'two_factor_disabled',
      changes: { methode: { before: method, after: null } },
    });
    await this.mail.factorChanged(user, method, 'removed');
  }
}
