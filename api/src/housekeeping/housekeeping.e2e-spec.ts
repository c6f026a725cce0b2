import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { User } from '../admins/entities/user.entity.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../auth/entities/login-throttle.entity.js';
import { PasswordResetToken } from '../auth/entities/password-reset-token.entity.js';
import { StaffSession } from '../auth/entities/staff-session.entity.js';
import { Lease } from '../core/lease/lease.js';
import { OutgoingMail, type MailStatus } from '../mail/entities/outgoing-mail.entity.js';
import { PublishChange } from '../publishing/entities/publish-change.entity.js';
import { SiteBuildState } from '../publishing/entities/site-build-state.entity.js';
import { TEST_ADMIN, createTestApp, type TestApp } from '../../test/support/test-app.js';
import { HousekeepingService } from './housekeeping.service.js';

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('housekeeping', () => {
  let t: TestApp;
  let housekeeping: HousekeepingService;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_RETENTION_DAYS: '90', MAIL_BODY_RETENTION_DAYS: '7' } });
    housekeeping = t.app.get(HousekeepingService);
    adminId = (await t.dataSource.getRepository(User).findOneByOrFail({ email: TEST_ADMIN.email })).id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    for (const entity of [LoginThrottle, PublishChange, OutgoingMail, StaffSession, PasswordResetToken]) {
      await t.dataSource.getRepository(entity).clear();
    }
  });

  it('removes the sign-in throttles whose window and lock are over, and only those', async () => {
    await t.dataSource.getRepository(LoginThrottle).insert([
      { key: 'old', failures: 3, window_started_at: ago(2 * DAY), locked_until: null },
      { key: 'old-locked-long-ago', failures: 5, window_started_at: ago(2 * DAY), locked_until: ago(2 * DAY - 15 * 60_000) },
      { key: 'recent', failures: 2, window_started_at: ago(10 * 60_000), locked_until: null },
      { key: 'still-locked', failures: 5, window_started_at: ago(2 * DAY), locked_until: later(60_000) },
    ]);
    const counts = await housekeeping.run(NOW);
    expect(counts?.loginThrottles).toBe(2);
    expect((await t.dataSource.getRepository(LoginThrottle).find()).map((r) => r.key).sort()).toEqual(['recent', 'still-locked']);
  });

  it('removes old site changes already built, never pending ones', async () => {
    await t.dataSource.getRepository(SiteBuildState).save({ id: 1, requested_seq: 6, built_seq: 5 });
    const repo = t.dataSource.getRepository(PublishChange);
    const add = async (seq: number, createdAt: Date) => {
      const { identifiers } = await repo.insert({ seq, kind: 'product.updated', label: `Changement ${seq}` });
      await repo.update(identifiers[0].id, { created_at: createdAt });
    };
    await add(4, ago(40 * DAY)); // built, old: removed
    await add(5, ago(10 * DAY)); // built, recent: kept
    await add(6, ago(40 * DAY)); // old but not built yet: kept
    const counts = await housekeeping.run(NOW);
    expect(counts?.publishChanges).toBe(1);
    expect((await repo.find({ order: { seq: 'ASC' } })).map((c) => c.seq)).toEqual([5, 6]);
  });

  it('drops the bodies of sent mails after a week and the mails after the retention, keeping queued ones', async () => {
    const repo = t.dataSource.getRepository(OutgoingMail);
    const add = async (subject: string, status: MailStatus, sentAt: Date | null, createdAt: Date) => {
      const { identifiers } = await repo.insert({
        to_address: 'client@example.org',
        subject,
        text: `Corps ${subject}`,
        html: `<p>${subject}</p>`,
        kind: 'test',
        status,
        attempts: 1,
        sent_at: sentAt,
        next_attempt_at: status === 'queued' ? later(DAY) : null,
      });
      await repo.update(identifiers[0].id, { created_at: createdAt });
    };
    await add('sent-yesterday', 'sent', ago(DAY), ago(DAY));
    await add('sent-two-weeks-ago', 'sent', ago(14 * DAY), ago(14 * DAY));
    await add('sent-long-ago', 'sent', ago(100 * DAY), ago(100 * DAY));
    await add('failed-long-ago', 'failed', null, ago(100 * DAY));
    await add('queued-long-ago', 'queued', null, ago(100 * DAY));
    const counts = await housekeeping.run(NOW);
    expect(counts).toMatchObject({ mailBodies: 2, mails: 2 });
    const left = Object.fromEntries((await repo.find()).map((m) => [m.subject, { text: m.text, html: m.html }]));
    expect(left).toEqual({
      'sent-yesterday': { text: 'Corps sent-yesterday', html: '<p>sent-yesterday</p>' },
      'sent-two-weeks-ago': { text: '', html: null },
      'queued-long-ago': { text: 'Corps queued-long-ago', html: '<p>queued-long-ago</p>' },
    });
    // A second pass finds nothing more to do.
    expect(await housekeeping.run(NOW)).toMatchObject({ mailBodies: 0, mails: 0 });
  });

  it('removes expired staff sessions and recovery links', async () => {
    const session = (id: string, expires: Date) => ({
      id: id.padEnd(64, '0'),
      user_id: adminId,
      csrf_token: 'x'.repeat(64),
      ip: null,
      user_agent: null,
      last_seen_at: ago(DAY),
      expires_at: expires,
    });
    await t.dataSource.getRepository(StaffSession).insert([session('a', ago(1000)), session('b', later(DAY))]);
    await t.dataSource.getRepository(PasswordResetToken).insert([
      { user_id: adminId, token_hash: 'a'.repeat(64), expires_at: ago(1000), used_at: null },
      { user_id: adminId, token_hash: 'b'.repeat(64), expires_at: later(30 * 60_000), used_at: null },
    ]);
    const counts = await housekeeping.run(NOW);
    expect(counts).toMatchObject({ sessions: 1, resetTokens: 1 });
    expect((await t.dataSource.getRepository(StaffSession).find()).map((s) => s.id[0])).toEqual(['b']);
    expect((await t.dataSource.getRepository(PasswordResetToken).find()).map((s) => s.token_hash[0])).toEqual(['b']);
  });

  it('removes activity-history entries older than AUDIT_RETENTION_DAYS (365) and keeps the others', async () => {
    const entry = (label: string, created_at: Date) => ({
      created_at,
      actor: 'staff',
      user_id: adminId,
      user_name: 'Administrateur',
      ip: null,
      entity: 'product',
      entity_id: 1,
      label,
      action: 'update',
      changes: null,
    });
    const audit = t.dataSource.getRepository(AuditEntry);
    await audit.createQueryBuilder().delete().execute();
    await audit.insert([entry('old', ago(366 * DAY)), entry('recent', ago(364 * DAY))]);
    const counts = await housekeeping.run(NOW);
    expect(counts).toMatchObject({ auditEntries: 1 });
    expect((await audit.find()).map((e) => e.label)).toEqual(['recent']);
  });

  it('runs in one process at a time: a pass is skipped while another holds the lease', async () => {
    await t.dataSource.getRepository(StaffSession).insert({
      id: 'c'.padEnd(64, '0'),
      user_id: adminId,
      csrf_token: 'x'.repeat(64),
      ip: null,
      user_agent: null,
      last_seen_at: ago(DAY),
      expires_at: ago(1000),
    });
    const other = new Lease(t.dataSource, 'housekeeping', 'another-replica');
    expect(await other.acquire(60_000)).toBe(true);
    expect(await housekeeping.run(NOW)).toBeUndefined();
    expect(await t.dataSource.getRepository(StaffSession).count()).toBe(1);
    await other.release();
    expect(await housekeeping.run(NOW)).toMatchObject({ sessions: 1 });
  });
});
