import 'reflect-metadata';
import { ConfigError, loadConfig } from './core/config/config.js';
import { DataDirLockedError, lockDataDir, lockSqliteFile } from './core/config/data-dir-lock.js';
import { bootFailureLine, startServer } from './server.js';

/** `npm start` ends here: one process serving the API, uploads, the dashboard and the public site. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    lockDataDir(config.dataDir);
    lockSqliteFile(config);
    await startServer(config, { seed: process.argv.includes('--seed') });
  } catch (error) {
    if (error instanceof DataDirLockedError) console.error(error.message);
    else console.error(bootFailureLine(error, config));
    process.exit(1);
  }
}

await main();
