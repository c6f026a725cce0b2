import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error plain ESM Astro integration of the site, without type declarations
import linkRestoredPages from '../../../site/integrations/link-restored-pages.mjs';

/**
 * The site build hard-links unchanged pages from Astro's incremental cache into the new release
 * (site/integrations/link-restored-pages.mjs). What a visitor relies on: a release already live (or
 * kept for rollback) never changes when a later build re-renders one of its pages.
 */
describe('pages restored from the incremental cache', () => {
  const original = { copyFile: fs.promises.copyFile, writeFile: fs.promises.writeFile };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-link-pages-'));
  const cacheDir = path.join(dir, 'cache');
  const cached = path.join(cacheDir, 'dist/article/a.html');
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.writeFileSync(cached, '<h1>Version 1</h1>');
  linkRestoredPages().hooks['astro:config:done']({
    config: {
      experimental: { incrementalBuild: true },
      cacheDir: pathToFileURL(`${cacheDir}/`),
      outDir: pathToFileURL(`${path.join(dir, 'releases/2')}/`),
    },
  });

  afterAll(() => {
    Object.assign(fs.promises, original);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('links an unchanged page instead of copying it, and a re-rendered page leaves older releases as they were', async () => {
    const live = path.join(dir, 'releases/1/article/a.html');
    fs.mkdirSync(path.dirname(live), { recursive: true });
    // As Astro restores it: copyFile(URL in the cache, URL in the release folder).
    await fs.promises.copyFile(pathToFileURL(cached), pathToFileURL(live));
    expect(fs.statSync(live).ino).toBe(fs.statSync(cached).ino);
    expect(fs.readFileSync(live, 'utf8')).toBe('<h1>Version 1</h1>');

    // The next build renders the page again and stores it in the cache: a new file, not the shared one.
    await fs.promises.writeFile(pathToFileURL(cached), '<h1>Version 2</h1>');
    expect(fs.readFileSync(cached, 'utf8')).toBe('<h1>Version 2</h1>');
    expect(fs.readFileSync(live, 'utf8')).toBe('<h1>Version 1</h1>');
    expect(fs.statSync(live).ino).not.toBe(fs.statSync(cached).ino);
  });

  it('stores a page it renders in the cache as a link of the release file, not a second copy', async () => {
    const built = path.join(dir, 'releases/2/article/b.html');
    const stored = path.join(cacheDir, 'dist/article/b.html');
    fs.mkdirSync(path.dirname(built), { recursive: true });
    fs.mkdirSync(path.dirname(stored), { recursive: true });
    // As Astro does for a rendered page: the release file, then the same body into the cache.
    await fs.promises.writeFile(built, '<h1>B</h1>');
    await fs.promises.writeFile(pathToFileURL(stored), '<h1>B</h1>');
    expect(fs.readFileSync(stored, 'utf8')).toBe('<h1>B</h1>');
    expect(fs.statSync(stored).ino).toBe(fs.statSync(built).ino);
  });

  it('still copies files from anywhere else', async () => {
    const source = path.join(dir, 'public.txt');
    const target = path.join(dir, 'copy.txt');
    fs.writeFileSync(source, 'texte');
    await fs.promises.copyFile(source, target);
    expect(fs.readFileSync(target, 'utf8')).toBe('texte');
    expect(fs.statSync(target).ino).not.toBe(fs.statSync(source).ino);
  });
});
