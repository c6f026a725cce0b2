/** Build-time card data: resized copies are used only when their files exist (checked once each). */
import type { PublicArticle, PublicProduct } from '@comptoir/api/contract';
import { VARIANT_WIDTHS, isRasterPath, variantPath, variantSources } from '@comptoir/api/image-variants';
import { existingVariants, storageFileExists } from './api';
import { toCard, type ArticleCardData } from './articles';
import { storageUrl } from './format';
import { excerpt } from './html-text';
import { toProductCard, type ProductCardData } from './products';

export async function articleCards(articles: PublicArticle[], excerptLength: number): Promise<ArticleCardData[]> {
  return Promise.all(
    articles.map(async (a) => toCard(a, excerptLength, excerpt, Boolean(await existingVariants(a.image_variants)))),
  );
}

export async function productCards(products: PublicProduct[]): Promise<ProductCardData[]> {
  return Promise.all(
    products.map(async (p) => {
      const first = [...p.images].sort((a, b) => a.position - b.position)[0];
      return toProductCard(p, Boolean(await existingVariants(first?.image_variants)));
    }),
  );
}

export interface GalleryImage {
  /** Shown large: the 800 px copy when it exists, else the original. */
  main: string;
  /** Thumbnail: the 400 px copy when it exists, else the original. */
  thumb: string;
}

export async function galleryImages(product: PublicProduct): Promise<GalleryImage[]> {
  return Promise.all(
    [...product.images]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(async (image) => {
        const original = storageUrl(image.image_path)!;
        const variants = await existingVariants(image.image_variants);
        return variants
          ? { main: storageUrl(variants['800'])!, thumb: storageUrl(variants['400'])! }
          : { main: original, thumb: original };
      }),
  );
}

/** The article cover: the 800 px copy when it exists, else the original. */
export async function coverImage(article: PublicArticle): Promise<string | null> {
  const variants = await existingVariants(article.image_variants);
  return storageUrl(variants ? variants['800'] : article.image);
}

/**
 * The article body with its uploaded images served as their resized WebP copies (widths of
 * VARIANT_WIDTHS, with `srcset`/`sizes`) when those exist, instead of the original upload (a 5 MB PNG
 * pasted in the editor stays on the server; the page gets a light copy). The API already wrote the
 * alt text, `width`/`height` (the place is reserved before the image arrives) and `loading="lazy"`.
 * External images and SVG are left as they are.
 */
export async function articleBody(html: string): Promise<string> {
  let out = html;
  for (const [tag] of html.matchAll(/<img\s[^>]*>/g)) {
    const src = /\ssrc="\/storage\/([^"?#]+)"/.exec(tag)?.[1];
    if (!src || !isRasterPath(src)) continue;
    const exist = await Promise.all(VARIANT_WIDTHS.map((w) => storageFileExists(variantPath(src, w))));
    if (!exist.every(Boolean)) continue;
    const width = Number(/\swidth="(\d+)"/.exec(tag)?.[1]) || undefined;
    const sources = variantSources(`/storage/${src}`, width);
    out = out.replace(
      tag,
      tag.replace(`src="/storage/${src}"`, `src="${sources.src}" srcset="${sources.srcset}" sizes="${sources.sizes}"`),
    );
  }
  return out;
}
