// `npm start` ends here: one process serving the API, uploads, the dashboard and the public site.
//
// This file imports only the light configuration code: every variable is checked, DATA_DIR locked,
// the port and the database probed in well under a second, and only then is the application (Nest,
// TypeORM, every module: seconds to load on a busy machine) imported, migrated, seeded and started.
import { bootFailureLine } from './core/boot/boot-failure.js';
import { DatabasePrivilegeError, checkDatabase, checkPortFree } from './core/boot/preflight.js';
import { ConfigError, loadConfig, type AppConfig } from './core/config/config.js';
import { DataDirLockedError, lockDataDir, lockSqliteFile } from './core/config/data-dir-lock.js';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    // Released on every way out: normal exit, uncaught error, SIGTERM and SIGINT.
    lockDataDir(config.dataDir);
    lockSqliteFile(config);
    await checkPortFree(config);
    await checkDatabase(config);
    const { startServer } = await import('./server.js');
    await startServer(config, { seed: process.argv.includes('--seed') });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabasePrivilegeError) fail(error.message);
    fail(bootFailureLine(error, config));
  }
}

await main();
