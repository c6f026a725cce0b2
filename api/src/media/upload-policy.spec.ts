import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LocalDiskStorage } from './storage/local-disk.storage.js';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, checkImage, saveWithImage, storeImage } from './upload-policy.js';

const png = () =>
  sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
const errorsOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as { errors?: Record<string, string[]> }).errors;
  }
  return undefined;
};

describe('checkImage', () => {
  it('recognises PNG, JPEG and WEBP by their content, whatever the name', async () => {
    const base = sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } });
    const cases = [
      [await base.clone().png().toBuffer(), 'image/png', 'png'],
      [await base.clone().jpeg().toBuffer(), 'image/jpeg', 'jpg'],
      [await base.clone().webp().toBuffer(), 'image/webp', 'webp'],
    ] as const;
    for (const [buffer, mime, extension] of cases) {
      const checked = await checkImage({ buffer, originalname: 'photo.gif' });
      // Re-encoded: the stored bytes are new ones, of the same format and size.
      expect(checked).toMatchObject({ mime, extension, width: 3, height: 2, size: checked.buffer.length });
      expect(checked.buffer.equals(buffer)).toBe(false);
    }
  });

  it('refuses other types and truncated images with the spec message on the given field', async () => {
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    const truncated = (await png()).subarray(0, 24);
    for (const buffer of [gif, truncated, Buffer.from('hello'), Buffer.alloc(0)]) {
      expect(await errorsOf(checkImage({ buffer, originalname: 'x.png' }, 'logo'))).toEqual({ logo: [IMAGE_MESSAGES.type] });
    }
  });

  it('refuses more than 5048 KB', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await errorsOf(checkImage({ buffer: big }))).toEqual({ image: [IMAGE_MESSAGES.size] });
  });

  it('answers the sanitised text for an SVG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!-- x --><rect width="1" height="1"/></svg>');
    const checked = await checkImage({ buffer: svg });
    expect(checked.extension).toBe('svg');
    expect(checked.buffer.toString('utf8')).not.toContain('<!--');
  });
});

describe('storing', () => {
  const root = () => fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-storage-'));

  it('stores under a generated name and removes the new file when the save fails', async () => {
    const storage = new LocalDiskStorage(root());
    const image = await checkImage({ buffer: await png() });
    const stored = await storeImage(storage, 'avatars', image);
    expect(stored).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(await storage.exists(stored)).toBe(true);
    let kept = '';
    await expect(
      saveWithImage(storage, 'avatars', image, async (p) => {
        kept = p!;
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await storage.exists(kept)).toBe(false);
  });

  it('never leaves the storage root', async () => {
    const storage = new LocalDiskStorage(root());
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage path|outside the root/);
    await expect(storage.delete('/etc/passwd')).rejects.toThrow(/Invalid storage path/);
    expect(storage.publicUrl('avatars/a.png')).toBe('/storage/avatars/a.png');
  });
});
