/** Build-time card data: resized copies are used only when their files exist (checked once each). */
import type { PublicArticle, PublicProduct } from '@comptoir/api/contract';
import { isRasterPath, variantPath } from '@comptoir/api/image-variants';
import { existingVariants, storageFileExists } from './api';
import { toCard, type ArticleCardData } from './articles';
import { storageUrl } from './format';
import { toProductCard, type ProductCardData } from './products';

export async function articleCards(articles: PublicArticle[], excerptLength: number): Promise<ArticleCardData[]> {
  return Promise.all(articles.map(async (a) => toCard(a, excerptLength, Boolean(await existingVariants(a.image_variants)))));
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
 * The article body with its uploaded images served as their resized WebP copies (400/800 px, with
 * `srcset`) when those exist, instead of the original upload (a 5 MB PNG pasted in the editor stays
 * on the server; the page gets a light copy). External images and SVG are left as they are.
 */
export async function articleBody(html: string): Promise<string> {
  const images = [...html.matchAll(/<img src="\/storage\/([^"?#]+)"/g)];
  let out = html;
  for (const [tag, path] of images) {
    if (!path || !isRasterPath(path)) continue;
    const small = variantPath(path, 400);
    const large = variantPath(path, 800);
    if (!(await storageFileExists(small)) || !(await storageFileExists(large))) continue;
    out = out.replace(
      tag,
      `<img src="/storage/${large}" srcset="/storage/${small} 400w, /storage/${large} 800w" sizes="(min-width: 860px) 800px, 100vw"`,
    );
  }
  return out;
}
