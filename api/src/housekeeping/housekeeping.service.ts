import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Brackets, DataSource, LessThan, Not } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { LoginThrottle } from '../auth/entities/login-throttle.entity.js';
import { PasswordResetToken } from '../auth/entities/password-reset-token.entity.js';
import { StaffSession } from '../auth/entities/staff-session.entity.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { runExclusively } from '../core/lease/lease.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { PublishChange } from '../publishing/entities/publish-change.entity.js';
import { SiteBuildState } from '../publishing/entities/site-build-state.entity.js';
import { watchLedger } from '../stock/ledger/ledger-watch.js';
import { watchTotals } from '../invoices/invoice-totals.js';
import { watchOrderFigures } from './order-figures-watch.js';

const DAY_MS = 24 * 60 * 60_000;
/** A throttle counter is kept a day after its window started (windows and locks last 15 minutes). */
const THROTTLE_KEEP_MS = DAY_MS;
/** Longer than any purge takes; a replica that dies mid-purge frees the job after this. */
const LEASE_TTL_MS = 10 * 60_000;

export interface PurgeCounts {
  loginThrottles: number;
  publishChanges: number;
  mailBodies: number;
  mails: number;
  sessions: number;
  resetTokens: number;
  auditEntries: number;
}

/**
 * Tables that would otherwise grow forever, trimmed every hour by one replica at a time (a lease in
 * job_leases): expired sign-in throttles, site changes already built and older than
 * PUBLISH_CHANGES_RETENTION_DAYS, the bodies of sent mails after MAIL_BODY_RETENTION_DAYS and the sent
 * or failed mails themselves after MAIL_RETENTION_DAYS, expired staff sessions and recovery links,
 * and activity-history entries older than AUDIT_RETENTION_DAYS.
 */
@Injectable()
export class HousekeepingService {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    @Optional() private readonly metrics?: MetricsRecorder,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'housekeeping' })
  async scheduled(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      this.logger.error(`Housekeeping failed: ${(error as Error).message}`);
    }
  }

  /** One pass, unless another process is running one; answers what was removed (undefined: skipped). */
  async run(now = new Date()): Promise<PurgeCounts | undefined> {
    const outcome = await runExclusively(this.dataSource, 'housekeeping', LEASE_TTL_MS, async () => {
      const purged = await this.purge(now);
      // The order list's stored figures against their sources, repaired under the lease (one replica).
      await watchOrderFigures(this.dataSource, this.logger, this.metrics).catch((error: unknown) =>
        this.logger.error(`Order figures check failed: ${(error as Error).message}`),
      );
      return purged;
    });
    if (!outcome.ran) {
      this.logger.debug('Housekeeping skipped: another process is running it');
      return undefined;
    }
    const counts = outcome.result;
    // The stock columns against the ledger's sums: each difference logged, the count in the metric.
    await watchLedger(this.dataSource, this.logger).catch((error: unknown) =>
      this.logger.error(`Stock ledger check failed: ${(error as Error).message}`),
    );
    // The invoices' stored totals (the list's amount sorts) against their documents, each difference logged.
    await watchTotals(this.dataSource, this.logger).catch((error: unknown) =>
      this.logger.error(`Invoice totals check failed: ${(error as Error).message}`),
    );
    const removed = Object.entries(counts).filter(([, n]) => n > 0);
    const line = `Housekeeping: ${removed.map(([what, n]) => `${what} ${n}`).join(', ') || 'nothing to remove'}`;
    if (removed.length) this.logger.log(line);
    else this.logger.debug(line);
    return counts;
  }

  /** The purges themselves, without the lease (tests call them directly through run()). */
  async purge(now = new Date()): Promise<PurgeCounts> {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const m = this.dataSource.manager;

    const throttles = await m
      .createQueryBuilder()
      .delete()
      .from(LoginThrottle)
      .where('window_started_at < :before', { before: ago(THROTTLE_KEEP_MS) })
      .andWhere(new Brackets((q) => q.where('locked_until IS NULL').orWhere('locked_until < :now', { now })))
      .execute();

    // Only changes already served by a build: the dashboard lists the pending ones.
    const state = await m.findOneBy(SiteBuildState, { id: 1 });
    const changes = await m.delete(PublishChange, {
      created_at: LessThan(ago(this.config.publishChangesRetentionDays * DAY_MS)),
      seq: LessThan((state?.built_seq ?? 0) + 1),
    });

    const bodies = await m.update(
      OutgoingMail,
      { status: 'sent', sent_at: LessThan(ago(this.config.mailBodyRetentionDays * DAY_MS)), text: Not('') },
      { text: '', html: null },
    );
    const mailCutoff = ago(this.config.mailRetentionDays * DAY_MS);
    const sent = await m.delete(OutgoingMail, { status: 'sent', sent_at: LessThan(mailCutoff) });
    const failed = await m.delete(OutgoingMail, { status: 'failed', created_at: LessThan(mailCutoff) });

    const sessions = await m.delete(StaffSession, { expires_at: LessThan(now) });
    const tokens = await m.delete(PasswordResetToken, { expires_at: LessThan(now) });
    const auditEntries = await this.audit.purgeExpired(now);

    return {
      loginThrottles: throttles.affected ?? 0,
      publishChanges: changes.affected ?? 0,
      mailBodies: bodies.affected ?? 0,
      mails: (sent.affected ?? 0) + (failed.affected ?? 0),
      sessions: sessions.affected ?? 0,
      resetTokens: tokens.affected ?? 0,
      auditEntries,
    };
  }
}
