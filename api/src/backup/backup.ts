import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { AppConfig } from '../core/config/config.js';
import type { Storage } from '../media/storage/storage.js';
import { ArchiveKeyError, decryptArchive, encryptingStream, isEncryptedArchive } from './archive-crypto.js';
import { databaseFacts, databaseTables, restoreDatabase, snapshotDatabase, type DatabaseSnapshot } from './database-snapshot.js';

/**
 * One archive (tar.gz) per backup:
 *
 *   manifest.json        what the archive holds (below)
 *   database.sqlite      SQLite: a consistent copy made with the online backup API
 *   database.sql         MySQL/MariaDB: a dump from one transaction
 *   storage/<path>       every uploaded file, read through the storage driver (disk or bucket)
 *
 * A restore goes into an empty database and storage (or empties them with --force), then checks the
 * row counts and every file's checksum against the manifest.
 *
 * Archives hold password hashes and customer data: they are written 0600 (their folder 0700 when the
 * backup creates it) and, with BACKUP_KEY, encrypted (archive-crypto.ts).
 */
export interface BackupManifest {
  format: 1;
  app: 'comptoir';
  version: string;
  createdAt: string;
  /** Time to snapshot the database and read the files (the archive is written afterwards). */
  durationMs: number;
  database: DatabaseSnapshot;
  storage: {
    driver: Storage['kind'];
    location: string;
    files: number;
    bytes: number;
    /** Storage path → size and SHA-256 (hex). */
    checksums: Record<string, { size: number; sha256: string }>;
  };
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * "DATA_DIR/backups/comptoir-2026-11-23T14-05-00Z.tar.gz" (".tar.gz.enc" encrypted): DATA_DIR is the
 * one folder the process may write to (in the image, the working folder /app is read-only to it).
 */
export function defaultBackupFile(dataDir: string, options: { encrypted?: boolean } = {}, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(path.resolve(dataDir), 'backups', `comptoir-${stamp}.tar.gz${options.encrypted ? '.enc' : ''}`);
}

/**
 * Writes a backup of the database and the uploads to `file`; safe while the server runs. With `key`
 * (BACKUP_KEY) the archive is encrypted.
 */
export async function createBackup(
  config: AppConfig,
  storage: Storage,
  file: string,
  options: { key?: string } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-backup-'));
  try {
    // The database first: files uploaded afterwards are harmless extras, whereas a file is never
    // deleted before the database row that names it.
    const database = await snapshotDatabase(config.database, staging);

    const checksums: BackupManifest['storage']['checksums'] = {};
    let bytes = 0;
    const storageDir = path.join(staging, 'storage');
    fs.mkdirSync(storageDir);
    const paths: string[] = [];
    for await (const stored of storage.list()) paths.push(stored.path);
    paths.sort();
    // A few files at a time: each is a request on object storage.
    const queue = [...paths];
    const copyNext = async (): Promise<void> => {
      for (let relative = queue.shift(); relative; relative = queue.shift()) {
        let data: Buffer;
        try {
          data = await storage.read(relative);
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOENT') continue; // deleted since the listing
          throw error;
        }
        const target = path.join(storageDir, ...relative.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, data);
        checksums[relative] = { size: data.length, sha256: sha256(data) };
        bytes += data.length;
      }
    };
    await Promise.all(Array.from({ length: 8 }, copyNext));

    const sorted = Object.fromEntries(
      Object.keys(checksums)
        .sort()
        .map((k) => [k, checksums[k]!]),
    );
    const manifest: BackupManifest = {
      format: 1,
      app: 'comptoir',
      version: appVersion(),
      createdAt: new Date(started).toISOString(),
      durationMs: 0,
      database,
      storage: { driver: storage.kind, location: storage.location, files: Object.keys(sorted).length, bytes, checksums: sorted },
    };
    manifest.durationMs = Date.now() - started;
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1));

    const target = path.resolve(file);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written aside then renamed: a backup file that exists is a whole one. Created 0600 from its first
    // byte (a leftover .part of a crashed run could carry a wider mode: removed first).
    const temporary = `${target}.part`;
    fs.rmSync(temporary, { force: true });
    try {
      const archive = tar.create({ gzip: true, cwd: staging, portable: true }, ['manifest.json', database.file, 'storage']);
      const out = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
      if (options.key) await pipeline(archive, encryptingStream(options.key), out);
      else await pipeline(archive, out);
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      throw error;
    }
    return { file: target, bytes: fs.statSync(target).size, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
  durationMs: number;
}

async function storageIsEmpty(storage: Storage): Promise<boolean> {
  for await (const stored of storage.list()) {
    void stored;
    return false;
  }
  return true;
}

/**
 * Restores an archive into the configured database and storage. Both must be empty unless `force`
 * (then they are emptied first). Checks row counts and checksums afterwards; throws on a mismatch.
 */
export async function restoreBackup(
  config: AppConfig,
  storage: Storage,
  file: string,
  options: { force?: boolean; key?: string } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new RestoreRefused(`No backup file at ${path.resolve(file)}`);
  // mkdtemp makes it 0700: the decrypted archive and the extracted data stay private.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-restore-'));
  const staging = path.join(work, 'archive');
  fs.mkdirSync(staging);
  try {
    let archive = file;
    if (isEncryptedArchive(file)) {
      // Decrypted and authenticated whole before anything is read from it.
      archive = path.join(work, 'archive.tar.gz');
      try {
        await decryptArchive(file, options.key, archive);
      } catch (error) {
        if (error instanceof ArchiveKeyError) throw new RestoreRefused(error.message);
        throw error;
      }
    }
    await tar.extract({ file: archive, cwd: staging, strict: true });
    const manifestFile = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new RestoreRefused(`${file} is not a Comptoir backup (no manifest.json)`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.app !== 'comptoir' || manifest.format !== 1) throw new RestoreRefused(`${file} is not a Comptoir backup`);
    const target = config.database.type === 'sqlite' ? 'sqlite' : 'mysql';
    if (manifest.database.driver !== target) {
      throw new RestoreRefused(
        `This backup holds a ${manifest.database.driver} database; the configured DATABASE_URL is ${target}. ` +
          'Restore it into the same kind of database.',
      );
    }

    // The archive is checked before anything is touched.
    const files = Object.entries(manifest.storage.checksums);
    for (const [relative, expected] of files) {
      const data = fs.readFileSync(path.join(staging, 'storage', ...relative.split('/')));
      if (data.length !== expected.size || sha256(data) !== expected.sha256) {
        throw new RestoreRefused(`The archive is damaged: ${relative} does not match its checksum. Nothing was restored.`);
      }
    }

    const tablesThere = await databaseTables(config.database);
    const storageEmpty = await storageIsEmpty(storage);
    if ((tablesThere.length || !storageEmpty) && !options.force) {
      const what = [
        tablesThere.length ? `the database already has ${tablesThere.length} tables` : '',
        storageEmpty ? '' : `the storage (${storage.location}) already holds files`,
      ]
        .filter(Boolean)
        .join(' and ');
      throw new RestoreRefused(
        `Restore refused: ${what}. Restore into an empty DATA_DIR/database, or add --force to replace ` +
          'everything there with the backup (what is there now will be lost).',
      );
    }

    await restoreDatabase(config.database, path.join(staging, manifest.database.file), Boolean(options.force));
    if (!storageEmpty) {
      const existing: string[] = [];
      for await (const stored of storage.list()) existing.push(stored.path);
      for (const relative of existing) await storage.delete(relative);
    }
    const queue = files.map(([relative]) => relative);
    const putNext = async (): Promise<void> => {
      for (let relative = queue.shift(); relative; relative = queue.shift()) {
        await storage.put(relative, fs.readFileSync(path.join(staging, 'storage', ...relative.split('/'))));
      }
    };
    await Promise.all(Array.from({ length: 8 }, putNext));

    // What is there now must be what the manifest says.
    const facts = await databaseFacts(config.database);
    const problems: string[] = [];
    for (const [table, count] of Object.entries(manifest.database.tables)) {
      if (facts.tables[table] !== count)
        problems.push(`table ${table}: ${facts.tables[table] ?? 'missing'} rows, expected ${count}`);
    }
    if (facts.migrations.join('\n') !== manifest.database.migrations.join('\n')) problems.push('migrations differ');
    for (const [relative, expected] of files) {
      const data = await storage.read(relative).catch(() => null);
      if (!data || sha256(data) !== expected.sha256) problems.push(`file ${relative}: ${data ? 'checksum differs' : 'missing'}`);
    }
    if (problems.length) throw new Error(`Restore check failed:\n  ${problems.slice(0, 20).join('\n  ')}`);
    return {
      manifest,
      tables: Object.keys(manifest.database.tables).length,
      rows: Object.values(manifest.database.tables).reduce((a, b) => a + b, 0),
      files: files.length,
      durationMs: Date.now() - started,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
