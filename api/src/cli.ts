import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { backupCommand } from './backup/backup.command.js';
import { ConfigError, loadConfig } from './core/config/config.js';
import { DataDirLockedError, lockDataDir, lockSqliteFile } from './core/config/data-dir-lock.js';
import { withBootLock } from './core/database/boot-lock.js';
import path from 'node:path';
import { SiteBuilderService } from './publishing/site-builder.service.js';
import { SiteReleases } from './publishing/site-releases.js';
import { bootFailureLine } from './server.js';
import { SeedService } from './seed/seed.service.js';
import { migrateDatabase } from './core/database/migrate.js';
import { ledgerCheckCommand } from './stock/ledger/ledger-check.command.js';
import { orderFiguresCommand } from './housekeeping/order-figures.command.js';

const USAGE = `Usage: node api/dist/cli.js <command>
  seed                  reload the demo data set (the server must be stopped)
  site:releases         list the kept releases of the public site
  site:rollback [id]    switch the public site back to the previous release, or to release <id>
  backup [file]         write a backup archive (database + uploads + manifest); safe while the server runs
  restore <file> [--force]
                        restore a backup into an empty database and storage (--force replaces what is there)
  ledger-check          list the products whose stock disagrees with its movements (exit 1 when any)
  order-figures-check [--repair]
                        list the orders whose stored list figures disagree with their sources (exit 1 when any);
                        --repair rewrites them`;

/** Release switching touches only files, so it runs beside a live server (no lock, no database). */
function siteCommand(command: string, arg: string | undefined): void {
  const config = loadConfig();
  const releases = new SiteReleases(config.siteDir, { create: false }); // may be a read-only mount
  const list = releases.list();
  const live = releases.currentMeta()?.id;
  if (command === 'site:releases') {
    if (!list.length) console.log('No site release yet.');
    for (const r of list) console.log(`${r.id === live ? '*' : ' '} ${r.id}  built ${r.builtAt} in ${r.durationMs} ms`);
    return;
  }
  const index = list.findIndex((r) => r.id === live);
  const target = arg ? list.find((r) => r.id === arg) : list[index + 1];
  if (!target) {
    console.error(arg ? `No release ${arg} (see site:releases)` : 'No older release to go back to (see site:releases)');
    process.exit(1);
  }
  releases.switchTo(path.join(releases.releasesDir, target.id));
  console.log(`Public site switched to release ${target.id} (was ${live ?? 'none'}).`);
}

/** Operator commands that run against the configured database without serving HTTP. */
async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  if (command === 'site:releases' || command === 'site:rollback') {
    try {
      siteCommand(command, arg);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
    return;
  }
  if (command === 'backup' || command === 'restore') {
    try {
      await backupCommand(command, process.argv.slice(3));
      // Open keep-alive sockets (object storage, database) must not hold the command open.
      process.exit(0);
    } catch (error) {
      console.error(
        error instanceof DataDirLockedError ? `${error.message} (stop the server before a restore)` : (error as Error).message,
      );
      process.exit(1);
    }
    return;
  }
  if (command === 'ledger-check') {
    try {
      process.exit(await ledgerCheckCommand());
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  if (command === 'order-figures-check') {
    try {
      process.exit(await orderFiguresCommand(process.argv.slice(3)));
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  if (command !== 'seed') {
    console.error(USAGE);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
    lockDataDir(config.dataDir);
    lockSqliteFile(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, logLevel: 'warn' }), {
      logger: false,
      abortOnError: false,
    });
    const dataSource = app.get(DataSource);
    await withBootLock(dataSource, async () => {
      await migrateDatabase(dataSource);
      const seeder = app.get(SeedService);
      await seeder.reloadDemoData();
      await seeder.ensureFirstAdministrator();
    });
    // The public site shows the old data until it is rebuilt: ask the next start to rebuild it.
    app.get(SiteBuilderService).requestRebuild('demo data reloaded');
    await app.close();
    console.log('Demo data reloaded.');
  } catch (error) {
    console.error(bootFailureLine(error, config));
    process.exit(1);
  }
}

await main();
