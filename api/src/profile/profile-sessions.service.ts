import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { deviceLabel } from '../auth/device-label.js';
import type { StaffSession } from '../auth/entities/staff-session.entity.js';
import { SessionService, publicSessionId } from '../auth/session.service.js';
import type { StaffSessionView } from '../contract/staff.js';
import type { StaffPrincipal } from '../core/access/permissions.js';
import { notFound } from '../core/errors/api-error.js';

export const SESSION_MESSAGES = {
  notFound: 'Session introuvable.',
  closed: 'Session déconnectée.',
  closedOthers: (count: number) =>
    count === 0
      ? 'Aucune autre session ouverte.'
      : count === 1
        ? 'Une autre session a été déconnectée.'
        : `${count} autres sessions ont été déconnectées.`,
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The signed-in person's own sessions ("Sessions actives" of the profile). Everything is scoped to
 * the principal's user: an id of another person's session is simply not found (404), never told apart.
 */
@Injectable()
export class ProfileSessionsService {
  constructor(
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: StaffPrincipal): Promise<StaffSessionView[]> {
    const rows = await this.sessions.listOf(actor.userId);
    const views = rows.map((row) => view(row, row.id === actor.sessionId));
    // The current one first: it is the reference the others are read against.
    return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
  }

  /** Ends one of the person's sessions; answers whether it was the request's own. */
  async close(actor: StaffPrincipal, publicId: string): Promise<{ current: boolean }> {
    const closed = await this.sessions.closeOwn(actor.userId, publicId);
    if (!closed) throw notFound(SESSION_MESSAGES.notFound);
    await this.audit.record(null, {
      entity: 'user',
      entity_id: actor.userId,
      label: null,
      action: 'session_revoked',
      changes: { session: { before: describe(closed), after: null } },
    });
    return { current: closed.id === actor.sessionId };
  }

  async closeOthers(actor: StaffPrincipal): Promise<number> {
    const count = await this.sessions.closeOthers(actor.userId, actor.sessionId);
    if (count > 0) {
      await this.audit.record(null, {
        entity: 'user',
        entity_id: actor.userId,
        label: null,
        action: 'session_revoked',
        changes: { autres_sessions: { before: count, after: 0 } },
      });
    }
    return count;
  }
}

function view(row: StaffSession, current: boolean): StaffSessionView {
  return {
    id: publicSessionId(row.id),
    device: deviceLabel(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    current,
  };
}

/** What the journal keeps of an ended session: enough to recognise it, never its key. */
const describe = (row: StaffSession) => `${deviceLabel(row.user_agent)} · ${row.ip ?? 'adresse inconnue'}`;
