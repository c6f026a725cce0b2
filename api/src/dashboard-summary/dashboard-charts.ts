import type { DataSource } from 'typeorm';
import type { DashboardCharts, ExpiringEntry, LowStockProduct, OrdersWeek, TopProduct, ValueWeek } from '../contract/insights.js';
import { isSqlite } from '../common/transactions.js';
import { ORDER_STATUSES } from '../orders/entities/order.entity.js';

export const CHART_WEEKS = 12;
export const TOP_PRODUCTS_DAYS = 90;
export const TOP_PRODUCTS_COUNT = 5;
export const EXPIRY_WINDOW_DAYS = 30;
export const LOW_STOCK_LISTED = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Integer minor units (as the database sums them) to an exact two-decimal string. */
function centsToMoney(value: unknown): string {
  const cents = BigInt(String(value ?? 0).split('.')[0] || '0');
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * The dashboard home's charts, each one grouped query run by the database (no rows are loaded to be
 * counted here). Orders use the (status, created_at) index through `status IN (...)`.
 */
export class DashboardCharter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly defaultThreshold: number,
  ) {}

  /** The Monday of the row's week, as `YYYY-MM-DD`, in the driver's SQL. */
  private weekOf(column: string): string {
    return isSqlite(this.dataSource)
      ? `date(${column}, '-6 days', 'weekday 1')`
      : `DATE_FORMAT(DATE_SUB(${column}, INTERVAL WEEKDAY(${column}) DAY), '%Y-%m-%d')`;
  }

  /** Orders per week and status, and requested value per week and currency, from one grouped query. */
  async orderWeeks(now = new Date()): Promise<Pick<DashboardCharts, 'orders_per_week' | 'value_per_week' | 'currencies'>> {
    const first = new Date(weekStart(now).getTime() - (CHART_WEEKS - 1) * 7 * DAY_MS);
    const rows = await this.dataSource
      .createQueryBuilder()
      .select(this.weekOf('ord.created_at'), 'week')
      .addSelect('ord.status', 'status')
      .addSelect('ord.currency', 'currency')
      .addSelect('COUNT(*)', 'n')
      .addSelect('SUM(ROUND(ord.total * 100))', 'cents')
      .from('orders', 'ord')
      .where('ord.created_at >= :first', { first })
      .groupBy('week')
      .addGroupBy('ord.status')
      .addGroupBy('ord.currency')
      .getRawMany<{ week: string; status: string; currency: string; n: number | string; cents: number | string | null }>();

    const weeks: OrdersWeek[] = [];
    const values: ValueWeek[] = [];
    const index = new Map<string, number>();
    for (let i = 0; i < CHART_WEEKS; i++) {
      const week = isoDay(new Date(first.getTime() + i * 7 * DAY_MS));
      index.set(week, i);
      weeks.push({ week, pending: 0, inprogress: 0, shipped: 0, canceled: 0, total: 0 });
      values.push({ week, totals: {} });
    }
    const cents = new Map<string, bigint>();
    const currencies = new Set<string>();
    for (const row of rows) {
      const i = index.get(String(row.week).slice(0, 10));
      if (i === undefined) continue;
      if (!(ORDER_STATUSES as readonly string[]).includes(row.status)) continue;
      const n = Number(row.n);
      const week = weeks[i]!;
      week[row.status as (typeof ORDER_STATUSES)[number]] += n;
      week.total += n;
      if (row.status === 'canceled') continue;
      currencies.add(row.currency);
      const key = `${i}|${row.currency}`;
      cents.set(key, (cents.get(key) ?? 0n) + BigInt(String(row.cents ?? 0).split('.')[0] || '0'));
    }
    const ordered = [...currencies].sort();
    for (const [key, amount] of cents) {
      const [i, currency] = key.split('|') as [string, string];
      values[Number(i)]!.totals[currency] = centsToMoney(amount);
    }
    for (const value of values) for (const currency of ordered) value.totals[currency] ??= '0.00';
    return { orders_per_week: weeks, value_per_week: values, currencies: ordered };
  }

  /**
   * The most requested products (quantity) over the last 90 days, canceled requests left out. Grouped
   * on covering indexes only; the names of the five are read afterwards. An order holds one line per
   * product, so the count of lines is the count of orders. Lines of products since deleted from the
   * catalogue count together, under "Produits supprimés".
   */
  async topProducts(now = new Date()): Promise<TopProduct[]> {
    const since = new Date(now.getTime() - TOP_PRODUCTS_DAYS * DAY_MS);
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('item.product_id', 'product_id')
      .addSelect('SUM(item.quantity)', 'quantity')
      .addSelect('COUNT(*)', 'orders')
      .from('orders', 'ord')
      .innerJoin('order_items', 'item', 'item.order_id = ord.id')
      .where('ord.created_at >= :since AND ord.status <> :canceled', { since, canceled: 'canceled' })
      .groupBy('item.product_id')
      .orderBy('quantity', 'DESC')
      .addOrderBy('product_id', 'ASC')
      .limit(TOP_PRODUCTS_COUNT)
      .getRawMany<{ product_id: number | string | null; quantity: number | string; orders: number | string }>();
    const ids = rows.filter((r) => r.product_id !== null).map((r) => Number(r.product_id));
    const names = new Map<number, string>();
    if (ids.length) {
      const found = await this.dataSource
        .createQueryBuilder()
        .select(['p.id AS id', 'p.name AS name'])
        .from('products', 'p')
        .where('p.id IN (:...ids)', { ids })
        .getRawMany<{ id: number | string; name: string }>();
      for (const product of found) names.set(Number(product.id), product.name);
    }
    return rows.map((r) => {
      const id = r.product_id === null ? null : Number(r.product_id);
      return {
        product_id: id,
        name: (id !== null ? names.get(id) : undefined) ?? 'Produits supprimés',
        quantity: Number(r.quantity),
        orders: Number(r.orders),
      };
    });
  }

  /** Products at or below their threshold (their own, or the global default) and out of stock. */
  async stock(): Promise<NonNullable<DashboardCharts['stock']>> {
    const threshold = 'COALESCE(p.low_stock_threshold, :threshold)';
    const params = { threshold: this.defaultThreshold };
    const counts = await this.dataSource
      .createQueryBuilder()
      .select(`SUM(CASE WHEN p.stock <= ${threshold} THEN 1 ELSE 0 END)`, 'low')
      .addSelect('SUM(CASE WHEN p.stock <= 0 THEN 1 ELSE 0 END)', 'out')
      .from('products', 'p')
      .setParameters(params)
      .getRawOne<{ low: number | string | null; out: number | string | null }>();
    const low = await this.dataSource
      .createQueryBuilder()
      .select(['p.id AS id', 'p.name AS name', 'p.reference AS reference', 'p.stock AS stock'])
      .addSelect(threshold, 'threshold')
      .from('products', 'p')
      .where(`p.stock <= ${threshold}`)
      .setParameters(params)
      .orderBy('p.stock', 'ASC')
      .addOrderBy('p.name', 'ASC')
      .limit(LOW_STOCK_LISTED)
      .getRawMany<{ id: number | string; name: string; reference: string; stock: number | string; threshold: number | string }>();
    return {
      default_threshold: this.defaultThreshold,
      low_count: Number(counts?.low ?? 0),
      out_count: Number(counts?.out ?? 0),
      low: low.map((r): LowStockProduct => ({
        id: Number(r.id),
        name: r.name,
        reference: r.reference,
        stock: Number(r.stock),
        threshold: Number(r.threshold),
      })),
    };
  }

  /**
   * Lots with units left whose expiry date falls within 30 days (and those already past it, counted
   * apart), named by their stock entry: a lot emptied by deliveries or write-offs no longer counts.
   */
  async expiring(now = new Date()): Promise<NonNullable<DashboardCharts['expiring']>> {
    const today = isoDay(now);
    const limit = isoDay(new Date(now.getTime() + EXPIRY_WINDOW_DAYS * DAY_MS));
    const counts = await this.dataSource
      .createQueryBuilder()
      .select(`SUM(CASE WHEN l.expires_at >= :today THEN 1 ELSE 0 END)`, 'soon')
      .addSelect(`SUM(CASE WHEN l.expires_at < :today THEN 1 ELSE 0 END)`, 'expired')
      .from('stock_lots', 'l')
      .where('l.quantity_left > 0 AND l.expires_at IS NOT NULL AND l.expires_at <= :limit', { limit, today })
      .getRawOne<{ soon: number | string | null; expired: number | string | null }>();
    const entries = await this.dataSource
      .createQueryBuilder()
      .select([
        'COALESCE(e.id, l.id) AS id',
        'COALESCE(e.name, p.name) AS name',
        'l.quantity_left AS quantity',
        'l.expires_at AS expiry_date',
      ])
      .from('stock_lots', 'l')
      .leftJoin('stock_entries', 'e', 'e.id = l.stock_entry_id')
      .innerJoin('products', 'p', 'p.id = l.product_id')
      .where('l.quantity_left > 0 AND l.expires_at >= :today AND l.expires_at <= :limit', { today, limit })
      .orderBy('l.expires_at', 'ASC')
      .addOrderBy('l.id', 'ASC')
      .limit(LOW_STOCK_LISTED)
      .getRawMany<{ id: number | string; name: string; quantity: number | string; expiry_date: string | Date }>();
    return {
      count: Number(counts?.soon ?? 0),
      expired_count: Number(counts?.expired ?? 0),
      entries: entries.map((r): ExpiringEntry => ({
        id: Number(r.id),
        name: r.name,
        quantity: Number(r.quantity),
        expiry_date: r.expiry_date instanceof Date ? isoDay(r.expiry_date) : String(r.expiry_date).slice(0, 10),
      })),
    };
  }
}
