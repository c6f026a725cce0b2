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

/** The widest the public site shows an image inside an article (its reading column). */
export const ARTICLE_IMAGE_WIDTH = 800;

/**
 * The `src`, `srcset` and `sizes` that serve an original's resized copies instead of the original
 * (`original` may be a URL such as "/storage/media/a.png"). Copies are never enlarged, so each is
 * described by its real width: for a 300 px original both copies are 300 px wide and make one
 * entry. Without the original's width the copies' nominal widths are used.
 */
export function variantSources(original: string, originalWidth?: number | null): { src: string; srcset: string; sizes: string } {
  const known = originalWidth && originalWidth > 0 ? originalWidth : undefined;
  const entries = new Map<number, string>();
  for (const width of VARIANT_WIDTHS) {
    const real = known ? Math.min(width, known) : width;
    entries.set(real, variantPath(original, width));
  }
  const widest = Math.max(...entries.keys());
  const shown = Math.min(widest, ARTICLE_IMAGE_WIDTH);
  return {
    src: entries.get(widest)!,
    srcset: [...entries].map(([width, path]) => `${path} ${width}w`).join(', '),
    sizes: `(min-width: ${shown + 60}px) ${shown}px, 100vw`,
  };
}
