import { Inject, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../admins/entities/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailModule } from '../mail/mail.module.js';
import { LocalStrategy } from './passport/local.strategy.js';
import { SessionStrategy } from './passport/session.strategy.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CurrentPassword } from './current-password.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { SignInToken } from './entities/sign-in-token.entity.js';
import { StaffSession } from './entities/staff-session.entity.js';
import { RecoveryController } from './recovery.controller.js';
import { RecoveryService } from './recovery.service.js';
import { SessionCookies } from './session-cookies.js';
import { SessionService } from './session.service.js';
import { useCompanyWords } from './password-rules.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInTokens } from './sign-in-tokens.service.js';
import { setCompanyEmailDomain } from './staff-email.js';
import { ThrottleService } from './throttle.service.js';
import { RecoveryCode } from './two-factor/entities/recovery-code.entity.js';
import { TwoFactorCredential } from './two-factor/entities/two-factor-credential.entity.js';
import { TwoFactorMail } from './two-factor/two-factor-mail.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/**
 * Staff sign-in, sessions, anti-forgery tokens and recovery, through passport: the local strategy signs
 * in (`POST /login`), the session strategy authenticates every request from its database session
 * cookie (global `SessionAuthGuard`) and gives the permissions guard the principal and the
 * anti-forgery verdict.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      User,
      StaffSession,
      PasswordResetToken,
      LoginThrottle,
      SignInToken,
      TwoFactorCredential,
      RecoveryCode,
    ]),
    MailModule,
    PassportModule,
  ],
  controllers: [AuthController, RecoveryController, TwoFactorController],
  providers: [
    AuthService,
    CurrentPassword,
    RecoveryService,
    SessionService,
    SessionCookies,
    ThrottleService,
    SignInThrottle,
    SignInTokens,
    LocalStrategy,
    SessionStrategy,
    TwoFactorService,
    TwoFactorMail,
  ],
  exports: [SessionService, SessionCookies, ThrottleService, SignInThrottle, SignInTokens, CurrentPassword],
})
export class AuthModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    setCompanyEmailDomain(config.companyEmailDomain);
    useCompanyWords({ name: config.company.name, domain: config.companyEmailDomain });
  }
}
