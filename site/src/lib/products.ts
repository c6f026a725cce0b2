import type { PublicDisplayPrice, PublicProduct } from '@comptoir/api/contract';
import { storageUrl } from './format';

/** What a shop card and the cart need of a product. */
export interface ProductCardData {
  id: number;
  name: string;
  price: string;
  stock: number;
  /** The original upload (cart, fallback). */
  image: string | null;
  /** The 400 px wide WebP copy for cards, when one was made at upload time. */
  thumb: string | null;
  currency: { symbol: string; name: string };
  category: string;
  spotlight: boolean;
  /** The price in the visitor's display currency, when the answer carried one (`devise`). */
  display?: PublicDisplayPrice | null;
}

/**
 * `withVariants` false means the resized copies are known to be missing (checked at build time);
 * in the browser the card falls back to the original if a copy fails to load.
 */
export function toProductCard(product: PublicProduct, withVariants = true): ProductCardData {
  const first = [...(product.images ?? [])].sort((a, b) => a.position - b.position)[0];
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    stock: product.stock,
    image: storageUrl(first?.image_path),
    thumb: withVariants ? storageUrl(first?.image_variants?.['400']) : null,
    currency: { symbol: product.currency?.symbol ?? '', name: product.currency?.name ?? '' },
    category: product.category?.designation ?? '',
    spotlight: Boolean(product.in_spotlight),
    ...(product.display_price ? { display: product.display_price } : {}),
  };
}

/** Product listing constants (spec section 9). */
export const CATALOGUE_INITIAL_LIMIT = 12;
export const CATALOGUE_STEP = 4;
export const SEARCH_MIN_CHARS = 2;

/** The stock's words and the contact form prefilled for a quote: shared with the API's server-rendered cards. */
export { quoteLink, stockLabel } from '@comptoir/api/product-card';
