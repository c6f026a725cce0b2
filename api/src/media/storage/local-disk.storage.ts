import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { checkStoragePath, storageUrl, StorageNotFound, type OpenedFile, type Storage, type StoredFile } from './storage.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';
/** Files being written (see `put`) are not files yet. */
const isPartial = (name: string) => name.endsWith('.part');

/** Files under one folder of the disk (DATA_DIR/storage by default), served by the app at /storage. */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get location(): string {
    return this.root;
  }

  /** The absolute path of a stored file, refusing anything that would leave the storage root. */
  resolve(relativePath: string): string {
    checkStoragePath(relativePath);
    const absolute = path.resolve(this.root, relativePath);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`Storage path outside the root: ${relativePath}`);
    return absolute;
  }

  async put(relativePath: string, data: Buffer): Promise<void> {
    const target = this.resolve(relativePath);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await fsp.writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(relativePath: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.resolve(relativePath));
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFound(relativePath);
      throw error;
    }
  }

  async exists(relativePath: string): Promise<boolean> {
    return (await this.stat(relativePath)) !== null;
  }

  async stat(relativePath: string): Promise<StoredFile | null> {
    try {
      const stats = await fsp.stat(this.resolve(relativePath));
      return stats.isFile() ? { path: relativePath, size: stats.size, modified: stats.mtime } : null;
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException)?.code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(relativePath: string): Promise<void> {
    await fsp.rm(this.resolve(relativePath), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<StoredFile> {
    // The walk starts at the deepest folder the prefix names, then filters on the whole prefix.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? this.resolve(folder) : this.root;
    const pending = [start];
    while (pending.length) {
      const dir = pending.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException)?.code === 'ENOTDIR') continue;
        throw error;
      }
      for (const entry of entries) {
        const absolute = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          pending.push(absolute);
          continue;
        }
        if (!entry.isFile() || isPartial(entry.name)) continue;
        const relative = path.relative(this.root, absolute).split(path.sep).join('/');
        if (!relative.startsWith(prefix)) continue;
        try {
          const stats = await fsp.stat(absolute);
          yield { path: relative, size: stats.size, modified: stats.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error; // deleted meanwhile
        }
      }
    }
  }

  async open(relativePath: string, range?: { start: number; end: number }): Promise<OpenedFile | null> {
    const file = await this.stat(relativePath);
    if (!file) return null;
    const body = fs.createReadStream(this.resolve(relativePath), range ? { start: range.start, end: range.end } : {});
    return { ...file, body };
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
  }

  publicUrl(relativePath: string): string {
    return storageUrl(relativePath)!;
  }
}
