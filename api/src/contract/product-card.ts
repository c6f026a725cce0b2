import { formatPrice } from '../shared/money.js';
import type { PublicDisplayPrice } from './public.js';

/**
 * What a shop card shows of a product, whoever draws it: the island's card
 * (site/src/islands/ui/ProductCard.tsx) and the page the server renders for visitors without
 * JavaScript (catalogue/catalogue-page.ts). The texts, links and badge are decided here, once.
 */
export interface ProductCardFacts {
  id: number;
  name: string;
  price: string;
  stock: number;
  /** The original upload, for the cart. */
  image: string | null;
  currency: { symbol: string; name: string };
  /** The price in the visitor's display currency, when the answer carried one (`devise`). */
  display?: PublicDisplayPrice | null;
}

/** Names longer than this are cut on cards (the whole name in the title and for screen readers). */
export const PRODUCT_NAME_MAX = 22;

export function shortName(name: string): string {
  return name.length > PRODUCT_NAME_MAX ? `${name.slice(0, PRODUCT_NAME_MAX).trimEnd()}...` : name;
}

/** The contact form filled in to ask a quote for a product (what an exhausted product offers). */
export function quoteLink(name: string): string {
  const params = new URLSearchParams({
    objet: `Demande de devis : ${name}`.slice(0, 255),
    message: `Bonjour,\n\nJe souhaite recevoir un devis pour le produit « ${name} » (quantité : …).\n\nMerci.`,
  });
  return `/contact?${params.toString()}`;
}

export function stockLabel(stock: number): string {
  return stock > 0 ? `En stock (${stock})` : 'Épuisé';
}

/** The stock badge: its text and colours (green in stock, red exhausted). */
export function stockBadge(stock: number): { label: string; className: string; dotClassName: string } {
  const available = stock > 0;
  return {
    label: stockLabel(stock),
    className: `inline-flex items-center gap-0.5 rounded-full px-1 py-0.5 text-sm font-semibold ${available ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`,
    dotClassName: `h-1 w-1 rounded-full ${available ? 'bg-success' : 'bg-danger'}`,
  };
}

/**
 * The price as a card shows it: in the display currency when it was converted (« ≈ 45 720 FCFA »)
 * with the product's own price beside it, else the product's own price alone.
 */
export function shownPrice(
  price: string,
  symbol: string,
  display: PublicDisplayPrice | null | undefined,
): { main: string; original: string | null } {
  const own = formatPrice(price, symbol);
  if (!display || !display.converted || display.amount === null) return { main: own, original: null };
  return { main: `≈ ${formatPrice(display.amount, display.symbol)}`, original: `(${own})` };
}

/** What the cart records of a product (the early-tap script reads it from `data-cart-add` before hydration). */
export function cartAddData(product: Pick<ProductCardFacts, 'id' | 'name' | 'price' | 'stock' | 'image' | 'currency'>): string {
  const { id, name, price, stock, image, currency } = product;
  return JSON.stringify({ id, name, price, stock, image, currency });
}

/** Everything a card prints, decided once: link, cut name, price, badge, and its action (cart or quote). */
export function productCardView(product: ProductCardFacts) {
  return {
    href: `/product/${product.id}`,
    shortName: shortName(product.name),
    /** The name was cut: the whole of it follows for screen readers. */
    cut: product.name.length > PRODUCT_NAME_MAX,
    price: shownPrice(product.price, product.currency.symbol, product.display),
    badge: stockBadge(product.stock),
    /** In stock: « Ajouter au panier » with this cart data; exhausted: « Demander un devis » to this address. */
    action:
      product.stock > 0
        ? ({ kind: 'cart', data: cartAddData(product) } as const)
        : ({ kind: 'quote', href: quoteLink(product.name) } as const),
  };
}
