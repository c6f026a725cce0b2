import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { createValidationPipe } from '../../core/errors/validation.pipe.js';
import { LoginDto } from '../dto/login.dto.js';
export const LOCAL_STRATEGY = 'local';

/** Made on first use: the pipe loads class-validator asynchronously when it is constructed. */
let validation: ReturnType<typeof createValidationPipe> | undefined;

/**
 * Route guard of `POST /login`. Guards run before pipes, so the body is validated here first with the
 * application's one validation pipe: a missing or foreign address still answers 422 with the field's
 * French message (and the address is normalised) before the local strategy checks the password.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard(LOCAL_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    validation ??= createValidationPipe();
    req.body = await validation.transform(req.body ?? {}, { type: 'body', metatype: LoginDto });
    return (await super.canActivate(context)) as boolean;
  }
}
