import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import type { Storage } from './storage/storage.js';
import { discardStored, storeImage, type CheckedImage } from './upload-policy.js';
import { isRasterPath, VARIANT_WIDTHS, variantPath, type VariantWidth } from '../shared/image-variants.js';

/**
 * Resized WebP copies of uploaded raster images, for the public site (cards, galleries, article
 * covers): for "products/3f2a.jpg" the files "products/3f2a-400.webp" and "products/3f2a-800.webp"
 * are written next to the original, 400 and 800 px wide (never enlarged, so a small original gives
 * copies of its own size). SVG files get none: they scale by themselves.
 *
 * The names follow from the original's path, so no column records them; answers expose them as
 * `image_variants: { "400": path, "800": path }` (storage paths like `image`), or null for an SVG.
 */
export { VARIANT_WIDTHS, variantPath, type VariantWidth } from '../shared/image-variants.js';
export type ImageVariants = Record<`${VariantWidth}`, string>;

const logger = new Logger('ImageVariants');

/** The variants of a stored original (storage paths), or null for an SVG or no image. */
export function imageVariants(original: string | null | undefined): ImageVariants | null {
  if (!original || !isRasterPath(original) || /^(https?:)?\/\//.test(original)) return null;
  return Object.fromEntries(VARIANT_WIDTHS.map((w) => [String(w), variantPath(original, w)])) as ImageVariants;
}

/** Writes the variants of a just-stored raster original; answers the paths written. */
export async function writeVariants(storage: Storage, original: string, image: CheckedImage): Promise<string[]> {
  if (image.mime === 'image/svg+xml' || !isRasterPath(original)) return [];
  const written: string[] = [];
  try {
    for (const width of VARIANT_WIDTHS) {
      const data = await sharp(image.buffer, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const path = variantPath(original, width);
      await storage.put(path, data);
      written.push(path);
    }
  } catch (error) {
    for (const path of written) await discardStored(storage, path);
    throw error;
  }
  return written;
}

/**
 * Writes the variants of an original already in the storage when they are missing (images stored
 * without going through the upload routes, such as the demo data set's). Answers the paths written.
 */
export async function ensureVariants(storage: Storage, original: string): Promise<string[]> {
  const variants = imageVariants(original);
  if (!variants) return [];
  const missing: string[] = [];
  for (const path of Object.values(variants)) if (!(await storage.exists(path))) missing.push(path);
  if (!missing.length) return [];
  const buffer = await storage.read(original);
  const written: string[] = [];
  for (const width of VARIANT_WIDTHS) {
    const path = variantPath(original, width);
    if (!missing.includes(path)) continue;
    const data = await sharp(buffer, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(path, data);
    written.push(path);
  }
  return written;
}

/** Removes an original and its variants; a missing file is not an error. */
export async function discardImage(storage: Storage, original: string | null | undefined): Promise<void> {
  if (!original) return;
  await discardStored(storage, original);
  for (const path of Object.values(imageVariants(original) ?? {})) await discardStored(storage, path);
}

/**
 * Stores checked images (original + variants) under `folder`, then runs `work` (the database write)
 * with their paths, in the order given. When anything fails, every file just written is removed, so
 * a refused or failed save leaves no orphan behind. The caller removes the replaced files
 * (`discardImage`) once `work` succeeded.
 */
export async function saveWithImages<T>(
  storage: Storage,
  folder: string,
  images: readonly CheckedImage[],
  work: (paths: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const image of images) {
      const path = await storeImage(storage, folder, image);
      stored.push(path);
      try {
        await writeVariants(storage, path, image);
      } catch (error) {
        // A variant that cannot be made (exotic encoding sharp reads but cannot resize) is not worth
        // refusing the upload for: the site falls back to the original.
        logger.warn(`No variants for ${path}: ${(error as Error).message}`);
      }
    }
    return await work(stored);
  } catch (error) {
    for (const path of stored) await discardImage(storage, path);
    throw error;
  }
}
