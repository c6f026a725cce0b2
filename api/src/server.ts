import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createApp } from './bootstrap.js';
import type { AppConfig } from './core/config/config.js';
import { withBootLock } from './core/database/boot-lock.js';
import { PublishWorker } from './publishing/publish-worker.js';
import { PublishingService } from './publishing/publishing.service.js';
import { SiteBuilderService } from './publishing/site-builder.service.js';
import { SeedService } from './seed/seed.service.js';
import { migrateDatabase } from './core/database/migrate.js';

export interface StartOptions {
  /** Reload the demo data set even if the database already has data (`npm run db:seed`). */
  seed?: boolean;
}

/** Migrates, seeds an empty database, listens, then builds the public site if none is live. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<NestExpressApplication> {
  const app = await createApp(config);
  const logger = new Logger('Boot');
  const dataSource = app.get(DataSource);
  // Once per database, even when several replicas start together: the others wait, then find it done.
  await withBootLock(dataSource, async () => {
    const applied = await migrateDatabase(dataSource);
    if (applied.length) logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
    const seeder = app.get(SeedService);
    if (options.seed) await seeder.reloadDemoData();
    else if (config.seedOnEmpty) await seeder.seedIfEmpty();
    await seeder.ensureFirstAdministrator();
  });

  const server = app.getHttpServer() as Server;
  // An idle kept-alive connection is closed by the side whose timer ends first. Node's default (5 s)
  // is shorter than any reverse proxy's (nginx keeps upstream connections 60 s, docker/nginx.conf), so
  // the server could close a connection at the moment the proxy (or any keep-alive client) sends the
  // next request on it, and that request failed (a 502, or "socket hang up"). The server waits longer
  // than the proxy; headersTimeout stays above it, as Node requires.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await app.listen(config.port, config.host);
  const address = server.address();
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

// Kept here for the operator commands that import it from the server module.
export { bootFailureLine } from './core/boot/boot-failure.js';
