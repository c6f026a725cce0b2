import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What a site build keeps between builds, and between restarts, next to the releases (SITE_DIR/cache):
 * Astro's incremental cache (its manifest and the rendered pages, see site/astro.config.mjs) and the
 * inline script hashes of the pages already read (see recordReleaseScriptHashes). A start with an
 * unchanged site builds nothing, and the first publish after it renders only the pages it changed
 * and reads only those pages for the CSP, as it would have without the restart.
 *
 * The cache is valid only for the inputs it was made from: `inputs.json` records the site's
 * fingerprint (its code and the configuration every page shows, siteSourceHash) and Astro's version.
 * When either changed, the whole cache is discarded before the build, which is then a cold build.
 */
export class BuildState {
  readonly dir: string;

  constructor(siteRoot: string) {
    this.dir = path.join(siteRoot, 'cache');
  }

  private get inputsFile(): string {
    return path.join(this.dir, 'inputs.json');
  }

  private get scriptHashesFile(): string {
    return path.join(this.dir, 'script-hashes.json');
  }

  /** The inputs a build of this site has: its fingerprint and the Astro version that renders it. */
  static inputs(siteSourceDir: string, fingerprint: string): BuildInputs {
    const require = createRequire(path.join(siteSourceDir, 'package.json'));
    const astro = JSON.parse(fs.readFileSync(require.resolve('astro/package.json'), 'utf8')) as { version: string };
    return { fingerprint, astro: astro.version };
  }

  /** True when the cache holds pages made from these inputs (a build then renders only what changed). */
  isWarmFor(inputs: BuildInputs): boolean {
    try {
      const recorded = JSON.parse(fs.readFileSync(this.inputsFile, 'utf8')) as BuildInputs;
      return (
        recorded.fingerprint === inputs.fingerprint &&
        recorded.astro === inputs.astro &&
        fs.existsSync(path.join(this.dir, 'incremental-build.json'))
      );
    } catch {
      return false;
    }
  }

  /**
   * Before a build: keeps the cache if it was made from these inputs, else empties it (so the build
   * renders every page) and records the new inputs only once that build succeeded (`recordInputs`).
   * Returns whether the cache was kept.
   */
  async prepare(inputs: BuildInputs): Promise<boolean> {
    if (this.isWarmFor(inputs)) return true;
    await fs.promises.rm(this.dir, { recursive: true, force: true });
    return false;
  }

  /** After a successful build: the cache now holds pages made from these inputs. */
  recordInputs(inputs: BuildInputs): void {
    fs.mkdirSync(this.dir, { recursive: true });
    writeAtomically(this.inputsFile, JSON.stringify(inputs));
  }

  /** The script hashes of the pages already read, by file identity (device, inode, size, mtime). */
  loadScriptHashes(into: Map<string, string[]>): void {
    if (into.size) return;
    try {
      const saved = JSON.parse(fs.readFileSync(this.scriptHashesFile, 'utf8')) as Record<string, string[]>;
      for (const [key, hashes] of Object.entries(saved)) into.set(key, hashes);
    } catch {
      /* none saved yet, or unreadable: every page is read once */
    }
  }

  async saveScriptHashes(known: Map<string, string[]>): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const tmp = `${this.scriptHashesFile}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, JSON.stringify(Object.fromEntries(known)));
    await fs.promises.rename(tmp, this.scriptHashesFile);
  }
}

export interface BuildInputs {
  fingerprint: string;
  astro: string;
}

function writeAtomically(file: string, body: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, body);
  fs.renameSync(tmp, file);
}
