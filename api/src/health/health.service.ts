import { Inject, Injectable, Optional } from '@nestjs/common';
import fs from 'node:fs';
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

  /**
   * Free space on the disks this process writes (DATA_DIR: SQLite, uploads, backups; SITE_DIR: the
   * site's releases), in MB, the smallest; null when it cannot be read (the check then passes).
   */
  async freeDiskMb(): Promise<number | null> {
    const free: number[] = [];
    for (const dir of new Set([this.config.dataDir, this.config.siteDir])) {
      try {
        const stats = await fs.promises.statfs(dir);
        free.push((stats.bavail * stats.bsize) / 1024 / 1024);
      } catch {
        // A folder not created yet (SITE_DIR before the first build): nothing to tell.
      }
    }
    return free.length ? Math.floor(Math.min(...free)) : null;
  }

  async readiness() {
    const up = await this.databaseUp();
    const pending = up ? await this.migrationsPending() : true;
    const freeMb = await this.freeDiskMb();
    const diskLow = freeMb !== null && freeMb < this.config.minFreeDiskMb;
    const ok = up && !pending && !diskLow;
    const message = !up
      ? 'La base de données est indisponible.'
      : pending
        ? 'Mise à jour de la base de données en cours.'
        : 'Espace disque insuffisant sur le serveur.';
    return {
      status: ok ? 'ok' : 'error',
      ...(ok ? {} : { message }),
      database: up ? 'up' : 'down',
      migrations: up ? (pending ? 'pending' : 'done') : 'unknown',
      disk: { status: diskLow ? 'low' : 'ok', free_mb: freeMb, min_free_mb: this.config.minFreeDiskMb },
    };
  }

  async report() {
    const up = await this.databaseUp();
    const freeMb = await this.freeDiskMb();
    const diskLow = freeMb !== null && freeMb < this.config.minFreeDiskMb;
    return {
      status: up && !diskLow ? 'ok' : 'error',
      ...(up
        ? diskLow
          ? { message: 'Espace disque insuffisant sur le serveur.' }
          : {}
        : { message: 'La base de données est indisponible.' }),
      api: 'up',
      database: { status: up ? 'up' : 'down', driver: this.config.database.type },
      disk: { status: diskLow ? 'low' : 'ok', free_mb: freeMb, min_free_mb: this.config.minFreeDiskMb },
      site: this.site?.siteStatus() ?? { state: 'unknown' },
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }
}
