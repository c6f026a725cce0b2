import path from 'node:path';
import { loadConfig } from '../core/config/config.js';
import { lockDataDir } from '../core/config/data-dir-lock.js';
import { createStorage } from '../media/storage/storage.module.js';
import { backupKeyFrom } from './archive-crypto.js';
import { createBackup, defaultBackupFile, restoreBackup } from './backup.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `backup [file]` (beside a running server) and `restore <file> [--force]` (server stopped: the
 * DATA_DIR lock is taken, so a restore under a live process on this folder is refused).
 */
export async function backupCommand(command: 'backup' | 'restore', args: string[]): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const storage = createStorage(config.storage);
  const key = backupKeyFrom();
  if (command === 'backup') {
    const file = args.find((a) => !a.startsWith('--')) ?? defaultBackupFile(config.dataDir, { encrypted: Boolean(key) });
    const { manifest, bytes } = await createBackup(config, storage, path.resolve(file), { key });
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written to ${path.resolve(file)} (${mb(bytes)}${key ? ', encrypted with BACKUP_KEY' : ''}) in ${seconds(Date.now() - started)}: ` +
        `${Object.keys(manifest.database.tables).length} tables, ${rows} rows (${manifest.database.method}), ` +
        `${manifest.storage.files} files (${mb(manifest.storage.bytes)}) from ${manifest.storage.location}.`,
    );
    return;
  }
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('Usage: npm run restore -- <backup file> [--force]');
  const release = lockDataDir(config.dataDir);
  try {
    const result = await restoreBackup(config, storage, file, { force: args.includes('--force'), key });
    console.log(
      `Restored ${file} (made ${result.manifest.createdAt}, version ${result.manifest.version}) in ${seconds(result.durationMs)}: ` +
        `${result.tables} tables, ${result.rows} rows, ${result.files} files; counts and checksums match the manifest.`,
    );
  } finally {
    release();
  }
}
