import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGE_HASHES_FILE, PrecompressedPages } from './precompressed-pages.js';

/** A page of `size` bytes that compresses badly (so that pages differ), written in `dir`. */
function page(dir: string, name: string, size: number, seed = 1): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let text = '';
  for (let i = seed; text.length < size; i++) text += `${(i * 2654435761) % 1000003} `;
  fs.writeFileSync(file, text.slice(0, size));
  return file;
}

const lookup = (pages: PrecompressedPages, file: string) => pages.lookup(file, fs.statSync(file));

describe('pages compressed at build time (PrecompressedPages)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-pages-'));

  it('a release’s pass stores every page at brotli’s best; the lookup gives it back', async () => {
    const release = path.join(root, 'r1');
    const home = page(release, 'index.html', 20_000);
    const product = page(release, 'produit/pompe.html', 8_000, 7);
    fs.writeFileSync(path.join(release, 'logo.svg'), '<svg/>');
    const pages = new PrecompressedPages(path.join(root, 'store1'));
    expect(await lookup(pages, home)).toBeNull();

    expect(await pages.compressRelease(release)).toEqual({ pages: 2, compressed: 2, reused: 0 });
    for (const file of [home, product]) {
      const body = await lookup(pages, file);
      expect(zlib.brotliDecompressSync(body!).equals(fs.readFileSync(file))).toBe(true);
      expect(body!.length).toBe(
        zlib.brotliCompressSync(fs.readFileSync(file), {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }).length,
      );
    }
    expect(fs.readdirSync(path.join(root, 'store1'))).toHaveLength(2); // HTML pages only
  });

  it('a next release compresses only the pages it changed, and never serves an older version', async () => {
    const store = path.join(root, 'store2');
    const pages = new PrecompressedPages(store);
    const first = path.join(root, 'r2a');
    page(first, 'index.html', 10_000);
    page(first, 'about.html', 10_000, 3);
    await pages.compressRelease(first);

    const second = path.join(root, 'r2b');
    page(second, 'index.html', 10_000); // same content
    const about = page(second, 'about.html', 10_000, 5); // changed
    const fresh = new PrecompressedPages(store); // another process, or after a restart
    expect(await fresh.compressRelease(second)).toEqual({ pages: 2, compressed: 1, reused: 1 });

    fs.writeFileSync(about, 'une autre version, plus courte');
    expect(await lookup(fresh, about)).toBeNull();
    fresh.schedule(about);
    let body = await lookup(fresh, about);
    while (!body) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      body = await lookup(fresh, about);
    }
    expect(zlib.brotliDecompressSync(body).toString()).toBe('une autre version, plus courte');
  });

  it('prune forgets pages no kept release shows, and only once every kept release is listed', async () => {
    const store = path.join(root, 'store3');
    const pages = new PrecompressedPages(store);
    const old = path.join(root, 'r3a');
    page(old, 'index.html', 10_000, 11);
    const kept = path.join(root, 'r3b');
    page(kept, 'index.html', 10_000, 13);
    await pages.compressRelease(old);
    await pages.compressRelease(kept);
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of fs.readdirSync(store)) fs.utimesSync(path.join(store, name), anHourAgo, anHourAgo);

    const unlisted = path.join(root, 'r3c');
    page(unlisted, 'index.html', 100);
    expect(await pages.prune([kept, unlisted])).toBe(0); // r3c's pass has not run: nothing goes
    expect(await pages.prune([kept])).toBe(1);
    expect(await lookup(pages, path.join(kept, 'index.html'))).not.toBeNull();
    expect(fs.readFileSync(path.join(kept, PAGE_HASHES_FILE), 'utf8').split('\n')).toHaveLength(1);
  });
});
