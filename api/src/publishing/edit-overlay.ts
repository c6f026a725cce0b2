import fs from 'node:fs';
import path from 'node:path';

/** Files of a release that describe the release itself, never carried over to another one. */
const OWN_FILES = new Set(['.release.json', '.script-hashes.json']);
/** Where a release keeps the file variant of each island page (site/integrations/inline-framework.mjs). */
const VARIANTS_DIR = '.framework';
/** The page a file stands for: `product/1.html` for itself and for its variant `.framework/<hash>/product/1.html`. */
const pageOf = (rel: string) => rel.replace(/^\.framework\/[^/]+\//, '');

/**
 * A release made of the live one plus the few pages a priority publish rendered (see
 * SiteBuilderService.publishEdit): every file of the live release is hard-linked (no bytes copied:
 * releases are never modified in place, see site/integrations/link-restored-pages.mjs), the rendered
 * `article/…` and `product/…` pages and their new hashed assets (`_astro/`) are copied over it, and
 * the pages of removed articles and products left out.
 */
export class EditOverlay {
  constructor(
    private readonly liveDir: string,
    private readonly builtDir: string,
    private readonly releaseDir: string,
  ) {}

  async write(changes: { pages: string[]; gone: string[] }): Promise<void> {
    const replaced = new Set([...changes.pages, ...changes.gone].map((page) => `${page}.html`));
    await this.linkTree(this.liveDir, this.releaseDir, '', replaced);
    for (const page of changes.pages) {
      const built = path.join(this.builtDir, `${page}.html`);
      if (!fs.existsSync(built)) throw new Error(`the priority build has no page /${page}`);
      await fs.promises.mkdir(path.dirname(path.join(this.releaseDir, page)), { recursive: true });
      await fs.promises.copyFile(built, path.join(this.releaseDir, `${page}.html`));
    }
    // Their file variants, under the live release's framework hash only (another hash would be a second
    // framework in one release: those pages are then served with React inside, correct and heavier).
    const variants = path.join(this.builtDir, VARIANTS_DIR);
    for (const hash of fs.existsSync(variants) ? await fs.promises.readdir(variants) : []) {
      if (!fs.existsSync(path.join(this.liveDir, VARIANTS_DIR, hash))) continue;
      for (const page of changes.pages) {
        const built = path.join(variants, hash, `${page}.html`);
        if (!fs.existsSync(built)) continue;
        const target = path.join(this.releaseDir, VARIANTS_DIR, hash, `${page}.html`);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.copyFile(built, target);
      }
    }
    // The rendered pages' scripts: hashed names, so a file already there is the same file.
    const assets = path.join(this.builtDir, '_astro');
    if (fs.existsSync(assets)) await this.copyMissing(assets, path.join(this.releaseDir, '_astro'));
  }

  private async linkTree(from: string, to: string, relative: string, skip: Set<string>): Promise<void> {
    await fs.promises.mkdir(to, { recursive: true });
    const entries = await fs.promises.readdir(from, { withFileTypes: true });
    const files: string[] = [];
    for (const entry of entries) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await this.linkTree(path.join(from, entry.name), path.join(to, entry.name), rel, skip);
      else if (entry.isFile() && !skip.has(pageOf(rel)) && !(relative === '' && OWN_FILES.has(entry.name)))
        files.push(entry.name);
    }
    for (let i = 0; i < files.length; i += 256)
      await Promise.all(files.slice(i, i + 256).map((name) => fs.promises.link(path.join(from, name), path.join(to, name))));
  }

  private async copyMissing(from: string, to: string): Promise<void> {
    await fs.promises.mkdir(to, { recursive: true });
    for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) await this.copyMissing(path.join(from, entry.name), target);
      else if (!fs.existsSync(target)) await fs.promises.copyFile(path.join(from, entry.name), target);
    }
  }
}
