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
import { trackRequests, type Drainer } from './core/web/graceful-shutdown.js';

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
  const drainer = trackRequests(server);
  await app.listen(config.port, config.host);
  stopOnSignals(app, drainer, config);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Comptoir listening on http://localhost:${port} (database: ${config.database.type}, data: ${config.dataDir})`);

  const site = app.get(SiteBuilderService);
  site.setApiOrigin(`http://127.0.0.1:${port}`);
  if (config.buildSiteOnBoot) {
    // Through the queue, so that several processes booting together build the site once.
    if (options.seed || site.needsBuild()) await app.get(PublishingService).notifyChange('site.boot', 'Mise à jour du site');
    else site.resumePageCompression();
    app.get(PublishWorker).start();
  }
  return app;
}

/**
 * SIGTERM (docker stop, a rolling deploy) or SIGINT: stop accepting, finish what is in flight within
 * SHUTDOWN_TIMEOUT_MS, then close the application (Nest's hooks: publish worker, site build, mail,
 * database pool) and exit. In this order because Nest's own app.close() runs the modules' destroy
 * hooks before it closes the server (requests in flight would lose their services), and waits
 * without a bound for every kept-alive connection (about 60 s after nginx's last request).
 */
function stopOnSignals(app: NestExpressApplication, drainer: Drainer, config: AppConfig): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal (a terminal's Ctrl-C reaches npm and the process) changes nothing: the bound holds.
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const bound = config.shutdownTimeoutMs;
    logger.log(`${signal}: no new connections; ${drainer.inFlight()} request(s) in flight, given ${bound / 1000} s`);
    // Whatever hangs in the hooks below (a stuck database pool), the process still ends.
    setTimeout(() => {
      logger.error(`Still stopping ${(Date.now() - started) / 1000} s after ${signal}: exiting`);
      process.exit(1);
    }, bound + 10_000).unref();
    void (async () => {
      const { cutOff } = await drainer.drain(bound);
      if (cutOff) logger.warn(`${cutOff} request(s) still running after ${bound / 1000} s were cut off`);
      await app.close();
      logger.log(`Stopped ${(Date.now() - started) / 1000} s after ${signal}`);
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`Stopping after ${signal} failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Kept here for the operator commands that import it from the server module.
export { bootFailureLine } from './core/boot/boot-failure.js';
