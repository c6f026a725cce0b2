/** The charts of the dashboard home, part of GET /api/dashboard/summary (`charts`). */

/** One week (Monday, UTC, `YYYY-MM-DD`) of order requests, counted per status. */
export interface OrdersWeek {
  week: string;
  pending: number;
  inprogress: number;
  shipped: number;
  canceled: number;
  total: number;
}

/** Requested value of one week in one currency (sum of the order totals, canceled ones left out). */
export interface ValueWeek {
  week: string;
  /** Exact decimal amounts per order currency ("Dollar", "Euro", "Fcfa"), e.g. { Fcfa: "1250000.00" }. */
  totals: Record<string, string>;
}

export interface LowStockProduct {
  id: number;
  name: string;
  reference: string;
  stock: number;
  /** The product's own threshold, or the global default. */
  threshold: number;
}

export interface ExpiringEntry {
  id: number;
  name: string;
  quantity: number;
  expiry_date: string;
}

export interface TopProduct {
  product_id: number | null;
  name: string;
  quantity: number;
  orders: number;
}

export interface DashboardCharts {
  /** null when the user may not view orders. The last 12 weeks, oldest first, every week present. */
  orders_per_week: OrdersWeek[] | null;
  value_per_week: ValueWeek[] | null;
  /** The currencies present in value_per_week, in a stable order. */
  currencies: string[] | null;
  /** The 5 most requested products (by quantity) of the last 90 days, canceled requests left out. */
  top_products: TopProduct[] | null;
  /** null without shop view. */
  stock: {
    default_threshold: number;
    low_count: number;
    out_count: number;
    /** The products at or below their threshold (out of stock first), at most 10. */
    low: LowStockProduct[];
  } | null;
  /** null without stock view: entries whose expiry date falls within 30 days (or has passed). */
  expiring: { count: number; expired_count: number; entries: ExpiringEntry[] } | null;
}
