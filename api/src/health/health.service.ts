import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { SITE_STATUS, type SiteStatusProvider } from './site-status.js';

const DB_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(SITE_STATUS) private readonly site?: SiteStatusProvider,
  ) {}

  async databaseUp(): Promise<boolean> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS).unref()),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  /** True while migrations remain to run (or when that cannot be told: the database does not answer). */
  async migrationsPending(): Promise<boolean> {
    try {
      return await Promise.race([
        this.dataSource.showMigrations(),
        new Promise<boolean>((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS).unref()),
      ]);
    } catch {
      return true;
    }
  }

  async readiness() {
    const up = await this.databaseUp();
    const pending = up ? await this.migrationsPending() : true;
    const ok = up && !pending;
    return {
      status: ok ? 'ok' : 'error',
      ...(ok ? {} : { message: up ? 'Mise à jour de la base de données en cours.' : 'La base de données est indisponible.' }),
      database: up ? 'up' : 'down',
      migrations: up ? (pending ? 'pending' : 'done') : 'unknown',
    };
  }

  async report() {
    const up = await this.databaseUp();
    return {
      status: up ? 'ok' : 'error',
      ...(up ? {} : { message: 'La base de données est indisponible.' }),
      api: 'up',
      database: { status: up ? 'up' : 'down', driver: this.config.database.type },
      site: this.site?.siteStatus() ?? { state: 'unknown' },
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }
}
