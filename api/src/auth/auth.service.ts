import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { currentUserView } from '../admins/user-view.js';
import type { CurrentUser } from '../contract/staff.js';
import { ApiError, ValidationFailed, unauthenticated } from '../core/errors/api-error.js';
import type { LoginDto } from './dto/login.dto.js';
import { hashPassword, verifyPassword } from './password.js';
import { SessionService, type OpenedSession, type SessionClient } from './session.service.js';
import { SignInThrottle, type SignInAttempt } from './sign-in-throttle.js';
import { SIGN_IN_LINK_SENT, SignInTokens } from './sign-in-tokens.service.js';
import { randomToken } from './tokens.js';
import { TwoFactorService, type SecondFactorNeeded } from './two-factor/two-factor.service.js';

/** Same text whether the address is unknown or the password wrong: sign-in never tells which. */
export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';

@Injectable()
export class AuthService implements OnModuleInit {
  /** A hash of nothing anyone knows, verified for unknown addresses so they cost the same time. */
  private decoyHash!: Promise<string>;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
    private readonly signInTokens: SignInTokens,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  onModuleInit(): void {
    this.decoyHash = hashPassword(randomToken());
  }

  /**
   * Checks the credentials (throttled as `sign-in-throttle.ts` explains) and opens a new session; the
   * session the browser had before, if any, is closed, so sign-in always gives a new session id.
   * `deviceId` is the browser's device cookie when it belongs to this account (`SignInTokens.deviceOf`).
   */
  async login(
    dto: LoginDto,
    client: SessionClient & { previousSessionId?: string; deviceId?: string | null },
  ): Promise<{ opened: OpenedSession; user: CurrentUser } | { secondFactor: SecondFactorNeeded }> {
    const attempt = { email: dto.email, ip: client.ip, deviceId: client.deviceId };
    await this.throttle.refuseIfLocked(attempt);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.password_hash')
      .where('user.email = :email', { email: dto.email })
      .getOne();
    const matches = await verifyPassword(user?.password_hash ?? (await this.decoyHash), dto.password);
    if (await this.throttle.needsEmailedLink(attempt)) {
      // Past the account's soft ceiling, from a browser that is not one of its devices, the password's
      // answer is never told: right or wrong (or an unknown address), the same status, body and work.
      // Only the mailbox's owner can go on, through the link (at most one a link's lifetime is sent,
      // so guesses cannot flood the mailbox). A right password is counted like a wrong one here: the
      // link clears the account's counter once used.
      await this.failed(attempt, user?.id ?? null);
      await this.signInTokens.offerLink(user ?? null);
      throw new ApiError(HttpStatus.FORBIDDEN, SIGN_IN_LINK_SENT, { sign_in_link_sent: true });
    }
    if (!user || !matches) {
      await this.failed(attempt, user?.id ?? null);
      throw new ValidationFailed({ email: [WRONG_CREDENTIALS] }, WRONG_CREDENTIALS);
    }
    // With a second factor the session waits for it, and the counters of this browser are cleared only
    // once it is given: a known password must not buy fresh guesses at the code.
    const secondFactor = await this.twoFactor.requirementFor(user.id);
    if (secondFactor) return { secondFactor };
    await this.throttle.succeeded(attempt);
    return this.openSession(user.id, client);
  }

  /** A failed sign-in: counted, and journalled against the account when the address exists (its history shows it). */
  private async failed(attempt: SignInAttempt, userId: number | null): Promise<void> {
    await this.throttle.failed(attempt);
    await this.audit.record(
      null,
      { entity: 'user', entity_id: userId, label: attempt.email, action: 'login_failed', changes: null },
      { actor: 'public', userId: null, userName: null, ip: attempt.ip ?? null },
    );
  }

  /** Opens a session for an account whose owner proved who they are (password, or e-mailed link). */
  async openSession(
    userId: number,
    client: SessionClient & { previousSessionId?: string },
  ): Promise<{ opened: OpenedSession; user: CurrentUser }> {
    if (client.previousSessionId) await this.sessions.close(client.previousSessionId);
    await this.sessions.purgeExpired();
    const opened = await this.sessions.open(userId, client);
    const user = await this.currentUser(userId);
    const name = `${user.firstname} ${user.name}`;
    await this.audit.record(
      null,
      { entity: 'user', entity_id: userId, label: name, action: 'login', changes: null },
      { actor: 'staff', userId, userName: name, ip: client.ip ?? null },
    );
    return { opened, user };
  }

  async currentUser(userId: number): Promise<CurrentUser> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { role: { permissions: true } } });
    if (!user) throw unauthenticated();
    return currentUserView(user, user.role);
  }
}
