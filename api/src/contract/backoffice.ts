import type { OrderStatus } from '../shared/statuses.js';
import type { DashboardCharts } from './insights.js';
/**
 * Request and answer types of the back-office management API (spec/dashboard.md sections 3, 7, 8):
 * dashboard home, articles, media, brands, categories, currencies, products, stock entries, orders,
 * clients and the global search. Types only: the dashboard imports them with `import type`.
 *
 * Conventions:
 * - Dates are ISO strings; plain dates (stock entries) are "YYYY-MM-DD".
 * - Money is a decimal string with two decimals ("1250000.00").
 * - Image fields (`image`, `image_path`) are storage paths such as "brands/3f2a.png", served at
 *   `/storage/<path>`; `image_variants` gives resized WebP copies (400 and 800 px wide, never
 *   enlarged) for raster images, null for SVG.
 * - Lists accept `page`, `per_page` (capped at 100) and `search`, and answer `Paginated<T>`.
 * - Errors: `ApiErrorAnswer` (422 with `errors` per field, 404, 409 with a French `message`).
 * - Forms with files are multipart; updates are `POST /api/<x>/{id}/update` (an `_method=PUT` field
 *   is accepted and ignored).
 */

import type { OrderMoney, ProductDatasheetFile, ProductSpecRow } from './public.js';
import type { Paginated } from './staff.js';
import type { AccountBalance } from './invoices.js';

export type ImageVariants = { '400': string; '800': string };

/** `{ success, message }`, e.g. the answer of every delete. */
export interface DoneAnswer {
  success: true;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Dashboard home

export interface DashboardSummary {
  /** null when the user may not view the blog. */
  articles: { published: number; draft: number; trash: number; total: number } | null;
  /** null without shop view. `in_stock`: stock above 0; `out_of_stock`: 0. */
  products: { total: number; in_stock: number; out_of_stock: number } | null;
  /** null without orders view. */
  orders: { total: number; pending: number; inprogress: number; shipped: number; canceled: number } | null;
}

/** GET /api/dashboard/summary (any signed-in user). */
export interface DashboardSummaryAnswer {
  success: true;
  message: string;
  summary: DashboardSummary;
  /** The home page's charts (each part null without the view right it needs). */
  charts: DashboardCharts;
}

/** GET /api/latest-blog (blog view): the 5 latest articles, every status. */
export interface LatestBlogAnswer {
  success: true;
  message: string;
  blogs: StaffArticle[];
}

/** GET /api/latest-order (orders view): the 5 latest order items with their order and product. */
export interface LatestOrderAnswer {
  success: true;
  message: string;
  orderItems: OrderItemRow[];
}

// ---------------------------------------------------------------------------------------------
// Articles

export type ArticleStatus = 'Brouillon' | 'Publié' | 'Corbeille';

export interface ArticleAuthor {
  id: number;
  firstname: string;
  name: string;
  /** Storage path of the photo, or null (default avatar). */
  image: string | null;
  profession: string | null;
}

export interface StaffArticle {
  id: number;
  title: string;
  /** Made once from the title at creation; the public address is /article/{slug}. */
  slug: string;
  /** Sanitised HTML rendered by the server from the editor's document. */
  content: string;
  image: string | null;
  image_variants: ImageVariants | null;
  image_alt: string | null;
  status: ArticleStatus;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
  /** null when the author's account was removed. */
  user: ArticleAuthor | null;
}

/** The Editor.js document as the server stored it (cleaned): feed it to the editor's `data`. */
export interface EditorDocumentData {
  time?: number;
  version?: string;
  blocks: { id?: string; type: string; data: Record<string, unknown> }[];
}

export interface StaffArticleDetail extends StaffArticle {
  /** null for articles written before the editor stored its document (then use `content`). */
  content_json: EditorDocumentData | null;
}

/** GET /api/blog?page&per_page&search&status (blog view; 8 per page; search on the title). */
export interface StaffArticleListAnswer {
  success: true;
  message: string;
  blogs: Paginated<StaffArticle>;
}

/** GET /api/blog/{id}; also the answer of create and update. */
export interface StaffArticleAnswer {
  success: true;
  message: string;
  blog: StaffArticleDetail;
}

/**
 * POST /api/blog/create (multipart): title, content (Editor.js JSON text), status, image (file,
 * required), image_alt (optional). POST /api/blog/{id}/update: the same, image only when replaced.
 * Supported blocks: paragraph, header, list, quote, image (/storage/ or https), table, embed
 * (YouTube, Vimeo), delimiter.
 */
export interface ArticleForm {
  title: string;
  content: string;
  status: ArticleStatus;
  image_alt?: string;
}

// ---------------------------------------------------------------------------------------------
// Media (article editor)

export interface MediaItem {
  id: number;
  path: string;
  /** "/storage/media/…": ready to use in an <img> or the editor. */
  url: string;
  original_name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  image_variants: ImageVariants | null;
  created_at: string;
}

/**
 * POST /api/upload-media (multipart `file`) and POST /api/upload-image (multipart `image`, Editor.js
 * image tool `byFile`): blog create or edit. `location` for the media picker, `file.url` for Editor.js.
 */
export interface MediaUploadAnswer {
  success: 1;
  message: string;
  location: string;
  file: { url: string };
  media: MediaItem;
}

/** GET /api/media?page&per_page&search (blog view; 24 per page; search on the file's original name). */
export interface MediaListAnswer {
  success: true;
  message: string;
  media: Paginated<MediaItem>;
}

// ---------------------------------------------------------------------------------------------
// Brands, categories, currencies

export interface StaffBrand {
  id: number;
  name: string;
  image: string | null;
  image_variants: ImageVariants | null;
  representative: string;
  description: string;
  products_count: number;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/** GET /api/brands?page&per_page&search (shop view; 8 per page; search on the name). */
export interface BrandListAnswer {
  success: true;
  message: string;
  brands: Paginated<StaffBrand>;
}

/** POST /api/brands/create (multipart name, representative, description, image) and /api/brands/{id}/update. */
export interface BrandSaveAnswer {
  success: true;
  message: string;
  brand: StaffBrand;
}

export interface StaffCategory {
  id: number;
  designation: string;
  description: string;
  products_count: number;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/** GET /api/category?page&per_page&search (shop view; 8 per page; search on the designation). */
export interface CategoryListAnswer {
  success: true;
  message: string;
  categories: Paginated<StaffCategory>;
}

/** POST /api/category/create (designation, description) and /api/category/{id}/update. */
export interface CategorySaveAnswer {
  success: true;
  message: string;
  category: StaffCategory;
}

export interface StaffCurrency {
  id: number;
  name: string;
  symbol: string;
  code: string;
}

/** GET /api/currencies (shop view). */
export interface CurrencyListAnswer {
  success: true;
  message: string;
  currencies: StaffCurrency[];
}

// ---------------------------------------------------------------------------------------------
// Products

export interface StaffProductImage {
  id: number;
  image_path: string;
  image_variants: ImageVariants | null;
  position: number;
}

export interface StaffProduct {
  id: number;
  name: string;
  reference: string;
  stock: number;
  price: string;
  description: string;
  brand_id: number;
  category_id: number;
  currency_id: number;
  in_spotlight: boolean;
  /** Stock at or below this shows as low on the dashboard home; null: the global default (LOW_STOCK_THRESHOLD). */
  low_stock_threshold: number | null;
  /** TVA in basis points (1800 = 18 %); 0 = exempt, with `tax_exemption` printed on documents. */
  tax_rate_bp: number;
  tax_exemption: string | null;
  brand: { id: number; name: string };
  category: { id: number; designation: string };
  currency: StaffCurrency;
  images: StaffProductImage[];
  /** The specification table, in order (empty when none). */
  specs: ProductSpecRow[];
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/**
 * POST /api/product/{id}/datasheets (multipart: `file` a PDF of at most 10 MB, `title`, `version`)
 * and DELETE /api/product/{id}/datasheets/{datasheetId}?version: the product's datasheets and its new
 * version (each change counts as an edit of the product).
 */
export interface ProductDatasheetsAnswer {
  success: true;
  message: string;
  datasheets: ProductDatasheetFile[];
  version: number;
}

/**
 * POST /api/product/create (multipart): name, reference, stock, price, brand_id, category_id,
 * currency_id, description, images (1 to 5 files, as `images[0]`… or repeated `images`).
 * POST /api/product/{id}/update: the same; images optional (when sent they replace all the old ones);
 * brand_id, category_id, currency_id default to the current ones.
 */
export interface ProductSaveAnswer {
  success: true;
  message: string;
  product: StaffProduct;
}

/** PATCH /api/product/{id}/add-spotlight (shop edit): toggles the popular flag. */
export interface SpotlightAnswer {
  success: true;
  message: string;
  in_spotlight: boolean;
  product: StaffProduct;
}

// ---------------------------------------------------------------------------------------------
// Stock entries

export interface StockEntryRow {
  id: number;
  name: string;
  image: string | null;
  image_variants: ImageVariants | null;
  price: string;
  quantity: number;
  manufacture_date: string;
  /** null for durable goods ("Non expirable"). */
  expiry_date: string | null;
  /** true when the goods expire (and then expiry_date is set). */
  expirable: boolean;
  billing_date: string | null;
  /** The product received (its stock moved with a receipt and a lot), or null for an entry naming none. */
  product_id: number | null;
  product_name: string | null;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/** GET /api/stock?page&per_page&search (stock view; 8 per page; search on the name). */
export interface StockListAnswer {
  success: true;
  message: string;
  stocks: Paginated<StockEntryRow>;
}

/**
 * POST /api/stock/create (multipart): name, price, quantity, manufacture_date, expiry_date?,
 * expirable?, billing_date?, product_id? (its stock then moves), image (required). POST /api/stock/{id}/update: the same, image optional.
 * `expirable` false (or absent with no expiry_date) stores no expiry date.
 */
export interface StockSaveAnswer {
  success: true;
  message: string;
  stock: StockEntryRow;
}

// ---------------------------------------------------------------------------------------------
// Orders

export type OrderStatusValue = OrderStatus;

export interface StaffOrder {
  id: number;
  order_num: string;
  status: OrderStatusValue;
  company_name: string;
  company_email: string;
  company_phone: string;
  representative_name: string;
  representative_email: string;
  representative_phone: string;
  currency: 'Dollar' | 'Euro' | 'Fcfa';
  payment_by: string;
  credit_level: string;
  payment_term: string;
  delivery_method: string;
  /** Where the goods go (several lines), the client's reference and note; null when not given. */
  delivery_address: string | null;
  client_reference: string | null;
  note: string | null;
  total: string;
  /** Whether the items' quantities are currently taken from the products' stock. */
  stock_reserved: boolean;
  customer_id: number | null;
  shipped_at: string | null;
  created_at: string;
  updated_at: string;
  /** Totals per currency, the converted total and the rates the order used. */
  money: OrderMoney;
  /** A pending order's reservation ends then (cancelled automatically); null once it left "pending". */
  hold_until: string | null;
  /**
   * `provisional`: the client's address is not confirmed yet (a short hold that ends without
   * cancelling the request); `firm`: confirmed or extended by staff; null when nothing is held.
   */
  hold_state: 'provisional' | 'firm' | null;
  /** "expired" when the reservation ran out; null otherwise. */
  cancel_reason: 'expired' | null;
}

export interface OrderItemProduct {
  id: number;
  name: string;
  images: { id: number; image_path: string; image_variants: ImageVariants | null; position: number }[];
  category: { id: number; designation: string } | null;
  currency: { id: number; name: string; symbol: string } | null;
}

/** One row of the orders table: an order item with its order (spec section 3 "Order item as read"). */
export interface OrderItemRow {
  id: number;
  quantity: number;
  /** Unit price at the time of the order. */
  price: string;
  total_price: string;
  /** The product's name when ordered (kept if the product is later deleted). */
  product_name: string;
  product_id: number | null;
  created_at: string;
  /** The currency the line is priced in (the product's, when ordered). */
  currency_code: string;
  currency_symbol: string;
  order: StaffOrder;
  /** null when the product was deleted from the catalogue since. */
  product: OrderItemProduct | null;
}

export interface OrderStatusCounts {
  all: number;
  pending: number;
  inprogress: number;
  shipped: number;
  canceled: number;
  /** The counts that stopped at 1,000 (a search with more matches): lower bounds, shown "1 000+". */
  capped?: Array<'all' | OrderStatusValue>;
}

/**
 * GET /api/order?page&per_page&search&status (orders view; 7 rows per page; one row per order item;
 * search on company name or order number). `status_counts` counts orders (not rows) per status among
 * those matching the search.
 */
export interface OrderListAnswer {
  success: true;
  message: string;
  orderItems: Paginated<OrderItemRow>;
  status_counts: OrderStatusCounts;
  /** PRICES_INCLUDE_TAX: catalogue prices are entered TTC (the lines' price columns say HT or TTC). */
  prices_include_tax: boolean;
}

/** A row of the order-level list (GET /api/order/list): the order, its line count and its quote's state. */
export interface StaffOrderSummary extends StaffOrder {
  lines_count: number;
  /** The latest quote version's number (v1, v2 …) and the quote's state; null before any version. */
  quote: { version: number; state: string | null } | null;
  /** Per currency of its invoices: invoiced TTC less credit notes, paid, balance due; empty before any invoice. */
  balances: AccountBalance[];
}

export interface OrderSummaryListAnswer {
  success: true;
  message: string;
  orders: Paginated<StaffOrderSummary>;
  status_counts: OrderStatusCounts;
}

export interface StaffOrderDetail extends StaffOrder {
  items: Omit<OrderItemRow, 'order'>[];
  /** E-mails about this order (confirmation, status changes, expiry), oldest first. */
  mails: OrderMailRow[];
  /** PRICES_INCLUDE_TAX as the order's quote recorded it: its unit prices and totals are TTC (else HT). */
  prices_include_tax: boolean;
  /** Per currency of the lines: HT, TVA and TTC (shared/document-totals.ts, PRICES_INCLUDE_TAX honoured). */
  taxes: { currency_code: string; ht: string; tax: string; ttc: string }[];
  /** The TTC converted into the client's currency with the rates used; null when nothing converts or a rate is missing. */
  converted_ttc: string | null;
}

/** What an event of an order's history is: its request, quotes, messages, status, deliveries, invoices, payments, e-mails. */
export type OrderHistoryKind =
  | 'request'
  | 'quote'
  | 'message'
  | 'acceptance'
  | 'refusal'
  | 'status'
  | 'delivery'
  | 'return'
  | 'invoice'
  | 'credit_note'
  | 'payment'
  | 'mail';

/** One event of GET /api/order/{id}/history: when (ISO), what (French), details and who, when known. */
export interface OrderHistoryEvent {
  at: string;
  kind: OrderHistoryKind;
  label: string;
  detail: string | null;
  actor: string | null;
}

export interface OrderHistoryAnswer {
  success: true;
  message: string;
  /** Oldest first. */
  history: OrderHistoryEvent[];
}

export interface OrderMailRow {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  /** Whether the devis PDF goes with it. */
  with_devis: boolean;
  created_at: string;
  sent_at: string | null;
}

/** PUT /api/order/{id}/hold { days }: extends a pending order's reservation (orders edit). */
export interface OrderHoldPayload {
  days: number;
}

// ---------------------------------------------------------------------------------------------
// Exchange rates ("Taux de change", administration right)

/** A rate in force: 1 `currency_code` = `rate` XOF from `rate_date`; the euro's is fixed. */
export interface RateInForce {
  currency_code: string;
  rate: string;
  rate_date: string;
  fixed: boolean;
  set_by_name: string | null;
}

export interface ExchangeRateRow {
  id: number;
  currency_code: string;
  rate: string;
  rate_date: string;
  set_by_id: number | null;
  set_by_name: string;
  created_at: string;
}

/** GET /api/exchange-rate (admin view). */
export interface ExchangeRatesAnswer {
  success: true;
  message: string;
  in_force: RateInForce[];
  history: ExchangeRateRow[];
}

/** POST /api/exchange-rate { currency_code, rate, rate_date? } (admin edit). */
export interface ExchangeRatePayload {
  currency_code: string;
  rate: string;
  rate_date?: string;
}

export interface ExchangeRateCreatedAnswer {
  success: true;
  message: string;
  rate: ExchangeRateRow;
}

/** GET /api/order/{id}; also the answer of PUT /api/order/{id}/status (JSON { status }). */
export interface OrderAnswer {
  success: true;
  message: string;
  order: StaffOrderDetail;
}

/** PUT /api/order/{id}/status: until when POST …/status/undo can take the change back (null: nothing to undo). */
export interface OrderStatusAnswer extends OrderAnswer {
  undo_until: string | null;
}

// ---------------------------------------------------------------------------------------------
// Clients

export interface StaffCustomer {
  id: number;
  company_name: string;
  company_email: string;
  company_phone: string;
  company_address: string;
  representative_name: string;
  representative_phone: string;
  representative_email: string;
  orders_count: number;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/** GET /api/customer?page&per_page&search (orders view; 8 per page; search on the company name). */
export interface CustomerListAnswer {
  success: true;
  message: string;
  customers: Paginated<StaffCustomer>;
}

/** POST /api/customer/create and /api/customer/{id}/update (multipart or JSON, the seven fields). */
export interface CustomerForm {
  company_name: string;
  company_email: string;
  company_phone: string;
  company_address: string;
  representative_name: string;
  representative_phone: string;
  representative_email: string;
}

export interface CustomerSaveAnswer {
  success: true;
  message: string;
  customer: StaffCustomer;
}

// ---------------------------------------------------------------------------------------------
// Global search

export interface SearchAnswer {
  success: true;
  message: string;
  query: string;
  /** Each group holds at most 5 results; a group the user may not view is an empty array. */
  blogs: { id: number; title: string; slug: string; status: ArticleStatus; image: string | null; created_at: string }[];
  brands: { id: number; name: string; image: string | null }[];
  categories: { id: number; designation: string }[];
  products: {
    id: number;
    name: string;
    reference: string;
    price: string;
    stock: number;
    image: string | null;
    currency_symbol: string | null;
  }[];
  stocks: { id: number; name: string; quantity: number; image: string | null }[];
  users: {
    id: number;
    firstname: string;
    name: string;
    email: string;
    image: string | null;
    profession: string | null;
    role: { id: number; name: string } | null;
  }[];
  roles: { id: number; name: string; description: string | null }[];
  orders: {
    id: number;
    order_num: string;
    company_name: string;
    status: OrderStatusValue;
    total: string;
    currency: string;
    created_at: string;
  }[];
  customers: { id: number; company_name: string; company_email: string; representative_name: string }[];
}

// ---------------------------------------------------------------------------------------------
// Publishing (the public site's rebuilds, shown to editors)

export type PublishingState = 'idle' | 'queued' | 'building' | 'failed';

export interface PublishingStatus {
  state: PublishingState;
  /** Id of the release the public site serves. */
  live_release: string | null;
  /** When that release went live (ISO). */
  live_since: string | null;
  building_since: string | null;
  last_duration_ms: number | null;
  /** The failed build's error text, only in the `failed` state. */
  last_error: string | null;
  pending_count: number;
  /** The changes waiting for the next release, newest first (at most 20). */
  pending: { kind: string; label: string; created_at: string }[];
}

/** GET /api/publishing/status (any signed-in user). */
export interface PublishingStatusAnswer {
  success: true;
  status: PublishingStatus;
}

/** POST /api/publishing/rebuild (admin edit): answers 202. */
export interface PublishingRebuildAnswer {
  success: true;
  message: string;
  status: PublishingStatus;
}
