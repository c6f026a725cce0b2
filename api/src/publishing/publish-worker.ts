import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { Lease, processOwner } from '../core/lease/lease.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { DeployHook } from './deploy-hook.js';
import { PublishChange } from './entities/publish-change.entity.js';
import { SiteBuildState } from './entities/site-build-state.entity.js';
import { SiteBuilderService } from './site-builder.service.js';

/** How often a builder looks for queued work, at most: a dead builder's lease is noticed this late. */
const MAX_POLL_MS = 5_000;
/** How often the builder looks for changes to publish by priority during a cold build. */
const EDIT_POLL_MS = 1_000;

/**
 * Turns queued changes into builds: at most one build at a time across every API process sharing the
 * database (a lock row with an expiry, kept alive by a heartbeat, so a killed process frees it), and
 * every change that arrives during a build is served by one more build after it, not one per change.
 */
@Injectable()
export class PublishWorker implements OnApplicationShutdown {
  private readonly logger = new Logger('PublishWorker');
  readonly owner = processOwner();
  /** The build's claim, kept on the state row that the publishing status and metrics read. */
  private readonly lock: Lease;
  private running: Promise<void> | null = null;
  private again = false;
  private poller: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The change the running build serves up to, and the last one a priority publish made live. */
  private buildTarget = 0;
  private editedSeq = 0;
  private editing: Promise<void> | null = null;
  private editAgain = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly builder: SiteBuilderService,
    private readonly deployHook: DeployHook,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: MetricsRecorder,
  ) {
    const slot = { entity: SiteBuildState, where: { id: 1 }, ownerColumn: 'lock_owner', expiresColumn: 'lock_expires_at' };
    this.lock = new Lease(dataSource, slot, this.owner);
  }

  /** The lease (PUBLISH_LOCK_TTL_MS, 20 s by default) is renewed four times per period while building. */
  private get lockTtlMs(): number {
    return this.config.publishLockTtlMs;
  }

  private get heartbeatMs(): number {
    return Math.max(250, Math.floor(this.lockTtlMs / 4));
  }

  get enabled(): boolean {
    return this.config.buildSiteOnBoot && !this.stopped;
  }

  /** Starts polling, so work queued by another process (or left by a crashed one) gets built. */
  start(): void {
    if (!this.enabled || this.poller) return;
    this.poller = setInterval(() => this.kick(), Math.min(MAX_POLL_MS, this.heartbeatMs));
    this.poller.unref();
    this.kick();
  }

  kick(): void {
    if (!this.enabled) return;
    if (this.running) {
      this.again = true;
      if (this.builder.isColdBuilding()) this.publishEdits();
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.error(`Publishing failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when this process has nothing more to build (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private get states(): Repository<SiteBuildState> {
    return this.dataSource.getRepository(SiteBuildState);
  }

  private async drain(): Promise<void> {
    for (;;) {
      const state = await this.states.findOneBy({ id: 1 });
      if (!state || state.requested_seq <= state.built_seq) return;
      if (state.requested_seq <= state.failed_seq) return; // failed already; wait for a new change
      if (!(await this.acquireLock())) return; // another process builds; the poll comes back
      const target = (await this.states.findOneByOrFail({ id: 1 })).requested_seq;
      this.buildTarget = target;
      const heartbeat = setInterval(() => void this.extendLock(), this.heartbeatMs);
      heartbeat.unref();
      // During a cold build, changes queued by other replicas are looked for every second.
      const watch = setInterval(() => {
        if (this.builder.isColdBuilding()) this.publishEdits();
      }, EDIT_POLL_MS);
      watch.unref();
      let ok: boolean;
      try {
        await this.states.update({ id: 1 }, { state: 'building', building_since: new Date() });
        const outcome = await this.builder.build();
        ok = outcome.ok;
        this.metrics?.siteBuilt(outcome.ok, outcome.durationMs);
        if (outcome.ok) {
          const liveSince = new Date();
          await this.states
            .createQueryBuilder()
            .update()
            .set({
              built_seq: () => `CASE WHEN built_seq > ${Number(target)} THEN built_seq ELSE ${Number(target)} END`,
              state: 'idle',
              last_error: null,
              last_duration_ms: outcome.durationMs,
              // A superseded cold build switched nothing (its edits are live; the next build follows).
              ...(outcome.superseded ? {} : { live_release: outcome.releaseId ?? null, live_since: liveSince }),
              building_since: null,
            })
            .where('id = 1')
            .execute();
          if (!outcome.superseded) {
            void this.deployHook.releaseLive(outcome.releaseId ?? '', liveSince);
            if (this.metrics) this.metrics.releaseLive(await this.oldestChange(state.built_seq, target), liveSince);
          }
        } else {
          await this.states.update(
            { id: 1 },
            {
              state: 'failed',
              failed_seq: target,
              last_error: (outcome.error ?? 'unknown error').slice(0, 4000),
              building_since: null,
            },
          );
        }
      } finally {
        clearInterval(heartbeat);
        clearInterval(watch);
        await this.editing;
        await this.releaseLock();
      }
      if (!ok) return;
    }
  }

  /**
   * Changes queued during a cold build (which renders every page, 30 s and more at 10,000 + 10,000)
   * go live by priority (SiteBuilderService.publishEdit) instead of waiting for it; the build that
   * follows the cold one still serves them, as every change is served by a complete build.
   */
  private publishEdits(): void {
    if (this.editing) {
      this.editAgain = true;
      return;
    }
    this.editing = (async () => {
      do {
        this.editAgain = false;
        const state = await this.states.findOneBy({ id: 1 });
        const seq = state?.requested_seq ?? 0;
        if (seq <= Math.max(this.buildTarget, this.editedSeq) || !this.builder.isColdBuilding()) continue;
        const outcome = await this.builder.publishEdit();
        if (!outcome?.ok) continue;
        this.editedSeq = seq;
        const liveSince = new Date();
        await this.states.update({ id: 1 }, { live_release: outcome.releaseId ?? null, live_since: liveSince });
        void this.deployHook.releaseLive(outcome.releaseId ?? '', liveSince);
      } while (this.editAgain && this.builder.isColdBuilding());
    })()
      .catch((error: unknown) => this.logger.error(`Priority publish failed: ${(error as Error).message}`))
      .finally(() => {
        this.editing = null;
      });
  }

  /** When the oldest change this build served was made (for the publish-to-live metric). */
  private async oldestChange(afterSeq: number, upToSeq: number): Promise<Date | null> {
    try {
      const row = await this.dataSource
        .getRepository(PublishChange)
        .createQueryBuilder('c')
        .select('MIN(c.created_at)', 'oldest')
        .where('c.seq > :afterSeq AND c.seq <= :upToSeq', { afterSeq, upToSeq })
        .getRawOne<{ oldest: string | Date | null }>();
      return row?.oldest ? new Date(row.oldest) : null;
    } catch {
      return null;
    }
  }

  private acquireLock(): Promise<boolean> {
    return this.lock.acquire(this.lockTtlMs);
  }

  /** The heartbeat: renews the claim this process holds (never takes one another process holds). */
  private async extendLock(): Promise<void> {
    try {
      await this.lock.acquire(this.lockTtlMs);
    } catch (error) {
      this.logger.warn(`Could not extend the build lock: ${(error as Error).message}`);
    }
  }

  private releaseLock(): Promise<void> {
    return this.lock.release();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    try {
      await this.releaseLock();
    } catch {
      /* the database may already be gone; the lock expires by itself */
    }
  }
}
