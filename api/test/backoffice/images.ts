import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../support/test-app.js';

/** Small real images for upload tests, made on the fly (no binary fixtures in the repository). */
export const png = (width = 1200, height = 600, color = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer();
export const webp = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#047857' } })
    .webp()
    .toBuffer();

export const CLEAN_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>',
);
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(document.cookie)</script><rect width="10" height="10" onclick="alert(1)"/></svg>',
);
/** A text file dressed up as a PNG: only its name says image. */
export const FAKE_PNG = Buffer.from('Ceci est un simple texte et pas une image.\n'.repeat(20));
/** Just above the 5048 KB limit; its first bytes look like a PNG. */
export const oversized = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5048 * 1024 + 1 - 8, 7)]);

/** Whether a stored file (storage path such as "brands/x.png") is on the disk of the test app. */
export const stored = (t: TestApp, relative: string | null | undefined) =>
  Boolean(relative) && fs.existsSync(path.join(t.config.storageDir, relative!));

/** Every file under a storage folder. */
export const filesIn = (t: TestApp, folder: string): string[] => {
  const dir = path.join(t.config.storageDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
