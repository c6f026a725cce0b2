/**
 * The names of the resized WebP copies of an uploaded raster image (the API writes them, the site
 * uses them): for "products/3f2a.jpg", "products/3f2a-400.webp" and "products/3f2a-800.webp". One
 * rule shared by both sides as `@comptoir/api/image-variants` (no dependency: safe in the site build).
 */
export const VARIANT_WIDTHS = [400, 800] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export const isRasterPath = (path: string): boolean => /\.(png|jpe?g|webp)$/i.test(path);

/** The storage path of one variant of an original. */
export function variantPath(original: string, width: VariantWidth): string {
  return original.replace(/\.[A-Za-z0-9]+$/, `-${width}.webp`);
}
