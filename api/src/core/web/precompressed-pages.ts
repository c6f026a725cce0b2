import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** Where a site folder (SITE_DIR) keeps its compressed pages, beside its releases. */
export const compressedPagesDir = (siteDir: string) => path.join(siteDir, 'compressed');
/** The list of a release's page hashes, written once its pages are all in the store (see prune). */
export const PAGE_HASHES_FILE = '.page-hashes';
/** Store files younger than this are never pruned: a build or a visit may be about to use them. */
const PRUNE_GRACE_MS = 60 * 60 * 1000;
/** Visited pages waiting beyond this are dropped (a crawler's sweep): the release's own pass covers them. */
const MAX_WAITING = 200;
/** Page identities remembered with their content hash: a 20,000-page site's worth, about 3 MB. */
const MAX_HASHES = 50_000;

const identityOf = (stat: Stats) => `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;

/** Brotli at its best for text; the same parameters for every page, so one content gives one file. */
function brotliBest(raw: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
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
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The site's pages compressed with brotli's highest quality, once per content, in a store shared by
 * every release, process and replica (`SITE_DIR/compressed/<sha256>.br`).
 *
 * Why: per-request compression (brotli 4) leaves a page at 14 KB, which with the headers passes the
 * 14.6 KB a new connection carries in its first round trip; quality 11 makes it 12 KB but costs about
 * 50 ms of CPU per page. So the builder compresses each release's pages right after it goes live, one
 * at a time off the main thread (zlib's pool), and a page whose content an earlier release already
 * had costs only its hash: a publish compresses the pages it changed, a restart with an unchanged site
 * none. Keyed by content, a stored copy is never stale whatever a later release writes. A page not in
 * the store yet (the first minutes after a large site's first build) is compressed on the fly by the
 * caller and moved to the front of the queue.
 */
export class PrecompressedPages {
  private static readonly byStore = new Map<string, PrecompressedPages>();

  /** One per store in a process: the builder's pass and the visits share one queue. */
  static for(storeDir: string): PrecompressedPages {
    let pages = PrecompressedPages.byStore.get(storeDir);
    if (!pages) PrecompressedPages.byStore.set(storeDir, (pages = new PrecompressedPages(storeDir)));
    return pages;
  }

  private readonly hashes = new Map<string, { identity: string; hash: string }>();
  private readonly waiting = new Set<string>();
  private draining = false;

  constructor(readonly storeDir: string) {}

  /** The stored copy of this version of the page, or null when it is not compressed yet. */
  async lookup(file: string, stat: Stats): Promise<Buffer | null> {
    const hash = await this.hashOf(file, stat);
    return hash ? fs.readFile(this.storePath(hash)).catch(() => null) : null;
  }

  /** A visited page that is not in the store: compressed before the rest of the release's pass. */
  schedule(file: string): void {
    if (this.waiting.size >= MAX_WAITING) return;
    this.waiting.add(file);
    void this.drain();
  }

  /**
   * Puts every page of a release in the store, then lists their hashes in the release (what prune
   * keeps). Returns how many pages it compressed and how many were stored already.
   */
  async compressRelease(dir: string): Promise<{ pages: number; compressed: number; reused: number }> {
    await fs.mkdir(this.storeDir, { recursive: true });
    const hashes = new Set<string>();
    let compressed = 0;
    let reused = 0;
    for (const file of await htmlFiles(dir)) {
      // Visits first: a page a visitor is waiting for comes before the rest of the pass.
      await this.drain();
      const stat = await fs.stat(file).catch(() => null);
      const hash = stat && (await this.hashOf(file, stat));
      if (!hash) continue; // gone meanwhile (a pruned release)
      hashes.add(hash);
      if (await this.store(file, hash)) compressed++;
      else reused++;
    }
    await fs.writeFile(path.join(dir, PAGE_HASHES_FILE), [...hashes].join('\n'));
    return { pages: hashes.size, compressed, reused };
  }

  /**
   * Removes stored pages no kept release lists. Nothing goes while a kept release has no list yet (its
   * pass is running: its pages would only be compressed again), nor anything younger than an hour.
   */
  async prune(keptReleaseDirs: string[]): Promise<number> {
    const used = new Set<string>();
    for (const dir of keptReleaseDirs) {
      const list = await fs.readFile(path.join(dir, PAGE_HASHES_FILE), 'utf8').catch(() => null);
      if (list === null) return 0;
      for (const hash of list.split('\n')) if (hash) used.add(hash);
    }
    let removed = 0;
    for (const name of await fs.readdir(this.storeDir).catch(() => [] as string[])) {
      if (used.has(name.replace(/\.br$/, ''))) continue;
      const file = path.join(this.storeDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || Date.now() - stat.mtimeMs < PRUNE_GRACE_MS) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  private storePath(hash: string): string {
    return path.join(this.storeDir, `${hash}.br`);
  }

  private async hashOf(file: string, stat: Stats): Promise<string | null> {
    const identity = identityOf(stat);
    const known = this.hashes.get(file);
    if (known?.identity === identity) return known.hash;
    const handle = await fs.open(file, 'r').catch(() => null);
    if (!handle) return null;
    let raw: Buffer;
    try {
      // The version read is the one named by the identity, or its hash is not kept.
      if (identityOf(await handle.stat()) !== identity) return null;
      raw = await handle.readFile();
    } finally {
      await handle.close();
    }
    const hash = crypto.createHash('sha256').update(raw).digest('hex');
    if (this.hashes.size >= MAX_HASHES) this.hashes.clear();
    this.hashes.set(file, { identity, hash });
    return hash;
  }

  /** Compresses the page into the store unless its content is there already; true when it compressed. */
  private async store(file: string, hash: string): Promise<boolean> {
    const target = this.storePath(hash);
    if (
      await fs.stat(target).then(
        () => true,
        () => false,
      )
    )
      return false;
    const raw = await fs.readFile(file);
    // The content read must be the one hashed (a file rewritten in between is left to its next pass).
    if (crypto.createHash('sha256').update(raw).digest('hex') !== hash) return false;
    const body = await brotliBest(raw);
    // Written aside then renamed: a reader (another replica too) sees the whole file or none.
    const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, target);
    return true;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (const file of this.waiting) {
        this.waiting.delete(file);
        await fs
          .stat(file)
          .then(async (stat) => {
            const hash = await this.hashOf(file, stat);
            if (hash) {
              await fs.mkdir(this.storeDir, { recursive: true });
              await this.store(file, hash);
            }
          })
          .catch(() => undefined); // a page gone meanwhile: nothing to store
      }
    } finally {
      this.draining = false;
    }
  }
}
