import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Not, type Repository } from 'typeorm';
import type { RolePermission } from '../access/entities/role-permission.entity.js';
import { User } from '../admins/entities/user.entity.js';
import { leanColumns } from '../common/lean-rows.js';
import { quoteIdentifier } from '../core/database/triggers.js';
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

/** A valid session found from its cookie (its user is `session.user_id`), with the user's rights. */
export interface ActiveSession {
  session: StaffSession;
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
    // One plain statement for the session and the rights of its user's role (one row per category the
    // role has), read as getMany would read them (lean-rows.ts): every staff request passes here, and
    // the query builder's joined entities cost more Node CPU than the rest of a small answer.
    const dataSource = this.sessions.manager.connection;
    const q = quoteIdentifier(dataSource);
    const session = leanColumns(dataSource, StaffSession, 'session');
    // Named, not imported: access sits above auth (docs/architecture.md, the layers).
    const permission = leanColumns<RolePermission>(dataSource, 'RolePermission', 'permission');
    const users = q(dataSource.getMetadata(User).tableName);
    const rows: Record<string, unknown>[] = await this.sessions.query(
      `SELECT ${session.select}, ${permission.select}
         FROM ${session.table} ${q('session')}
        INNER JOIN ${users} u ON u.${q('id')} = ${q('session')}.${q('user_id')}
         LEFT JOIN ${permission.table} ${q('permission')} ON ${q('permission')}.${q('role_id')} = u.${q('role_id')}
        WHERE ${q('session')}.${q('id')} = ?`,
      [sha256Hex(token)],
    );
    if (!rows.length) return null;
    const found = session.read(rows[0]!);
    const rights = rows.filter((raw) => raw.permission_id != null).map((raw) => permission.read(raw));
    const idleSince = now.getTime() - new Date(found.last_seen_at).getTime();
    if (new Date(found.expires_at).getTime() <= now.getTime() || idleSince >= SESSION_IDLE_MS) {
      await this.sessions.delete({ id: found.id });
      return null;
    }
    if (touch && idleSince >= SESSION_TOUCH_MS) {
      // The address rides on the same once-a-minute write: the profile then shows where a session is
      // used from now, which is how a person spots a stolen cookie.
      const changes: Partial<StaffSession> = { last_seen_at: now };
      if (ip && ip.slice(0, 45) !== found.ip) changes.ip = ip.slice(0, 45);
      await this.sessions.update({ id: found.id }, changes);
      Object.assign(found, changes);
    }
    return { session: found, permissions: gridOf(rights) };
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
