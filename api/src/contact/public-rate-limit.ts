import {
  HttpStatus,
  Inject,
  Injectable,
  Module,
  SetMetadata,
  UseGuards,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { LoginThrottle } from '../auth/entities/login-throttle.entity.js';
import { ThrottleService, waitText, type ThrottleRule } from '../auth/throttle.service.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ApiError } from '../core/errors/api-error.js';
import { PublicWrite } from '../core/web/public-writes.js';

const MINUTE = 60_000;

/**
 * Limits of the public forms, per client address (behind a proxy only with TRUST_PROXY).
 * RATE_LIMIT_FACTOR multiplies every `max` (tests, or many offices behind one address). The
 * counters live in the database (the throttle table of sign-in), so every API replica counts the
 * same requests; each change is one atomic statement.
 */
export const PUBLIC_RATE_LIMITS = {
  order: { max: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  /** The cart's indicative conversion, asked again as the visitor changes quantities: generous. */
  estimate: { max: 300, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  contact: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  newsletter: { max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** The client's order page (quotes/): reading it and its PDFs, from an e-mailed link. */
  client: { max: 300, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** The client's answers on that page: messages, acceptance, refusal. */
  'client-write': { max: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** "Mes commandes" link requests, like password recovery (the service also limits per address). */
  'my-orders': { max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export type PublicForm = keyof typeof PUBLIC_RATE_LIMITS;

const MESSAGES: Record<PublicForm, (wait: string) => string> = {
  order: (wait) => `Trop de commandes envoyées depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  estimate: (wait) => `Trop de demandes d’estimation depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  contact: (wait) => `Trop de messages envoyés depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  newsletter: (wait) => `Trop de demandes d’inscription depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  client: (wait) => `Trop de demandes depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  'client-write': (wait) => `Trop de messages envoyés depuis votre connexion. Veuillez réessayer dans ${wait}.`,
  'my-orders': (wait) => `Trop de demandes de lien depuis votre connexion. Veuillez réessayer dans ${wait}.`,
};

const RATE_LIMIT_FORM = 'comptoir:public-rate-limit';

@Injectable()
export class PublicRateLimiter {
  constructor(
    private readonly throttle: ThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  rule(form: PublicForm): ThrottleRule {
    const base = PUBLIC_RATE_LIMITS[form];
    return { ...base, max: Math.max(1, Math.round(base.max * this.config.rateLimitFactor)) };
  }

  /** Counts this request; a 429 in French (with Retry-After) once the address has used its quota. */
  async consume(form: PublicForm, req: Request, res: Response): Promise<void> {
    const ip = req.ip ?? req.socket?.remoteAddress ?? 'unknown';
    const key = `public:${form}:${ip}`.slice(0, 191);
    const wait = await this.throttle.lockedFor([key]);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, MESSAGES[form](waitText(wait)));
    }
    await this.throttle.hit(key, this.rule(form));
  }
}

/** Runs before validation, so that malformed floods are counted too. */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: PublicRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const form = this.reflector.get<PublicForm | undefined>(RATE_LIMIT_FORM, context.getHandler());
    if (!form) return true;
    const http = context.switchToHttp();
    await this.limiter.consume(form, http.getRequest<Request>(), http.getResponse<Response>());
    return true;
  }
}

/**
 * Marks a public form route as rate limited (per client address, see PUBLIC_RATE_LIMITS); it declares
 * the route a public write too (the public body limit).
 */
export const RateLimited = (form: PublicForm) =>
  applyDecorators(SetMetadata(RATE_LIMIT_FORM, form), PublicWrite({ throttle: form }), UseGuards(PublicRateLimitGuard));

/** What a module with rate-limited public forms imports. */
@Module({
  imports: [TypeOrmModule.forFeature([LoginThrottle])],
  providers: [ThrottleService, PublicRateLimiter, PublicRateLimitGuard],
  exports: [ThrottleService, PublicRateLimiter, PublicRateLimitGuard],
})
export class PublicRateLimitModule {}
