import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig } from './core/config/config.js';
import { DataDirLockedError, lockDataDir } from './core/config/data-dir-lock.js';
import { SiteBuilderService } from './publishing/site-builder.service.js';
import { bootFailureLine } from './server.js';
import { SeedService } from './seed/seed.service.js';

const USAGE = 'Usage: node api/dist/cli.js seed   (reload the demo data set; the server must be stopped)';

/** Operator commands that run against the configured database without serving HTTP. */
async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  if (command !== 'seed') {
    console.error(USAGE);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
    lockDataDir(config.dataDir);
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
    await app.get(DataSource).runMigrations({ transaction: 'each' });
    const seeder = app.get(SeedService);
    await seeder.reloadDemoData();
    await seeder.ensureFirstAdministrator();
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
