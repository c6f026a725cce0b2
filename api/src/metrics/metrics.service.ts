import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';
import { conflictRetries } from '../common/transactions.js';
import { ledgerCheckState } from '../stock/ledger/ledger-watch.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { HealthService } from '../health/health.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { PublishingMetrics } from './publishing-metrics.js';

/** mysql2's pool internals (no public counters): read defensively, absent on SQLite. */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/**
 * The Prometheus metrics of this process, on a registry of its own (tests build several applications
 * in one process). Other modules record through the few methods below; gauges that describe the
 * database (mail queue, pool) are read when Prometheus scrapes.
 */
@Injectable()
export class MetricsService implements MetricsRecorder {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'comptoir_http_request_duration_seconds',
    help: 'HTTP answers by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly siteBuilds = new Counter({
    name: 'comptoir_site_builds_total',
    help: 'Public site builds by result (success, failure)',
    labelNames: ['result'],
    registers: [this.registry],
  });

  private readonly siteBuildDuration = new Histogram({
    name: 'comptoir_site_build_duration_seconds',
    help: 'Duration of public site builds by result',
    labelNames: ['result'],
    buckets: [5, 10, 20, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });

  private readonly publishToLive = new Histogram({
    name: 'comptoir_publish_to_live_seconds',
    help: 'From the oldest change a build includes to the new release being live',
    buckets: [5, 10, 20, 30, 60, 120, 300, 600, 1800],
    registers: [this.registry],
  });

  private readonly mailFailures = new Counter({
    name: 'comptoir_mail_delivery_failures_total',
    help: 'Failed delivery attempts of outgoing mail (each attempt counts; given_up when no retry follows)',
    labelNames: ['given_up'],
    registers: [this.registry],
  });

  private readonly signInsThrottled = new Counter({
    name: 'comptoir_sign_in_throttled_total',
    help: 'Staff sign-in attempts refused because their account and address, address or device is backed off',
    registers: [this.registry],
  });

  private readonly orderFigures = new Gauge({
    name: 'comptoir_order_figures_differences',
    help: "Orders' stored list figures found different from their sources (and repaired) at the last housekeeping check (-1: not checked yet)",
    registers: [this.registry],
  });

  private readonly publishing: PublishingMetrics;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    health: HealthService,
  ) {
    this.registry.setDefaultLabels({ service: 'comptoir-api' });
    if (config.env !== 'test') collectDefaultMetrics({ register: this.registry });
    // Both results exist from the start, so that increase() sees the first failure.
    for (const result of ['success', 'failure']) this.siteBuilds.inc({ result }, 0);
    this.orderFigures.set(-1);
    this.publishing = new PublishingMetrics(this.registry, this.dataSource, config);
    new Gauge({
      name: 'comptoir_ready',
      help: 'What GET /api/health/ready answers: 1 when the database answers and every migration has run',
      registers: [this.registry],
      async collect() {
        this.set((await health.readiness()).status === 'ok' ? 1 : 0);
      },
    });
    const db = this.dataSource;
    new Gauge({
      name: 'comptoir_mail_queue',
      help: 'Outgoing mails by status (queued = waiting or retrying, failed = given up)',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        // A scrape while the database is out of reach still answers (the other metrics matter then).
        const rows = await db
          .getRepository(OutgoingMail)
          .createQueryBuilder('m')
          .select('m.status', 'status')
          .addSelect('COUNT(*)', 'n')
          .where('m.status IN (:...statuses)', { statuses: ['queued', 'failed'] })
          .groupBy('m.status')
          .getRawMany<{ status: string; n: string | number }>()
          .catch(() => undefined);
        this.reset();
        if (!rows) return;
        for (const status of ['queued', 'failed']) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    });
    new Gauge({
      name: 'comptoir_stock_ledger_differences',
      help: 'Products whose stock columns disagree with their movements at the last housekeeping check (-1: not checked yet)',
      registers: [this.registry],
      collect() {
        this.set(ledgerCheckState.differences);
      },
    });
    new Counter({
      name: 'comptoir_db_conflict_retries_total',
      help: 'Database writes run again after a deadlock or lock wait timeout (MySQL/MariaDB)',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(conflictRetries.count);
      },
    });
    new Gauge({
      name: 'comptoir_db_pool_connections',
      help: 'Database pool connections by state (MySQL/MariaDB only)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = (db.driver as unknown as { pool?: Mysql2Pool }).pool;
        if (!pool?._allConnections) return;
        const all = pool._allConnections.length;
        const free = pool._freeConnections?.length ?? 0;
        this.set({ state: 'open' }, all);
        this.set({ state: 'idle' }, free);
        this.set({ state: 'busy' }, all - free);
        this.set({ state: 'waiting' }, pool._connectionQueue?.length ?? 0);
        if (pool.config?.connectionLimit) this.set({ state: 'limit' }, pool.config.connectionLimit);
      },
    });
  }

  /** Starts timing one answer (`http-timing.ts`); the returned function records it with its labels. */
  startHttpTimer(): (labels: { method: string; route: string; status: string }) => void {
    const end = this.httpDuration.startTimer();
    return (labels) => {
      end(labels);
    };
  }

  siteBuilt(ok: boolean, durationMs: number): void {
    const result = ok ? 'success' : 'failure';
    this.siteBuilds.inc({ result });
    this.siteBuildDuration.observe({ result }, durationMs / 1000);
  }

  releaseLive(oldestChange: Date | null | undefined, liveSince: Date): void {
    if (oldestChange) this.publishToLive.observe(Math.max(0, (liveSince.getTime() - new Date(oldestChange).getTime()) / 1000));
  }

  signInThrottled(): void {
    this.signInsThrottled.inc();
  }

  orderFiguresChecked(differences: number): void {
    this.orderFigures.set(differences);
  }

  mailFailed(givenUp: boolean): void {
    this.mailFailures.inc({ given_up: String(givenUp) });
  }

  async text(): Promise<string> {
    await this.publishing.refresh();
    return this.registry.metrics();
  }
}
