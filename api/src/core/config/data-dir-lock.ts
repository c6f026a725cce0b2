import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { AppConfig } from './config.js';

export class DataDirLockedError extends Error {}

/** A lock whose mtime has not been refreshed for this long belongs to a process that is gone. */
const STALE_MS = 60_000;
const UPDATE_MS = 5_000;
const OWNER_FILE = 'owner.json';

interface Owner {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockDir: string): Owner | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(lockDir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** The owner recorded in the lock ran on this machine and its process no longer exists (or is us). */
function ownerIsGone(lockDir: string): boolean {
  const owner = readOwner(lockDir);
  if (!owner || owner.host !== os.hostname()) return false;
  return owner.pid === process.pid || !alive(owner.pid);
}

// The lock is a directory holding owner.json; proper-lockfile removes its lock with rmdir, which
// refuses a non-empty directory, so its removals go through a recursive remove instead.
const removeDir = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });
const lockFs = {
  ...fs,
  rmdirSync: removeDir,
  rmdir: (dir: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
    fs.rm(dir, { recursive: true, force: true }, callback),
};

/**
 * One Comptoir process per DATA_DIR: a second start on the same folder would share the SQLite file,
 * the outbox and the site releases behind the first one's back.
 *
 * The lock is `DATA_DIR/comptoir.lock` (proper-lockfile: an atomic mkdir whose mtime the owner
 * refreshes). It is released on every way out (normal exit, uncaught error, SIGTERM/SIGINT, through
 * proper-lockfile's exit hook), taken over at once when its recorded owner ran on this machine and
 * is gone (kill -9), and taken over by anyone once it has not been refreshed for a minute (the owner
 * ran elsewhere: another container on a shared volume).
 */
export function lockDataDir(dataDir: string, onLost: (error: Error) => void = warnLost): () => void {
  return lockIn(
    dataDir,
    'comptoir.lock',
    onLost,
    (who) => `DATA_DIR ${dataDir} is already used by another Comptoir process (${who}); stop it or choose another DATA_DIR`,
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
  return lockIn(
    path.dirname(file),
    `${path.basename(file)}.lock`,
    warnLost,
    (who) =>
      `The SQLite database ${file} is already used by another Comptoir process (${who}); several processes need DATABASE_URL=mysql://...`,
  );
}

function lockIn(dir: string, name: string, onLost: (error: Error) => void, busy: (who: string) => string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockDir = path.join(dir, name);
  const lockedBy = (owner: Owner | undefined) => new DataDirLockedError(busy(describeOwner(owner)));
  // A lock file (not directory) written by an earlier version holds only a pid.
  if (fs.statSync(lockDir, { throwIfNoEntry: false })?.isFile()) {
    const pid = Number(fs.readFileSync(lockDir, 'utf8').trim());
    if (pid && pid !== process.pid && alive(pid)) throw lockedBy({ pid, host: os.hostname(), since: '' });
    fs.rmSync(lockDir, { force: true });
  }
  let released = false;
  let release: () => void = () => undefined;
  const options = {
    realpath: false,
    lockfilePath: lockDir,
    stale: STALE_MS,
    update: UPDATE_MS,
    fs: lockFs,
    onCompromised: (error: Error) => {
      if (released) return;
      // proper-lockfile gives up when it could not refresh the lock in time, which happens when this
      // process's event loop was blocked (a long synchronous seed on a loaded machine). If the lock
      // is still ours, take it again; otherwise another process has it and the operator must know.
      const owner = readOwner(lockDir);
      if (owner?.pid === process.pid && owner.host === os.hostname()) {
        try {
          removeDir(lockDir);
          release = acquire();
          return;
        } catch (again) {
          onLost(again as Error);
          return;
        }
      }
      onLost(error);
    },
  };
  const acquire = () => {
    // Keyed by the lock's own path: proper-lockfile keeps one entry per target, and the DATA_DIR and
    // SQLite locks may sit in the same folder.
    const unlock = lockfile.lockSync(lockDir, options);
    const owner: Owner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
    fs.writeFileSync(path.join(lockDir, OWNER_FILE), JSON.stringify(owner));
    return unlock;
  };
  try {
    release = acquire();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!ownerIsGone(lockDir)) throw lockedBy(readOwner(lockDir));
    removeDir(lockDir);
    try {
      release = acquire();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw lockedBy(readOwner(lockDir));
      throw again;
    }
  }
  return () => {
    if (released) return;
    released = true;
    try {
      release();
    } catch {
      /* already released or taken over */
    }
  };
}

function describeOwner(owner: Owner | undefined): string {
  return owner ? `pid ${owner.pid}${owner.host !== os.hostname() ? ` on ${owner.host}` : ''}` : 'unknown process';
}

function warnLost(error: Error): void {
  // Another process took the lock over (this one's event loop was blocked for longer than the stale
  // delay, or the folder was removed): keep serving, but say so, since two writers now share the data.
  console.error(`Process lock lost: ${error.message}`);
}
