/**
 * Which tables the entity subscriber records, under which name, and how a record is labelled.
 * Tables not listed here (sessions, throttles, mail queue, publishing state, the audit itself...) are
 * never recorded. Roles and their rights are recorded by the roles service (one entry per save).
 * A module that adds a staff-managed table adds one line here.
 */
export interface AuditedTable {
  entity: string;
  label: (row: Record<string, unknown>) => string | null;
  /** Fields never recorded at all (bulky duplicates of another field). */
  omit?: string[];
}

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

export const AUDITED_TABLES: Record<string, AuditedTable> = {
  users: {
    entity: 'user',
    label: (r) => text([r.firstname, r.name].filter(Boolean).join(' ')) ?? text(r.email),
  },
  products: { entity: 'product', label: (r) => text(r.name) },
  product_datasheets: { entity: 'product_datasheet', label: (r) => text(r.title) },
  orders: { entity: 'order', label: (r) => text(r.order_num) },
  blog_articles: { entity: 'article', label: (r) => text(r.title), omit: ['content_json'] },
  customers: { entity: 'customer', label: (r) => text(r.company_name) },
  brands: { entity: 'brand', label: (r) => text(r.name) },
  categories: { entity: 'category', label: (r) => text(r.designation) },
  stock_entries: { entity: 'stock_entry', label: (r) => text(r.name) },
  currencies: { entity: 'currency', label: (r) => text(r.name) },
  // A rate row is never changed: each new rate is a creation, labelled "USD au 2026-11-26".
  exchange_rates: {
    entity: 'exchange_rate',
    label: (r) => text(r.currency_code && `${String(r.currency_code)} au ${String(r.rate_date)}`),
  },
  media: { entity: 'media', label: (r) => text(r.original_name) },
};

/** Fields no entry ever shows: bookkeeping timestamps, which every save changes. */
// Bookkeeping columns: the version counter and last editor (optimistic concurrency) say nothing the entry's
// own date and author do not.
export const IGNORED_FIELDS = new Set([
  'created_at',
  'updated_at',
  'password_changed_at',
  'version',
  'updated_by',
  'search_text',
]);

/**
 * Secrets are never stored: these fields, and any whose name looks like one, appear only as "changed"
 * (the value replaced by a mask). `password_hash` is shown as `password`.
 */
const SECRET_FIELDS: Record<string, string> = { password_hash: 'password' };
const SECRET_PATTERN = /pass(word)?|secret|token|hash|session|csrf|api_?key/i;
export const SECRET_MASK = '••••••';

export function secretName(field: string): string | null {
  if (SECRET_FIELDS[field]) return SECRET_FIELDS[field];
  return SECRET_PATTERN.test(field) ? field : null;
}

/** The entity names the journal can filter on, and the right needed to read one record's history. */
export const HISTORY_PERMISSIONS = {
  product: 'shop',
  brand: 'shop',
  category: 'shop',
  currency: 'shop',
  exchange_rate: 'admin',
  media: 'blog',
  order: 'orders',
  customer: 'orders',
  article: 'blog',
  stock_entry: 'stock',
  user: 'admin',
  role: 'admin',
} as const;

export type AuditedEntity = keyof typeof HISTORY_PERMISSIONS;
