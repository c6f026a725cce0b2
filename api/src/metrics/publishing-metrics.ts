import { Gauge, type Registry } from 'prom-client';
import { MoreThan, type DataSource } from 'typeorm';
import type { AppConfig } from '../core/config/config.js';
import { PublishChange } from '../publishing/entities/publish-change.entity.js';
import { SiteBuildState } from '../publishing/entities/site-build-state.entity.js';

const STATES = ['idle', 'queued', 'building', 'failed'] as const;

const secondsSince = (date: Date | null | undefined, now: number) =>
  // The database's clock stamps changes and the app's clock reads them: a small skew must not go negative.
  date ? Math.max(0, (now - date.getTime()) / 1000) : 0;

/**
 * Publishing as the database shows it, so that a stall is visible from any replica: a builder that
 * died, a lock that is never released, changes that no build serves. Every replica reports the same
 * values (alert on their max); read-only queries on the publishing tables, run once per scrape.
 */
export class PublishingMetrics {
  private readonly pending: Gauge;
  private readonly oldestAge: Gauge;
  private readonly state: Gauge<'state'>;
  private readonly lockAge: Gauge;
  private readonly lockHolder: Gauge<'holder'>;
  private readonly lastSuccess: Gauge;

  constructor(
    registry: Registry,
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    const registers = [registry];
    this.pending = new Gauge({
      name: 'comptoir_publish_pending_changes',
      help: 'Public-content changes no successful build has served yet (a failed build keeps its changes here)',
      registers,
    });
    this.oldestAge = new Gauge({
      name: 'comptoir_publish_oldest_pending_age_seconds',
      help: 'Age of the oldest pending change, 0 when none: grows while publishing is stalled',
      registers,
    });
    this.state = new Gauge({
      name: 'comptoir_publish_state',
      help: 'Publishing state as editors see it: 1 for the current one of idle, queued, building, failed',
      labelNames: ['state'],
      registers,
    });
    this.lockAge = new Gauge({
      name: 'comptoir_publish_lock_age_seconds',
      help: 'How long the current holder has held the build lock (0 when free or its lease has run out)',
      registers,
    });
    this.lockHolder = new Gauge({
      name: 'comptoir_publish_lock_holder',
      help: 'Holder of the build lock (host:pid:id), 1 while its lease is alive; no series when free',
      labelNames: ['holder'],
      registers,
    });
    this.lastSuccess = new Gauge({
      name: 'comptoir_site_last_success_timestamp_seconds',
      help: 'Unix time at which the last successful build went live (any builder), 0 before the first',
      registers,
    });
    // Configuration, exported so that alert rules compare with the deployed values instead of copies.
    new Gauge({
      name: 'comptoir_site_build_timeout_seconds',
      help: 'SITE_BUILD_TIMEOUT_MS of this process: a build running longer is killed',
      registers,
    }).set(config.siteBuildTimeoutMs / 1000);
    new Gauge({
      name: 'comptoir_site_builder',
      help: '1 when this process builds the public site (SITE_BUILDER=true), 0 for an API-only replica',
      registers,
    }).set(config.buildSiteOnBoot ? 1 : 0);
  }

  /**
   * Called before each scrape is rendered rather than from the gauges' collect(): prom-client collects
   * concurrently, and one read of the tables serves all six gauges consistently.
   */
  async refresh(): Promise<void> {
    let snapshot: Awaited<ReturnType<PublishingMetrics['read']>>;
    try {
      snapshot = await this.read();
    } catch {
      // The database is out of reach: stale values would mislead, so the series go away until it
      // answers again (comptoir_ready says why).
      for (const gauge of [this.pending, this.oldestAge, this.state, this.lockAge, this.lockHolder, this.lastSuccess])
        gauge.reset();
      return;
    }
    const { state, pendingCount, oldest } = snapshot;
    const now = Date.now();
    this.pending.set(pendingCount);
    this.oldestAge.set(pendingCount > 0 ? secondsSince(oldest?.created_at, now) : 0);

    const lockAlive = Boolean(state?.lock_owner && state.lock_expires_at && state.lock_expires_at.getTime() > now);
    // The same rule as PublishingStatusService, so that the metric and the dashboard agree.
    let current: (typeof STATES)[number] = 'idle';
    if (state && lockAlive && state.state === 'building') current = 'building';
    else if (state && state.requested_seq > state.built_seq && state.requested_seq <= state.failed_seq) current = 'failed';
    else if (state && state.requested_seq > state.built_seq) current = 'queued';
    for (const name of STATES) this.state.set({ state: name }, name === current ? 1 : 0);

    this.lockHolder.reset();
    if (lockAlive && state?.lock_owner) this.lockHolder.set({ holder: state.lock_owner }, 1);
    // building_since is written right after the lock is taken; until then the holder's age is 0.
    this.lockAge.set(lockAlive && state?.state === 'building' ? secondsSince(state.building_since, now) : 0);

    this.lastSuccess.set(state?.live_since ? state.live_since.getTime() / 1000 : 0);
  }

  private async read() {
    const state = await this.dataSource.getRepository(SiteBuildState).findOneBy({ id: 1 });
    const changes = this.dataSource.getRepository(PublishChange);
    const where = { seq: MoreThan(state?.built_seq ?? 0) };
    // Entities rather than a raw MIN(): TypeORM reads SQLite's zone-less datetimes as UTC, a raw string would not be.
    const [pendingCount, oldest] = await Promise.all([
      changes.countBy(where),
      changes.findOne({ where, order: { seq: 'ASC', id: 'ASC' }, select: { id: true, created_at: true } }),
    ]);
    return { state, pendingCount, oldest };
  }
}
