import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { currentUserView } from '../admins/user-view.js';
import type { CurrentUser } from '../contract/staff.js';
import { ValidationFailed, unauthenticated } from '../core/errors/api-error.js';
import type { LoginDto } from './dto/login.dto.js';
import { hashPassword, verifyPassword } from './password.js';
import { SessionService, type OpenedSession, type SessionClient } from './session.service.js';
import { THROTTLE_RULES, ThrottleService, TooManyAttempts, waitText } from './throttle.service.js';
import { randomToken } from './tokens.js';
import { AuditService } from '../audit/audit.service.js';

/** Same text whether the address is unknown or the password wrong: sign-in never tells which. */
export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';

export const loginKeys = (email: string, ip: string | null | undefined) => ({
  email: `login:email:${email}`,
  ip: `login:ip:${ip || 'unknown'}`,
});

@Injectable()
export class AuthService implements OnModuleInit {
  /** A hash of nothing anyone knows, verified for unknown addresses so they cost the same time. */
  private decoyHash!: Promise<string>;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly throttle: ThrottleService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.decoyHash = hashPassword(randomToken());
  }

  /**
   * Checks the credentials (throttled per address and per IP) and opens a new session; the session the
   * browser had before, if any, is closed, so sign-in always gives a new session id.
   */
  async login(
    dto: LoginDto,
    client: SessionClient & { previousSessionId?: string },
  ): Promise<{ opened: OpenedSession; user: CurrentUser }> {
    const keys = loginKeys(dto.email, client.ip);
    const wait = await this.throttle.lockedFor([keys.email, keys.ip]);
    if (wait > 0) {
      throw new TooManyAttempts(`Trop de tentatives de connexion. Veuillez réessayer dans ${waitText(wait)}.`, wait);
    }
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.password_hash')
      .where('user.email = :email', { email: dto.email })
      .getOne();
    const matches = await verifyPassword(user?.password_hash ?? (await this.decoyHash), dto.password);
    if (!user || !matches) {
      await this.throttle.hit(keys.email, THROTTLE_RULES.loginEmail);
      await this.throttle.hit(keys.ip, THROTTLE_RULES.loginIp);
      // Recorded against the account when the address exists, so its history shows attempts on it.
      await this.audit.record(
        null,
        { entity: 'user', entity_id: user?.id ?? null, label: dto.email, action: 'login_failed', changes: null },
        { actor: 'public', userId: null, userName: null, ip: client.ip ?? null },
      );
      throw new ValidationFailed({ email: [WRONG_CREDENTIALS] }, WRONG_CREDENTIALS);
    }
    await this.throttle.clear(keys.email);
    if (client.previousSessionId) await this.sessions.close(client.previousSessionId);
    await this.sessions.purgeExpired();
    const opened = await this.sessions.open(user.id, client);
    const name = `${user.firstname} ${user.name}`;
    await this.audit.record(
      null,
      { entity: 'user', entity_id: user.id, label: name, action: 'login', changes: null },
      { actor: 'staff', userId: user.id, userName: name, ip: client.ip ?? null },
    );
    return { opened, user: await this.currentUser(user.id) };
  }

  async currentUser(userId: number): Promise<CurrentUser> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { role: { permissions: true } } });
    if (!user) throw unauthenticated();
    return currentUserView(user, user.role);
  }
}
