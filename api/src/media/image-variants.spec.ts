import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { variantSources } from '../shared/image-variants.js';
import { discardImage, ensureVariants, imageVariants, variantPath } from './image-variants.js';
import { LocalDiskStorage } from './storage/local-disk.storage.js';

describe('image variants', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-variants-'));
  const storage = new LocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names the WebP copies after the original, none for SVG', () => {
    expect(variantPath('products/ab.jpg', 400)).toBe('products/ab-400.webp');
    expect(imageVariants('brands/x.png')).toEqual({ '400': 'brands/x-400.webp', '800': 'brands/x-800.webp' });
    expect(imageVariants('brands/x.svg')).toBeNull();
    expect(imageVariants(null)).toBeNull();
  });

  it('describes the copies by their real width for srcset (never enlarged)', () => {
    expect(variantSources('/storage/media/a.png', 2400)).toEqual({
      src: '/storage/media/a-800.webp',
      srcset: '/storage/media/a-400.webp 400w, /storage/media/a-800.webp 800w',
      sizes: '(min-width: 860px) 800px, 100vw',
    });
    expect(variantSources('/storage/media/a.png', 600)).toEqual({
      src: '/storage/media/a-800.webp',
      srcset: '/storage/media/a-400.webp 400w, /storage/media/a-800.webp 600w',
      sizes: '(min-width: 660px) 600px, 100vw',
    });
    expect(variantSources('/storage/media/a.jpg', 300).srcset).toBe('/storage/media/a-800.webp 300w');
    expect(variantSources('/storage/media/a.jpg').srcset).toBe('/storage/media/a-400.webp 400w, /storage/media/a-800.webp 800w');
  });

  it('writes missing copies of a stored original, never enlarged, and removes them with it', async () => {
    await storage.put(
      'demo/wide.png',
      await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    expect(await ensureVariants(storage, 'demo/wide.png')).toEqual(['demo/wide-400.webp', 'demo/wide-800.webp']);
    expect((await sharp(await storage.read('demo/wide-400.webp')).metadata()).width).toBe(400);
    expect(await ensureVariants(storage, 'demo/wide.png')).toEqual([]);

    await storage.put(
      'demo/small.png',
      await sharp({ create: { width: 120, height: 80, channels: 3, background: '#654321' } })
        .png()
        .toBuffer(),
    );
    await ensureVariants(storage, 'demo/small.png');
    expect((await sharp(await storage.read('demo/small-800.webp')).metadata()).width).toBe(120);

    await discardImage(storage, 'demo/wide.png');
    for (const p of ['demo/wide.png', 'demo/wide-400.webp', 'demo/wide-800.webp']) expect(await storage.exists(p)).toBe(false);
  });
});
