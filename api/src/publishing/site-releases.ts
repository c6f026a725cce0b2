import fs from 'node:fs';
import path from 'node:path';

export interface ReleaseMeta {
  id: string;
  sourceHash: string;
  builtAt: string;
  durationMs: number;
  /** A priority publish laid over an older release during a cold build (see SiteBuilderService.publishEdit). */
  partial?: boolean;
}

/**
 * The built public site lives in release folders under SITE_DIR/releases (SITE_DIR defaults to
 * DATA_DIR/site); `current` is a symlink to the live one, replaced with an atomic rename so a visitor
 * never sees a half-built site. The link is relative, so nginx and every replica that mount the same
 * volume (at any path) serve the same release.
 */
export class SiteReleases {
  readonly root: string;
  readonly releasesDir: string;
  readonly currentLink: string;
  private cached: { dir: string | null; at: number } = { dir: null, at: 0 };

  constructor(siteDir: string, { create = true }: { create?: boolean } = {}) {
    this.root = siteDir;
    this.releasesDir = path.join(this.root, 'releases');
    this.currentLink = path.join(this.root, 'current');
    if (create) fs.mkdirSync(this.releasesDir, { recursive: true });
  }

  /** The live release folder, re-read at most once a second so that other processes' switches show. */
  currentDir(): string | null {
    const now = Date.now();
    if (now - this.cached.at < 1000) return this.cached.dir;
    let dir: string | null;
    try {
      dir = path.resolve(this.root, fs.readlinkSync(this.currentLink));
      if (!fs.existsSync(path.join(dir, 'index.html'))) dir = null;
    } catch {
      dir = null;
    }
    this.cached = { dir, at: now };
    return dir;
  }

  currentMeta(): ReleaseMeta | null {
    const dir = this.currentDir();
    return dir ? this.readMeta(dir) : null;
  }

  readMeta(dir: string): ReleaseMeta | null {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, '.release.json'), 'utf8')) as ReleaseMeta;
    } catch {
      return null;
    }
  }

  newReleaseDir(): { id: string; dir: string } {
    const id =
      new Date()
        .toISOString()
        .replace(/[-:.TZ]/g, '')
        .slice(0, 17) +
      '-' +
      process.pid;
    return { id, dir: path.join(this.releasesDir, id) };
  }

  switchTo(dir: string): void {
    const tmp = `${this.currentLink}.${process.pid}.tmp`;
    fs.rmSync(tmp, { force: true });
    fs.symlinkSync(path.relative(this.root, dir), tmp);
    fs.renameSync(tmp, this.currentLink);
    this.cached = { dir, at: Date.now() };
  }

  list(): ReleaseMeta[] {
    if (!fs.existsSync(this.releasesDir)) return [];
    return fs
      .readdirSync(this.releasesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => this.readMeta(path.join(this.releasesDir, d.name)))
      .filter((m): m is ReleaseMeta => m !== null)
      .sort((a, b) => b.id.localeCompare(a.id));
  }

  /**
   * Removes the folders of builds that never finished (a process killed mid-build leaves a partial
   * release, at 20,000 pages gigabytes over time). Called only by the holder of the build lock, when
   * no other build can be running; returns how many went.
   */
  async removeUnfinished(): Promise<number> {
    if (!fs.existsSync(this.releasesDir)) return 0;
    const live = this.currentDir();
    let removed = 0;
    for (const entry of fs.readdirSync(this.releasesDir, { withFileTypes: true })) {
      const dir = path.join(this.releasesDir, entry.name);
      if (!entry.isDirectory() || dir === live || this.readMeta(dir)) continue;
      await fs.promises.rm(dir, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  /**
   * Keeps the live release and the `keep` newest others; removes unfinished folders too. Asynchronous:
   * a release of 10,000 articles and products is 20,000 files, too many to unlink while the API waits.
   */
  async prune(keep = 3): Promise<void> {
    const live = this.currentDir();
    const finished = new Set(this.list().map((m) => m.id));
    const ordered = [...finished].sort().reverse();
    const kept = new Set(ordered.slice(0, keep + 1));
    for (const entry of fs.readdirSync(this.releasesDir)) {
      const dir = path.join(this.releasesDir, entry);
      if (dir === live || kept.has(entry)) continue;
      if (!finished.has(entry) && Date.now() - fs.statSync(dir).mtimeMs < 60 * 60 * 1000) continue; // maybe building
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
}
