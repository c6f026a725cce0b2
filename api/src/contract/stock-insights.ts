import type { Paginated } from './staff.js';
import type { PublicProduct } from './public.js';

/** Products under each stock alert: the dashboard home, the bell, the digest. */
export interface StockAlertCounts {
  /** Available stock at or below the product's threshold (else LOW_STOCK_THRESHOLD), out of stock included. */
  low: number;
  out: number;
  /** Products with a lot expiring today or within `expiring_days`. */
  expiring: number;
  /** Products with units left in a lot past its expiry date. */
  expired: number;
  expiring_days: number;
}

export interface StockAlertsAnswer {
  success: true;
  message: string;
  alerts: StockAlertCounts;
}

export type StockListFilter = 'low' | 'out' | 'expiring' | 'expired';

/** A row of GET /api/stock/products: the product as the public list shows it, with its stock figures. */
export interface StockProductRow extends PublicProduct {
  held: number;
  /** The threshold that applies: its own or LOW_STOCK_THRESHOLD. */
  threshold: number;
  /** The first expiry date among its lots with units left (past ones included), or null. */
  next_expiry: string | null;
  /** Units left in lots past their expiry date. */
  expired_quantity: number;
}

export interface StockProductsAnswer {
  success: true;
  message: string;
  products: Paginated<StockProductRow>;
}

/** Money in the currency's decimal form ("1250000.00"), exact. */
export interface ValuationFigures {
  /** On hand: available + held. */
  on_hand: number;
  /** Units with a known cost (in lots from stock entries); the rest counts in `quantity_without_cost`. */
  quantity_without_cost: number;
  cost_value: string;
  sale_value: string;
}

export interface ValuationCurrency extends ValuationFigures {
  currency: { id: number; code: string; symbol: string; name: string };
  categories: (ValuationFigures & { category: { id: number; designation: string } })[];
}

export interface StockValuationAnswer {
  success: true;
  message: string;
  /** When it was computed (ISO). */
  at: string;
  currencies: ValuationCurrency[];
}

export interface ValuationPoint {
  /** 'YYYY-MM-DD', the value at the end of that day. */
  date: string;
  on_hand: number;
  cost_value: string;
  sale_value: string;
}

export interface StockValuationHistoryAnswer {
  success: true;
  message: string;
  from: string;
  to: string;
  currencies: { currency: { id: number; code: string; symbol: string; name: string }; points: ValuationPoint[] }[];
}
