import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import type { PublicArticlesService } from '../blog/public-articles.service.js';
import type { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { compressedPagesDir, PAGE_HASHES_FILE, PrecompressedPages } from '../core/web/precompressed-pages.js';
import { recordReleaseScriptHashes } from '../core/web/security-headers.js';
import type { SiteStatusProvider } from '../health/site-status.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { BuildDataCache } from './build-data.js';
import { BuildState, type BuildInputs } from './build-state.js';
import { EditOverlay } from './edit-overlay.js';
import { failureForStaff } from './build-failure.js';
import { SiteBucket } from './site-bucket.js';
import { SiteReleases } from './site-releases.js';
import { SITE_ARTICLES, SITE_CATALOGUE } from './site-sources.js';
import { siteSourceHash } from './site-source-hash.js';

export interface BuildOutcome {
  ok: boolean;
  releaseId?: string;
  durationMs: number;
  error?: string;
  /**
   * A cold build during which edits went live by priority builds (publishEdit): its release lacks
   * them, so it was not switched live; the next build (warm now) switches a complete one.
   */
  superseded?: boolean;
  /** Pages Astro rendered and restored from its cache, and pages read for the release's CSP. */
  pages?: { rendered: number; restored: number; readForCsp?: number };
}

/**
 * Builds the Astro site into a fresh release folder against this running API, checks it, and only
 * then switches it live. A failed build leaves the live release untouched.
 */
@Injectable()
export class SiteBuilderService implements SiteStatusProvider, OnApplicationShutdown {
  private readonly logger = new Logger('SiteBuilder');
  readonly releases: SiteReleases;
  private readonly bucket: SiteBucket | null;
  private building: Promise<BuildOutcome> | null = null;
  private child: ChildProcess | null = null;
  /** Every Astro process running (a cold build and a priority publish may overlap), for the shutdown. */
  private readonly children = new Set<ChildProcess>();
  private lastError: string | undefined;
  private apiOrigin: string | undefined;
  /** The articles and products the last build was given, for the next one (see BuildDataCache). */
  private readonly buildData: BuildDataCache;
  /** Inline script hashes of the pages of the last release, by file identity (see recordReleaseScriptHashes). */
  private readonly scriptHashes = new Map<string, string[]>();
  /** Astro's incremental cache and the script hashes, kept across restarts (see BuildState). */
  private readonly buildState: BuildState;
  /** Set while a cold build (every page rendered) runs with a release live: edits then go by publishEdit. */
  private cold: { astro: ChildProcess | null; dataWritten: Promise<unknown>; edits: number } | null = null;
  private editing: Promise<BuildOutcome | null> | null = null;
  /** The pages of each release compressed at brotli's best once it is live (see PrecompressedPages). */
  private readonly pages: PrecompressedPages;
  private compressing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly moduleRef: ModuleRef,
  ) {
    // A process that does not build only reads SITE_DIR: it may be a read-only mount of the shared volume.
    this.releases = new SiteReleases(config.siteDir, { create: config.buildSiteOnBoot });
    this.bucket = config.siteBucket ? new SiteBucket(config.siteBucket) : null;
    this.buildState = new BuildState(this.releases.root);
    this.pages = PrecompressedPages.for(compressedPagesDir(config.siteDir));
    // Resolved at build time from the application (not injected), by the tokens the blog and catalogue
    // modules provide them under: they depend on this global publishing module, not the other way round.
    this.buildData = new BuildDataCache(dataSource, () => ({
      articles: this.moduleRef.get<PublicArticlesService>(SITE_ARTICLES, { strict: false }),
      catalogue: this.moduleRef.get<PublicCatalogueService>(SITE_CATALOGUE, { strict: false }),
    }));
  }

  /** Called once the HTTP server listens: the build reads its data from this process's API. */
  setApiOrigin(origin: string): void {
    this.apiOrigin = origin;
  }

  siteStatus() {
    const meta = this.releases.currentMeta();
    if (this.building) return { state: 'building' as const, release: meta?.id };
    if (this.lastError && !meta) return { state: 'failed' as const, error: this.lastError };
    if (meta) return { state: 'live' as const, release: meta.id, ...(this.lastError ? { error: this.lastError } : {}) };
    return { state: 'missing' as const };
  }

  needsBuild(): boolean {
    const meta = this.releases.currentMeta();
    return !meta || meta.sourceHash !== this.fingerprint() || fs.existsSync(this.rebuildFlag);
  }

  /**
   * What a release was built from besides the data: the site's code and the configuration every page
   * shows (company details, public address). A change of either rebuilds the site at the next start.
   */
  private fingerprint(): string {
    const shown = JSON.stringify({ company: this.config.company, siteUrl: this.config.siteUrl });
    return siteSourceHash(this.config.siteSourceDir, shown);
  }

  /** Marks the live site as out of date for a process that is not serving (the seed command). */
  requestRebuild(reason: string): void {
    fs.mkdirSync(this.releases.root, { recursive: true });
    fs.writeFileSync(this.rebuildFlag, `${new Date().toISOString()} ${reason}\n`);
  }

  private get rebuildFlag(): string {
    return path.join(this.releases.root, 'rebuild-requested');
  }

  isBuilding(): boolean {
    return this.building !== null;
  }

  /** True while a cold build renders every page with a release live (edits meanwhile: publishEdit). */
  isColdBuilding(): boolean {
    return this.cold !== null;
  }

  /**
   * Resolves once the running cold build has read the articles and products it renders: a change saved
   * after that is one this build lacks, which publishEdit lays over the live release meanwhile.
   */
  async coldBuildDataRead(): Promise<void> {
    await this.cold?.dataWritten.catch(() => undefined);
  }

  build(): Promise<BuildOutcome> {
    if (!this.building) {
      this.building = this.runBuild().finally(() => {
        this.building = null;
      });
    }
    return this.building;
  }

  private async runBuild(): Promise<BuildOutcome> {
    const started = Date.now();
    const { id, dir } = this.releases.newReleaseDir();
    const sourceHash = this.fingerprint();
    const inputs: BuildInputs = BuildState.inputs(this.config.siteSourceDir, sourceHash);
    // Where a publish spends its time, at debug level (LOG_LEVEL=debug): see docs/performance.md.
    let lap = started;
    const step = (name: string) => {
      const now = Date.now();
      this.logger.debug(`build ${id}: ${name} ${now - lap} ms`);
      lap = now;
    };
    try {
      const leftovers = await this.releases.removeUnfinished();
      if (leftovers) this.logger.warn(`Removed ${leftovers} unfinished release folder(s) left by an interrupted build`);
      let pages = { rendered: 0, restored: 0 };
      const warm = await this.buildState.prepare(inputs);
      this.buildState.loadScriptHashes(this.scriptHashes);
      const storageIndex = await this.writeStorageIndex();
      step(warm ? 'storage index' : 'storage index (cold build: every page rendered)');
      const buildData = path.join(os.tmpdir(), `comptoir-build-data-${process.pid}-${randomUUID()}.json`);
      try {
        // The data is read while Astro starts and bundles (seconds that do not depend on the data): the
        // site waits for the file to appear only when its pages ask for it.
        const writing = this.buildData.write(buildData);
        // A cold build with a release live (not with a bucket: an edit would upload every file): an
        // edit meanwhile is published on top of the live release by publishEdit, not after this build.
        if (!warm && this.releases.currentDir() && !this.bucket) this.cold = { astro: null, dataWritten: writing, edits: 0 };
        const written = writing.then(
          (loaded) =>
            this.logger.debug(
              `build ${id}: build data written after ${Date.now() - lap} ms (${loaded.articles} articles, ${loaded.products} products read)`,
            ),
          (error: unknown) => {
            this.child?.kill('SIGTERM');
            throw error;
          },
        );
        [, pages] = await Promise.all([written, this.runAstro(dir, storageIndex, buildData, this.buildState.dir)]);
      } finally {
        fs.rmSync(storageIndex, { force: true });
        fs.rmSync(buildData, { force: true });
        fs.rmSync(`${buildData}.part`, { force: true });
      }
      step('astro build');
      const cold = this.cold;
      this.cold = null;
      if (cold) await this.editing;
      if (cold?.edits) {
        // Edits went live on top of the old release meanwhile: this one lacks them. The next build
        // (queued by those edits, rendering only their pages now: the cache is warm) switches a
        // complete release.
        this.buildState.recordInputs(inputs);
        fs.rmSync(dir, { recursive: true, force: true });
        const durationMs = Date.now() - started;
        this.logger.log(
          `Cold build ${id} done in ${durationMs} ms; ${cold.edits} edit(s) went live meanwhile, the next build completes it`,
        );
        return { ok: true, releaseId: this.releases.currentMeta()?.id, durationMs, superseded: true, pages };
      }
      await this.checkRelease(dir);
      step('release check');
      const read = await recordReleaseScriptHashes(dir, this.scriptHashes);
      step(`script hashes (${read} pages read)`);
      // The cache now holds this build's pages (a restart renders none of them again).
      this.buildState.recordInputs(inputs);
      void this.buildState
        .saveScriptHashes(this.scriptHashes)
        .catch((error: unknown) => this.logger.warn(`Could not save the script hashes: ${(error as Error).message}`));
      const durationMs = Date.now() - started;
      fs.writeFileSync(
        path.join(dir, '.release.json'),
        JSON.stringify({ id, sourceHash, builtAt: new Date().toISOString(), durationMs }, null, 2),
      );
      if (this.bucket) {
        // The bucket first: a failed upload fails the build, and both copies stay on the old release.
        const files = await this.bucket.upload(dir, id);
        await this.bucket.switchTo(id);
        this.logger.log(`Site release ${id} uploaded to ${this.bucket.location} (${files} files)`);
        step('bucket upload');
      }
      this.releases.switchTo(dir);
      step('switch');
      fs.rmSync(this.rebuildFlag, { force: true });
      // In the background: the new release is live already, and a build running meanwhile is safe
      // (prune keeps unfinished folders younger than an hour).
      void this.releases
        .prune(3)
        .catch((error: unknown) => this.logger.warn(`Could not prune old releases: ${(error as Error).message}`));
      this.compressPages(dir);
      this.lastError = undefined;
      this.logger.log(`Site release ${id} live after ${durationMs} ms`);
      return { ok: true, releaseId: id, durationMs, pages: { ...pages, readForCsp: read } };
    } catch (error) {
      this.cold = null;
      fs.rmSync(dir, { recursive: true, force: true });
      const technical = error instanceof Error ? error.message : String(error);
      this.logger.error(`Site build ${id} failed: ${technical}`);
      const output = (error as { output?: string }).output ?? technical;
      this.lastError = await failureForStaff(output, id, this.dataSource);
      return { ok: false, durationMs: Date.now() - started, error: this.lastError };
    }
  }

  /**
   * Compresses a live release's pages into the store, one release after another, in the background:
   * a page of a publish is compressed in its first seconds, a first build of 20,000 pages over
   * minutes (visited pages first). Then the store forgets pages no kept release shows.
   */
  private compressPages(dir: string): void {
    this.compressing = this.compressing.then(async () => {
      try {
        const started = Date.now();
        const done = await this.pages.compressRelease(dir);
        this.logger.log(
          `Pages of ${path.basename(dir)} compressed: ${done.compressed} new, ${done.reused} already stored, ${Date.now() - started} ms`,
        );
        const kept = this.releases.list().map((meta) => path.join(this.releases.releasesDir, meta.id));
        await this.pages.prune(kept.filter((release) => fs.existsSync(release)));
      } catch (error) {
        // The page stays served compressed on the fly: slower, never wrong.
        this.logger.warn(`Could not compress the pages of ${path.basename(dir)}: ${(error as Error).message}`);
      }
    });
  }

  /** At a start that builds nothing: finishes the live release's compression if a stop interrupted it. */
  resumePageCompression(): void {
    const live = this.releases.currentDir();
    if (live && !fs.existsSync(path.join(live, PAGE_HASHES_FILE))) this.compressPages(live);
  }

  /** A release goes live only with its home page, its 404 page and a sample of articles and products. */
  private async checkRelease(dir: string): Promise<void> {
    for (const file of ['index.html', '404.html']) {
      if (!fs.existsSync(path.join(dir, file))) throw new Error(`the build has no ${file}`);
    }
    const articles: { slug: string }[] = await this.dataSource.query(
      "SELECT slug FROM blog_articles WHERE status = 'Publié' ORDER BY id DESC LIMIT 3",
    );
    const products: { id: number }[] = await this.dataSource.query('SELECT id FROM products ORDER BY id DESC LIMIT 3');
    const pages = [...articles.map((a) => `article/${a.slug}`), ...products.map((p) => `product/${p.id}`)];
    for (const page of pages) {
      const candidates = [path.join(dir, page, 'index.html'), path.join(dir, `${page}.html`)];
      if (!candidates.some((file) => fs.existsSync(file))) throw new Error(`the build has no page /${page}`);
    }
  }

  /**
   * The list of stored files, one path a line, for the build to know which resized copies exist
   * without one request per image, whichever the storage driver.
   */
  private async writeStorageIndex(): Promise<string> {
    const paths: string[] = [];
    for await (const file of this.storage.list()) paths.push(file.path);
    const file = path.join(os.tmpdir(), `comptoir-storage-index-${process.pid}-${randomUUID()}.txt`);
    fs.writeFileSync(file, paths.join('\n'));
    return file;
  }

  /**
   * Publishes the edits made since the running cold build read its data, by priority: the cold build
   * is paused (SIGSTOP, no CPU taken from this one), the changed articles' and products' pages are
   * rendered alone (a data file of just those rows, a throwaway cache), laid over the live release in
   * a new release folder (every other file a hard link), switched live, and the cold build resumes.
   * Such a release is marked `partial`: it keeps the old release's fingerprint, so a restart before
   * the cold build ends still rebuilds. Returns null when there is nothing to do this way.
   */
  publishEdit(): Promise<BuildOutcome | null> {
    if (!this.cold) return Promise.resolve(null);
    this.editing ??= this.runEdit().finally(() => {
      this.editing = null;
    });
    return this.editing;
  }

  private async runEdit(): Promise<BuildOutcome | null> {
    const cold = this.cold;
    const live = this.releases.currentDir();
    const liveMeta = live ? this.releases.readMeta(live) : null;
    if (!cold || !live || !liveMeta) return null;
    await cold.dataWritten.catch(() => undefined);
    const started = Date.now();
    const { id, dir } = this.releases.newReleaseDir();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-edit-'));
    const paused = cold.astro;
    paused?.kill('SIGSTOP');
    try {
      const data = path.join(work, 'build-data.json');
      const { changes } = await this.buildData.write(data, { changesOnly: true });
      if (!changes.pages.length && !changes.gone.length) return null;
      if (changes.pages.length > EDIT_MAX_PAGES) return null; // as long as the cold build: it waits
      const storageIndex = await this.writeStorageIndex();
      try {
        await this.runAstro(path.join(work, 'out'), storageIndex, data, path.join(work, 'cache'), { track: false });
      } finally {
        fs.rmSync(storageIndex, { force: true });
      }
      const overlay = new EditOverlay(live, path.join(work, 'out'), dir);
      await overlay.write(changes);
      await recordReleaseScriptHashes(dir, new Map(this.scriptHashes));
      const durationMs = Date.now() - started;
      fs.writeFileSync(
        path.join(dir, '.release.json'),
        JSON.stringify(
          { id, sourceHash: liveMeta.sourceHash, builtAt: new Date().toISOString(), durationMs, partial: true },
          null,
          2,
        ),
      );
      this.releases.switchTo(dir);
      this.compressPages(dir);
      cold.edits++;
      this.logger.log(`Edit release ${id} (${changes.pages.length} page(s) over ${liveMeta.id}) live after ${durationMs} ms`);
      return { ok: true, releaseId: id, durationMs };
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      this.logger.warn(`Priority publish failed, the cold build will publish it: ${(error as Error).message}`);
      return { ok: false, durationMs: Date.now() - started, error: (error as Error).message };
    } finally {
      paused?.kill('SIGCONT');
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  private runAstro(
    outDir: string,
    storageIndex: string,
    buildData: string,
    cacheDir: string,
    { track = true }: { track?: boolean } = {},
  ): Promise<{ rendered: number; restored: number }> {
    if (!this.apiOrigin) return Promise.reject(new Error('the API origin is not known yet'));
    const require = createRequire(path.join(this.config.siteSourceDir, 'package.json'));
    const astroBin = path.join(path.dirname(require.resolve('astro/package.json')), 'bin/astro.mjs');
    const env = {
      ...process.env,
      // A published site is a production build whatever the API runs as (under NODE_ENV=test, Vite
      // would take React's development JSX runtime, which the page's inline React does not provide).
      NODE_ENV: 'production',
      COMPTOIR_API_URL: this.apiOrigin,
      COMPTOIR_OUT_DIR: outDir,
      COMPTOIR_CACHE_DIR: cacheDir,
      COMPTOIR_STORAGE_INDEX: storageIndex,
      COMPTOIR_BUILD_DATA: buildData,
      SITE_URL: this.config.siteUrl,
      COMPANY_NAME: this.config.company.name,
      COMPANY_EMAIL: this.config.company.email,
      COMPANY_PHONES: this.config.company.phones.join(','),
      COMPANY_ADDRESS: this.config.company.address,
      COMPANY_MAP_QUERY: this.config.company.mapQuery,
      COMPANY_WHATSAPP: this.config.company.whatsapp ?? '',
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    return new Promise((resolve, reject) => {
      let output = '';
      // Astro's phase lines (not its one line per page), kept for the debug log.
      const phases: string[] = [];
      const pages = { rendered: 0, restored: 0 };
      let partial = '';
      const child = spawn(process.execPath, [astroBin, 'build'], {
        cwd: this.config.siteSourceDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.children.add(child);
      child.on('exit', () => this.children.delete(child));
      if (track) {
        this.child = child;
        if (this.cold) this.cold.astro = child;
      }
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (!/[├└│]/.test(line)) {
            if (line.trim() && phases.length < 200) phases.push(line);
          } else if (line.includes('(restored)')) pages.restored++;
          else if (pages.rendered++ % 500 === 0) phases.push(line); // a sample shows the pace
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.on('error', reject);
      const timer = setTimeout(() => {
        collect(Buffer.from(`\nbuild killed after ${this.config.siteBuildTimeoutMs} ms`));
        child.kill('SIGKILL');
      }, this.config.siteBuildTimeoutMs);
      timer.unref();
      child.on('exit', () => clearTimeout(timer));
      child.on('exit', (code, signal) => {
        if (track) {
          this.child = null;
          if (this.cold) this.cold.astro = null;
        }
        // Astro's own phase timings ("[build] ... in 1.2s", "generating static routes", ...).
        this.logger.debug(`astro build: ${pages.rendered} pages rendered, ${pages.restored} restored\n${phases.join('\n')}`);
        if (code === 0) resolve(pages);
        // The log gets the last lines; the whole tail is kept to name the failed page to editors.
        else reject(Object.assign(new Error(`astro build exited with ${signal ?? code}: ${lastLines(output)}`), { output }));
      });
    });
  }

  onApplicationShutdown(): void {
    for (const child of this.children) {
      child.kill('SIGTERM');
      child.kill('SIGCONT'); // a cold build paused by a priority publish
    }
  }
}

/** Beyond this many changed pages an edit is no quicker than the cold build: it waits for it. */
const EDIT_MAX_PAGES = 200;

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-8).join('\n');
}
