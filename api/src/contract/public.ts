/**
 * Request and answer types of the public API (the routes of the public site, spec section 7).
 * Written once here and imported as types by the site: `import type { ... } from '@comptoir/api/contract'`.
 * Dates are ISO strings; money is a decimal string with two decimals ("1250000.00").
 */

import type { ImageVariants } from './backoffice.js';
import type { Paginated } from './staff.js';

// ---------------------------------------------------------------------------------------------
// Blog

/** The author of an article as the public site shows it (never an e-mail or a hash). */
export interface PublicAuthor {
  id: number;
  firstname: string;
  name: string;
  /** Storage path of the photo, or null (the site then shows /images/default-avatar.jpeg). */
  image: string | null;
  /** Resized WebP copies of the photo (400 and 800 px wide), null for an SVG or no photo. */
  image_variants: ImageVariants | null;
  profession: string | null;
}

export interface PublicArticle {
  id: number;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  /** Storage path of the cover image (e.g. "articles/ab12.webp"), or null. */
  image: string | null;
  image_variants: ImageVariants | null;
  image_alt: string | null;
  status: 'Publié';
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** Null when the author's account was removed: the site shows "Non défini". */
  user: PublicAuthor | null;
}

/** GET /api/article?page&per_page&search */
export interface ArticleListAnswer {
  success: true;
  message: string;
  blogs: Paginated<PublicArticle>;
}

/** GET /api/article/others/{id}: a few other published articles, newest first. */
export interface OtherArticlesAnswer {
  success: true;
  message: string;
  blogs: PublicArticle[];
}

/** GET /api/showBySlug/{slug} */
export interface ArticleAnswer {
  success: true;
  message: string;
  blog: PublicArticle;
}

// ---------------------------------------------------------------------------------------------
// Catalogue

export interface PublicCategory {
  id: number;
  designation: string;
  description: string;
}

/** GET /api/categories */
export interface CategoriesAnswer {
  success: true;
  message: string;
  categories: PublicCategory[];
}

export interface PublicCurrency {
  id: number;
  name: string;
  symbol: string;
  code: string;
}

export interface PublicProductImage {
  id: number;
  /** Path under /storage (e.g. "products/3f2a.webp"). */
  image_path: string;
  /** Resized WebP copies (400 and 800 px wide), null for an SVG. */
  image_variants: ImageVariants | null;
  position: number;
}

export interface PublicProduct {
  id: number;
  name: string;
  reference: string;
  price: string;
  stock: number;
  description: string;
  category_id: number;
  brand_id: number;
  currency_id: number;
  in_spotlight: boolean;
  /** TVA in basis points (1800 = 18 %); 0 = exempt, with `tax_exemption` printed on documents. */
  tax_rate_bp: number;
  tax_exemption: string | null;
  created_at: string;
  updated_at: string;
  /** The record's version, which the dashboard's product form sends back (optimistic concurrency). */
  version: number;
  images: PublicProductImage[];
  currency: PublicCurrency;
  category: { id: number; designation: string };
  brand: { id: number; name: string };
  /** The price in the display currency asked for (`devise`), when one was asked for. */
  display_price?: PublicDisplayPrice;
  /** The specification table, in order (product detail, list and site build; not the catalogue filter). */
  specs?: ProductSpecRow[];
  /** PDF datasheets, in order (same answers as `specs`). */
  datasheets?: ProductDatasheetFile[];
}

/** One row of a product's specification table (« Puissance » / « 20 kVA »). */
export interface ProductSpecRow {
  name: string;
  value: string;
}

/** A PDF attached to a product, served from /storage (`url`) as application/pdf. */
export interface ProductDatasheetFile {
  id: number;
  title: string;
  /** "/storage/datasheets/….pdf". */
  url: string;
  /** In bytes. */
  size: number;
}

/**
 * A product's price in the visitor's display currency: `converted` when it is not the product's own
 * currency (shown "≈ 45 700 FCFA" beside the original price); `amount` null when no rate is known.
 */
export interface PublicDisplayPrice {
  amount: string | null;
  currency_code: string;
  symbol: string;
  converted: boolean;
}

/** GET /api/product?page&per_page&search */
export interface ProductListAnswer {
  success: true;
  message: string;
  products: Paginated<PublicProduct>;
}

/** GET /api/product/{id}: one product with its live stock (never cached). */
export interface ProductAnswer {
  success: true;
  message: string;
  product: PublicProduct;
}

/** The catalogue's sorts: newest, popular, price (converted into the display currency), name. */
export type ProductSort = 'recent' | 'Populaire' | 'prix_asc' | 'prix_desc' | 'nom_asc' | 'nom_desc';
/** en_stock: available at once; sur_commande: exhausted, offered on quote. */
export type ProductAvailability = 'en_stock' | 'sur_commande';

/** GET /api/products/filter?search&category&tri&marque&prix_min&prix_max&disponibilite&devise&limit */
export interface ProductFilterQuery {
  search?: string;
  category?: 'all' | number | string;
  sort?: ProductSort;
  tri?: ProductSort;
  marque?: number[];
  prix_min?: string;
  prix_max?: string;
  disponibilite?: ProductAvailability;
  devise?: string;
  limit?: number;
}

export interface ProductFilterAnswer {
  success: true;
  message: string;
  products: PublicProduct[];
  totalProducts: number;
  /** Present (true) when a search matched more than 1,000 products: `totalProducts` is then 1,000, a lower bound. */
  totalCapped?: true;
  /** The display currency asked for (`devise`), when one was. */
  display_currency?: { code: string; symbol: string };
}

/** GET /api/products/brand-counts: each brand's number of products now (the shop's brand filter). */
export interface BrandCountsAnswer {
  success: true;
  message: string;
  brands: { id: number; count: number }[];
}

// ---------------------------------------------------------------------------------------------
// Order request

/** The order form's fixed choices (spec section 9); the server accepts nothing else. */
import type { OrderPaymentMean } from '../shared/statuses.js';
export type { OrderPaymentMean };
export type OrderCurrencyChoice = 'Dollar' | 'Euro' | 'Fcfa';
export type OrderDeliveryMethod = 'Air' | 'Route' | 'Mer';

export interface OrderItemPayload {
  product_id: number;
  quantity: number;
  /** Ignored by the server: prices come from the catalogue. */
  price?: number | string;
  /** Ignored by the server. */
  total_price?: number | string;
  /** The unit price the visitor saw: a request whose prices changed since is refused (409, `PricesChangedAnswer`). */
  seen_price?: string;
}

/** 409 of POST /api/order/create when a price changed since the visitor saw it. */
export interface PricesChangedAnswer {
  message: string;
  prices_changed: {
    product_id: number;
    product_name: string;
    seen_price: string;
    price: string;
    currency_code: string;
    currency_symbol: string;
  }[];
  lines: OrderLine[];
  money: OrderMoney;
}

/** POST /api/order/create */
export interface OrderRequestPayload {
  payment_by: OrderPaymentMean | '';
  currency: OrderCurrencyChoice | '';
  payment_term: string;
  delivery_method: OrderDeliveryMethod | '';
  credit_level: string;
  company_name: string;
  company_phone: string;
  company_email: string;
  representative_name: string;
  representative_phone: string;
  representative_email: string;
  /** Required when the delivery method carries the goods (`needsDeliveryAddress`); several lines. */
  delivery_address?: string;
  /** The client's purchase order number, optional. */
  client_reference?: string;
  /** A note for the sales team, optional; several lines. */
  note?: string;
  order_items: OrderItemPayload[];
}

export type OrderFormField = Exclude<keyof OrderRequestPayload, 'order_items'>;

export interface OrderCreatedAnswer {
  success: true;
  message: string;
  order: {
    id: number;
    order_num: string;
    status: 'pending';
    /** The total in the chosen currency ("0.00" when a rate is missing: see `money`). */
    total: string;
    created_at: string;
    items: OrderLine[];
    money: OrderMoney;
    /**
     * How the request holds its stock: `firm` (a confirmed address) until `hold_until`,
     * `provisional` until the address is confirmed through the e-mailed link (short, `hold_until`),
     * `none` when it asks for more than an online request holds (staff confirm availability).
     */
    hold: 'firm' | 'provisional' | 'none';
    hold_until: string | null;
    /** The address the confirmation link went to, or null (confirmed address, or a link already sent). */
    confirmation_sent_to: string | null;
  };
}

// ---------------------------------------------------------------------------------------------
// Currencies of an order request (any cart, any of the three currencies)

/** A line priced in its product's own currency (amounts with two decimals, as the catalogue stores them). */
export interface OrderLine {
  product_id: number;
  product_name: string;
  quantity: number;
  price: string;
  total_price: string;
  /** ISO code and symbol of the product's currency when ordered. */
  currency_code: string;
  currency_symbol: string;
}

export interface OrderCurrencyTotal {
  currency_code: string;
  currency_symbol: string;
  /** Rounded to the currency's unit ("1250000" FCFA, "99.50" €). */
  amount: string;
}

/** A rate an order used: 1 unit of `currency_code` = `rate` XOF. */
export interface OrderRateUsed {
  currency_code: string;
  rate: string;
  rate_date: string;
  fixed: boolean;
}

export interface OrderMoney {
  /** ISO code of the currency the client chose (USD, EUR, XOF). */
  currency_code: string;
  currency_symbol: string;
  /** The lines' totals per product currency. */
  totals: OrderCurrencyTotal[];
  /** Everything converted into the chosen currency, rounded once to its unit; null when a rate is missing. */
  converted_total: string | null;
  rates: OrderRateUsed[];
  /** Currencies without a rate when the order was made (staff confirm the converted amount). */
  missing_rates: string[];
  /** French note shown to the client when the conversion is not complete. */
  note: string | null;
}

/** POST /api/order/estimate { currency, order_items }: the order dialog's indicative conversion (nothing is reserved). */
export interface OrderEstimateAnswer {
  success: true;
  estimate: {
    lines: OrderLine[];
    /** `money.converted_total` is the lines' sum as priced (HT when prices are entered HT). */
    money: OrderMoney;
    /**
     * The TTC (taxes of each product's rate included, shared/document-totals.ts) converted into the
     * chosen currency, in its unit ("2434092"); null when nothing converts or a rate is missing.
     */
    converted_ttc: string | null;
  };
}

/** GET /api/exchange-rates: the rates of the day (1 unit = `rate` XOF; the euro's parity is fixed). */
export interface PublicExchangeRatesAnswer {
  success: true;
  rates: { currency_code: string; rate: string; rate_date: string; fixed: boolean }[];
}

// ---------------------------------------------------------------------------------------------
// Contact and newsletter

/** POST /api/contact */
export interface ContactPayload {
  name: string;
  email: string;
  object: string;
  message: string;
}

/** The spec's answer: `success` holds the French message to show. */
export interface ContactAnswer {
  success: string;
  message: string;
}

/** POST /api/newsletter */
export interface NewsletterPayload {
  email: string;
}

export interface NewsletterAnswer {
  success: true;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** Any failure: a French message; validation failures (422) add the per-field lists. */
export type { ApiErrorAnswer as ErrorAnswer } from './staff.js';
