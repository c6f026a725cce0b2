import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config.js';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One Comptoir process per DATA_DIR: a second start on the same folder would share the SQLite file,
 * the outbox and the site releases behind the first one's back. The lock holds the owner's pid, so
 * a lock left by a killed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  return lockFile(
    dataDir,
    'comptoir.lock',
    (owner) =>
      `DATA_DIR ${dataDir} is already used by another Comptoir process (pid ${owner}); stop it or choose another DATA_DIR`,
  );
}

/**
 * One Comptoir process per SQLite file too, when DATABASE_URL puts it outside DATA_DIR: the API
 * serialises its transactions inside one process only, and SQLite makes a second process's writes
 * fail with SQLITE_BUSY instead of queueing them. Several replicas need MySQL/MariaDB.
 */
export function lockSqliteFile(config: Pick<AppConfig, 'database'>): (() => void) | undefined {
  if (config.database.type !== 'sqlite') return undefined;
  const file = config.database.path;
  return lockFile(
    path.dirname(file),
    `${path.basename(file)}.lock`,
    (owner) =>
      `The SQLite database ${file} is already used by another Comptoir process (pid ${owner}); several processes need DATABASE_URL=mysql://...`,
  );
}

function lockFile(dir: string, name: string, busy: (owner: number) => string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DataDirLockedError(busy(owner));
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`${file} could not be locked`);
}
