import { Inject, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RolePermission } from '../access/entities/role-permission.entity.js';
import { User } from '../admins/entities/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailModule } from '../mail/mail.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { SignInToken } from './entities/sign-in-token.entity.js';
import { StaffSession } from './entities/staff-session.entity.js';
import { RecoveryController } from './recovery.controller.js';
import { RecoveryService } from './recovery.service.js';
import { SessionCookies } from './session-cookies.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInTokens } from './sign-in-tokens.service.js';
import { setCompanyEmailDomain } from './staff-email.js';
import { ThrottleService } from './throttle.service.js';

/**
 * Staff sign-in, sessions, anti-forgery tokens and recovery. Its middleware runs before every API
 * route and gives the permissions guard the request's principal and anti-forgery verdict.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([User, RolePermission, StaffSession, PasswordResetToken, LoginThrottle, SignInToken]),
    MailModule,
  ],
  controllers: [AuthController, RecoveryController],
  providers: [
    AuthService,
    RecoveryService,
    SessionService,
    SessionCookies,
    SessionMiddleware,
    ThrottleService,
    SignInThrottle,
    SignInTokens,
  ],
  exports: [SessionService, SessionCookies, ThrottleService, SignInThrottle, SignInTokens],
})
export class AuthModule implements NestModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    setCompanyEmailDomain(config.companyEmailDomain);
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
