import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CompressedPages } from './compressed-pages.js';

/** A page of `size` bytes that compresses badly (so that sizes add up), written in `dir`. */
function page(dir: string, name: string, size: number): string {
  const file = path.join(dir, name);
  let text = '';
  for (let i = 0; text.length < size; i++) text += `${(i * 2654435761) % 1000003} `;
  fs.writeFileSync(file, text.slice(0, size));
  return file;
}

async function compressed(pages: CompressedPages, file: string): Promise<Buffer> {
  pages.schedule(file, fs.statSync(file));
  for (;;) {
    const body = pages.get(file, fs.statSync(file));
    if (body) return body;
    await new Promise((r) => setImmediate(r));
  }
}

describe('pages compressed once (CompressedPages)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-pages-'));

  it('gives nothing until the page is compressed, then the page at brotli’s best', async () => {
    const pages = new CompressedPages();
    const file = page(dir, 'a.html', 20_000);
    expect(pages.get(file, fs.statSync(file))).toBeUndefined();
    const body = await compressed(pages, file);
    expect(zlib.brotliDecompressSync(body).equals(fs.readFileSync(file))).toBe(true);
  });

  it('never gives a copy of an older version of the file (a new release writes new files)', async () => {
    const pages = new CompressedPages();
    const file = page(dir, 'b.html', 5_000);
    await compressed(pages, file);
    fs.writeFileSync(file, 'une autre page, plus courte');
    expect(pages.get(file, fs.statSync(file))).toBeUndefined();
    expect(zlib.brotliDecompressSync(await compressed(pages, file)).toString()).toBe('une autre page, plus courte');
  });

  it('keeps the most recently used pages within its memory bound', async () => {
    const one = page(dir, 'c1.html', 30_000);
    const two = page(dir, 'c2.html', 30_000);
    const three = page(dir, 'c3.html', 30_000);
    const size = zlib.brotliCompressSync(fs.readFileSync(one)).length;
    const pages = new CompressedPages(Math.floor(size * 2.5));
    await compressed(pages, one);
    await compressed(pages, two);
    pages.get(one, fs.statSync(one)); // used again: `two` is now the oldest
    await compressed(pages, three);
    expect(pages.get(one, fs.statSync(one))).toBeDefined();
    expect(pages.get(two, fs.statSync(two))).toBeUndefined();
    expect(pages.get(three, fs.statSync(three))).toBeDefined();
  });
});
