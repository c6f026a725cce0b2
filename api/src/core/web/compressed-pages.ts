import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';

interface Entry {
  /** The file's identity when it was compressed: a new release (or a rewritten file) is a new key. */
  identity: string;
  body: Buffer;
}

const identityOf = (stat: Stats) => `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;

/** ~5,000 pages of 12 KB: the whole site of a large catalogue's most visited pages. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Pages waiting for compression beyond this are dropped (a crawler's sweep): the next visit asks again. */
const MAX_WAITING = 200;

/**
 * Pages of the live site compressed once with brotli at its highest quality, kept in memory.
 *
 * Why: the per-request compression (brotli quality 4, gzip 6) leaves a page at 14 KB, which with the
 * headers is past the 14.6 KB a new connection carries in its first round trip, so a phone waits for a
 * second round trip before the first paint. Quality 11 makes it 12 KB, but costs about 60 ms of CPU per
 * page: done once per page of a release, off the main thread (zlib's thread pool), one page at a
 * time, never on the request's path. A page not compressed yet is sent compressed on the fly as before,
 * and queued. Pages are immutable files of a release (a publish writes a new release), so the file's
 * identity (device, inode, size, mtime) says when a stored copy is stale.
 */
export class CompressedPages {
  private readonly entries = new Map<string, Entry>();
  private readonly waiting = new Map<string, string>();
  private bytes = 0;
  private running = false;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** The compressed page, if this version of the file has been compressed. */
  get(file: string, stat: Stats): Buffer | undefined {
    const entry = this.entries.get(file);
    if (!entry || entry.identity !== identityOf(stat)) return undefined;
    // Most recently used last: the oldest are dropped first when memory runs short.
    this.entries.delete(file);
    this.entries.set(file, entry);
    return entry.body;
  }

  /** Queues the page for compression (once per version of the file). */
  schedule(file: string, stat: Stats): void {
    const identity = identityOf(stat);
    if (this.entries.get(file)?.identity === identity || this.waiting.has(file)) return;
    if (this.waiting.size >= MAX_WAITING) return;
    this.waiting.set(file, identity);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const [file, identity] of this.waiting) {
        this.waiting.delete(file);
        await this.compress(file, identity).catch(() => undefined); // a page gone meanwhile: nothing to keep
      }
    } finally {
      this.running = false;
    }
  }

  private async compress(file: string, identity: string): Promise<void> {
    const handle = await fs.open(file, 'r');
    let raw: Buffer;
    try {
      // The version read is the one named by the identity, or it is not kept.
      if (identityOf(await handle.stat()) !== identity) return;
      raw = await handle.readFile();
    } finally {
      await handle.close();
    }
    const body = await new Promise<Buffer>((resolve, reject) =>
      zlib.brotliCompress(
        raw,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    const previous = this.entries.get(file);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(file);
    }
    this.entries.set(file, { identity, body });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
