import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Not, type Repository } from 'typeorm';
import type { RolePermission } from '../access/entities/role-permission.entity.js';
import type { User } from '../admins/entities/user.entity.js';
import { PERMISSION_CATEGORIES, PERMISSION_RIGHTS, emptyGrid, type PermissionGrid } from '../core/access/permissions.js';
import { StaffSession } from './entities/staff-session.entity.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './session.constants.js';
import { isWellFormedToken, randomToken, sha256Hex } from './tokens.js';

export interface SessionClient {
  ip?: string | null;
  userAgent?: string | null;
}

/** A newly opened session: the cookie token (never stored) and its anti-forgery token. */
export interface OpenedSession {
  token: string;
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** A valid session found from its cookie, with its user and the user's rights. */
export interface ActiveSession {
  session: StaffSession;
  user: User;
  permissions: PermissionGrid;
}

/**
 * Server-side staff sessions in the database (shared by every API replica). The cookie carries a
 * random token; the table keys the session by the token's sha256, so a copy of the table does not
 * yield usable cookies. A session ends after SESSION_IDLE_MS without use or SESSION_ABSOLUTE_MS after
 * sign-in, and is deleted when it is revoked.
 */
@Injectable()
export class SessionService {
  constructor(@InjectRepository(StaffSession) private readonly sessions: Repository<StaffSession>) {}

  async open(userId: number, client: SessionClient = {}): Promise<OpenedSession> {
    const token = randomToken();
    const csrfToken = randomToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    const sessionId = sha256Hex(token);
    await this.sessions.insert({
      id: sessionId,
      user_id: userId,
      csrf_token: csrfToken,
      ip: client.ip?.slice(0, 45) ?? null,
      user_agent: client.userAgent?.slice(0, 255) ?? null,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { token, sessionId, csrfToken, expiresAt };
  }

  /** The session of a cookie token, or null when it is unknown, expired (then deleted) or revoked. */
  /**
   * `touch` false: a background poll (the dashboard's pending-orders bell, the publishing status),
   * which must not keep an idle session alive for ever; it is still checked.
   */
  async resolve(
    token: unknown,
    now = new Date(),
    { touch = true, ip }: { touch?: boolean; ip?: string | null } = {},
  ): Promise<ActiveSession | null> {
    if (!isWellFormedToken(token)) return null;
    // One statement for the session, its user and the rights of the user's role: every staff request
    // passes here (findOne with relations would add a DISTINCT query before it, and the rights another).
    const session = await this.sessions
      .createQueryBuilder('session')
      .leftJoinAndSelect('session.user', 'user')
      .leftJoinAndSelect('user.role', 'role')
      .leftJoinAndSelect('role.permissions', 'permission')
      .where('session.id = :id', { id: sha256Hex(token) })
      .getOne();
    if (!session?.user) return null;
    const rights = session.user.role?.permissions ?? [];
    // The user as before: without its role, which is not the session's to hand out.
    delete session.user.role;
    const idleSince = now.getTime() - new Date(session.last_seen_at).getTime();
    if (new Date(session.expires_at).getTime() <= now.getTime() || idleSince >= SESSION_IDLE_MS) {
      await this.sessions.delete({ id: session.id });
      return null;
    }
    if (touch && idleSince >= SESSION_TOUCH_MS) {
      // The address rides on the same once-a-minute write: the profile then shows where a session is
      // used from now, which is how a person spots a stolen cookie.
      const changes: Partial<StaffSession> = { last_seen_at: now };
      if (ip && ip.slice(0, 45) !== session.ip) changes.ip = ip.slice(0, 45);
      await this.sessions.update({ id: session.id }, changes);
      Object.assign(session, changes);
    }
    return { session, user: session.user, permissions: gridOf(rights) };
  }

  async close(sessionId: string): Promise<void> {
    await this.sessions.delete({ id: sessionId });
  }

  /** The user's sessions still in use, the most recently active first. */
  async listOf(userId: number, now = new Date()): Promise<StaffSession[]> {
    return this.sessions.find({
      where: { user_id: userId, expires_at: MoreThan(now), last_seen_at: MoreThan(new Date(now.getTime() - SESSION_IDLE_MS)) },
      order: { last_seen_at: 'DESC', created_at: 'DESC' },
    });
  }

  /** Ends one of the user's own sessions, found by its public id; null when the user has no such session. */
  async closeOwn(userId: number, publicId: string): Promise<StaffSession | null> {
    if (!PUBLIC_SESSION_ID.test(publicId)) return null;
    const found = (await this.listOf(userId)).find((session) => publicSessionId(session.id) === publicId);
    if (!found) return null;
    await this.sessions.delete({ id: found.id, user_id: userId });
    return found;
  }

  /** Ends every session of a user but `keepSessionId`; answers how many ended. */
  async closeOthers(userId: number, keepSessionId: string): Promise<number> {
    const deleted = await this.sessions.delete({ user_id: userId, id: Not(keepSessionId) });
    return deleted.affected ?? 0;
  }

  /** Ends every session of a user, but the one given (the request that made the change). */
  async revokeUser(userId: number, keepSessionId?: string): Promise<void> {
    await this.sessions.delete(keepSessionId ? { user_id: userId, id: Not(keepSessionId) } : { user_id: userId });
  }

  /** Ends the sessions of every user holding a role, but the one given. */
  async revokeRole(roleId: number, keepSessionId?: string): Promise<void> {
    const qb = this.sessions
      .createQueryBuilder()
      .delete()
      .from(StaffSession)
      .where(`user_id IN (SELECT u.id FROM users u WHERE u.role_id = :roleId)`, { roleId });
    if (keepSessionId) qb.andWhere('id <> :keep', { keep: keepSessionId });
    await qb.execute();
  }

  /**
   * The user changed their own credentials: every other session ends and the current one is replaced by
   * a new one (new id, new anti-forgery token), so a token captured before the change is worthless.
   */
  async rotate(userId: number, client: SessionClient = {}): Promise<OpenedSession> {
    await this.revokeUser(userId);
    return this.open(userId, client);
  }

  /** Removes sessions that can no longer be used (called now and then, e.g. at sign-in). */
  async purgeExpired(now = new Date()): Promise<void> {
    await this.sessions.delete({ expires_at: LessThan(now) });
    await this.sessions.delete({ last_seen_at: LessThan(new Date(now.getTime() - SESSION_IDLE_MS)) });
  }
}

/**
 * The id a session is shown under in the profile: derived from its key (itself the sha256 of the
 * cookie), so the key never leaves the server and an id means nothing outside its owner's list.
 */
export const publicSessionId = (sessionId: string): string => sha256Hex(`session-view:${sessionId}`).slice(0, 32);
export const PUBLIC_SESSION_ID = /^[0-9a-f]{32}$/;

/** The rights of a role's permission rows, as a full grid (categories without a row grant nothing). */
function gridOf(rows: RolePermission[]): PermissionGrid {
  const grid = emptyGrid();
  for (const row of rows) {
    if (!(PERMISSION_CATEGORIES as readonly string[]).includes(row.category)) continue;
    for (const right of PERMISSION_RIGHTS) grid[row.category][right] = Boolean(row[right]);
  }
  return grid;
}
