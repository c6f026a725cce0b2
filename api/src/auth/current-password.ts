import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { invalidField } from '../core/errors/api-error.js';
import { verifyPassword } from './password.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { TooManyAttempts, waitText } from './throttle.service.js';

export const CURRENT_PASSWORD_WRONG = 'Le mot de passe actuel est incorrect.';

/**
 * The current password, asked again before what would let a session left open or stolen take the
 * account over (ASVS 5 §6.2.3, §6.4): changing the e-mail or the password, removing a second factor,
 * making new recovery codes. Wrong guesses count like failed sign-ins of the account from this client
 * address, so a stolen session cannot be used to guess the password either.
 */
@Injectable()
export class CurrentPassword {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly throttle: SignInThrottle,
  ) {}

  /** `missing`: the French message when no password was given (it says what needs it). */
  async assert(user: Pick<User, 'id' | 'email'>, given: unknown, client: { ip?: string | null }, missing: string): Promise<void> {
    if (typeof given !== 'string' || !given) throw invalidField('current_password', missing);
    const attempt = { email: user.email, ip: client.ip };
    const wait = await this.throttle.waitFor(attempt);
    if (wait > 0) throw new TooManyAttempts(`Trop de tentatives. Veuillez réessayer dans ${waitText(wait)}.`, wait);
    const row = await this.users
      .createQueryBuilder('user')
      .addSelect('user.password_hash')
      .where('user.id = :id', { id: user.id })
      .getOneOrFail();
    if (!(await verifyPassword(row.password_hash, given))) {
      await this.throttle.failed(attempt);
      throw invalidField('current_password', CURRENT_PASSWORD_WRONG);
    }
  }
}
