import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageUrl, type Storage } from './storage.js';

/** Files under one folder of the disk (DATA_DIR/storage), served by the app at /storage. */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a stored file, refusing anything that would leave the storage root. */
  resolve(relativePath: string): string {
    if (!relativePath || relativePath.includes('\0') || path.isAbsolute(relativePath)) {
      throw new Error(`Invalid storage path: ${JSON.stringify(relativePath)}`);
    }
    const absolute = path.resolve(this.root, relativePath);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`Storage path outside the root: ${relativePath}`);
    return absolute;
  }

  async put(relativePath: string, data: Buffer): Promise<void> {
    const target = this.resolve(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await fs.writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(relativePath: string): Promise<Buffer> {
    return fs.readFile(this.resolve(relativePath));
  }

  async exists(relativePath: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(relativePath));
      return true;
    } catch {
      return false;
    }
  }

  async delete(relativePath: string): Promise<void> {
    await fs.rm(this.resolve(relativePath), { force: true });
  }

  publicUrl(relativePath: string): string {
    return storageUrl(relativePath)!;
  }
}
