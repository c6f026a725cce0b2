import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createApp } from './bootstrap.js';
import type { AppConfig } from './core/config/config.js';
import { isDatabaseUnavailable } from './core/errors/database-errors.js';
import { PublishWorker } from './publishing/publish-worker.js';
import { PublishingService } from './publishing/publishing.service.js';
import { SiteBuilderService } from './publishing/site-builder.service.js';
import { SeedService } from './seed/seed.service.js';

export interface StartOptions {
  /** Reload the demo data set even if the database already has data (`npm run db:seed`). */
  seed?: boolean;
}

/** Migrates, seeds an empty database, listens, then builds the public site if none is live. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<NestExpressApplication> {
  const app = await createApp(config);
  const logger = new Logger('Boot');
  const dataSource = app.get(DataSource);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  if (applied.length) logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);

  const seeder = app.get(SeedService);
  if (options.seed) await seeder.reloadDemoData();
  else if (config.seedOnEmpty) await seeder.seedIfEmpty();
  await seeder.ensureFirstAdministrator();

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Comptoir listening on http://localhost:${port} (database: ${config.database.type}, data: ${config.dataDir})`);

  const site = app.get(SiteBuilderService);
  site.setApiOrigin(`http://127.0.0.1:${port}`);
  if (config.buildSiteOnBoot) {
    // Through the queue, so that several processes booting together build the site once.
    if (options.seed || site.needsBuild()) await app.get(PublishingService).notifyChange('site.boot', 'Mise à jour du site');
    app.get(PublishWorker).start();
  }
  return app;
}

/** One line for an operator, never a stack: what failed at boot and which variable to look at. */
export function bootFailureLine(error: unknown, config: AppConfig): string {
  const e = error as { code?: string; message?: string };
  if (
    config.database.type === 'mysql' &&
    (isDatabaseUnavailable(error) || /ER_ACCESS_DENIED|ER_BAD_DB_ERROR/.test(e.code ?? ''))
  ) {
    return `Cannot use the database of DATABASE_URL (${config.database.host}:${config.database.port}/${config.database.database}): ${e.code ?? e.message}`;
  }
  if (e.code === 'EADDRINUSE') return `PORT ${config.port} is already in use; set PORT to a free port`;
  if (e.code === 'EACCES') return `Permission denied for PORT ${config.port} or DATA_DIR ${config.dataDir}`;
  return `Comptoir failed to start: ${e.message ?? String(error)}`;
}
