import type { WhereExpressionBuilder } from 'typeorm';

/**
 * The stock alert rules, written once and used by the product filters, the daily digest, the
 * dashboard home and the bell:
 * - low: available stock at or below the product's own threshold, else LOW_STOCK_THRESHOLD (out included);
 * - out: no available stock;
 * - expiring: a lot with units left whose expiry date falls today or within the next N days;
 * - expired: a lot with units left past its expiry date (still counted in the stock until written off).
 * Dates are plain UTC days ('YYYY-MM-DD'), Lomé's time.
 */
export const STOCK_FILTERS = ['low', 'out', 'expiring', 'expired'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** The digest's and the home page's window for lots about to expire. */
export const EXPIRY_ALERT_DAYS = 30;
/** Longest window the product list accepts for "expiring within N days". */
export const MAX_EXPIRY_DAYS = 3650;

const DAY_MS = 24 * 60 * 60_000;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const dayAfter = (date: Date, days: number) => isoDay(new Date(date.getTime() + days * DAY_MS));

export interface StockRuleParams {
  /** LOW_STOCK_THRESHOLD: products without their own threshold. */
  defaultThreshold: number;
  /** Today (UTC). */
  now: Date;
  /** Window of `expiring`, in days. */
  days?: number;
}

/** The SQL condition of a rule on the products aliased `alias`, with its parameters (prefixed, so rules combine). */
export function stockRule(
  filter: StockFilter,
  alias: string,
  params: StockRuleParams,
): { sql: string; parameters: Record<string, unknown> } {
  const today = isoDay(params.now);
  switch (filter) {
    case 'low':
      return {
        sql: `${alias}.stock <= COALESCE(${alias}.low_stock_threshold, :stockRuleThreshold)`,
        parameters: { stockRuleThreshold: params.defaultThreshold },
      };
    case 'out':
      return { sql: `${alias}.stock <= 0`, parameters: {} };
    case 'expiring':
      return {
        sql: `EXISTS (SELECT 1 FROM stock_lots rule_lot WHERE rule_lot.product_id = ${alias}.id AND rule_lot.quantity_left > 0 AND rule_lot.expires_at >= :stockRuleToday AND rule_lot.expires_at <= :stockRuleLimit)`,
        parameters: { stockRuleToday: today, stockRuleLimit: dayAfter(params.now, params.days ?? EXPIRY_ALERT_DAYS) },
      };
    case 'expired':
      return {
        sql: `EXISTS (SELECT 1 FROM stock_lots rule_lot WHERE rule_lot.product_id = ${alias}.id AND rule_lot.quantity_left > 0 AND rule_lot.expires_at < :stockRuleToday)`,
        parameters: { stockRuleToday: today },
      };
  }
}

/** Adds a rule to a query's WHERE. */
export function whereStockRule<Q extends WhereExpressionBuilder>(
  qb: Q,
  filter: StockFilter,
  alias: string,
  params: StockRuleParams,
): Q {
  const { sql, parameters } = stockRule(filter, alias, params);
  qb.andWhere(sql, parameters);
  return qb;
}
