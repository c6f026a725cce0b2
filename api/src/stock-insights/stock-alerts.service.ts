import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { idSlices } from '../common/background-slices.js';
import type { StockAlertCounts } from '../contract/stock-insights.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { EXPIRY_ALERT_DAYS, dayAfter, isoDay, stockRule, type StockFilter, type StockRuleParams } from './stock-conditions.js';

/** How many lines each part of the digest lists; the rest is counted and linked. */
export const DIGEST_LISTED = 50;
/** Products per slice of a pass over the catalogue: a few ms on SQLite (docs/performance.md). */
const PRODUCT_SLICE = 5000;

export interface AlertProduct {
  id: number;
  name: string;
  reference: string;
  stock: number;
  threshold: number;
}

export interface AlertLot {
  lot_id: number;
  product_id: number;
  name: string;
  reference: string;
  quantity_left: number;
  expires_at: string;
}

export interface StockAlerts {
  counts: StockAlertCounts;
  low: AlertProduct[];
  out: AlertProduct[];
  expiring: AlertLot[];
  expired: AlertLot[];
  /** Lots (not products) in each expiry part. */
  expiringLots: number;
  expiredLots: number;
}

const day = (value: string | Date) => (value instanceof Date ? isoDay(value) : String(value).slice(0, 10));

/** The stock alerts (rules in stock-conditions.ts): counts for the home page and the bell, lists for the digest. */
@Injectable()
export class StockAlertsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private params(now: Date): StockRuleParams {
    return { defaultThreshold: this.config.lowStockThreshold, now, days: EXPIRY_ALERT_DAYS };
  }

  /**
   * Products matching each rule: what the filtered product lists show. Counted by slices of the
   * catalogue (id ranges), requests let in between: one count over 100,000 products held a SQLite
   * process for hundreds of ms.
   */
  async counts(now = new Date()): Promise<StockAlertCounts> {
    const params = this.params(now);
    const parts = (['low', 'out', 'expiring', 'expired'] as const).map((filter) => stockRule(filter, 'p', params));
    const sums = [0, 0, 0, 0];
    for await (const { after, upto } of idSlices(this.dataSource, 'products', PRODUCT_SLICE)) {
      const row = await this.dataSource
        .createQueryBuilder()
        .select(parts.map((part, i) => `SUM(CASE WHEN ${part.sql} THEN 1 ELSE 0 END) AS c${i}`))
        .from('products', 'p')
        .where('p.id > :after AND p.id <= :upto', { after, upto })
        .setParameters(Object.assign({}, ...parts.map((part) => part.parameters)))
        .getRawOne<Record<string, number | string | null>>();
      sums.forEach((_, i) => (sums[i] += Number(row?.[`c${i}`] ?? 0)));
    }
    const [low, out, expiring, expired] = sums;
    return { low, out, expiring, expired, expiring_days: EXPIRY_ALERT_DAYS };
  }

  /**
   * The first DIGEST_LISTED products of a rule by stock, name and id: kept while walking the catalogue
   * by slices (id ranges), each step ranking by the database (its own collation) the slice with the
   * products kept so far, so that no query scans the whole table.
   */
  private async products(filter: StockFilter, now: Date, extra?: string): Promise<AlertProduct[]> {
    const { sql, parameters } = stockRule(filter, 'p', this.params(now));
    let kept: AlertProduct[] = [];
    for await (const { after, upto } of idSlices(this.dataSource, 'products', PRODUCT_SLICE)) {
      const ids = kept.map((p) => p.id);
      const qb = this.dataSource
        .createQueryBuilder()
        .select(['p.id AS id', 'p.name AS name', 'p.reference AS reference', 'p.stock AS stock'])
        .addSelect('COALESCE(p.low_stock_threshold, :threshold)', 'threshold')
        .from('products', 'p')
        .where(sql, parameters)
        .andWhere(`((p.id > :after AND p.id <= :upto)${ids.length ? ' OR p.id IN (:...kept)' : ''})`, {
          after,
          upto,
          kept: ids,
        })
        .setParameter('threshold', this.config.lowStockThreshold)
        .orderBy('p.stock', 'ASC')
        .addOrderBy('p.name', 'ASC')
        .addOrderBy('p.id', 'ASC')
        .limit(DIGEST_LISTED);
      if (extra) qb.andWhere(extra);
      const rows = await qb.getRawMany<{
        id: number | string;
        name: string;
        reference: string;
        stock: number | string;
        threshold: number | string;
      }>();
      kept = rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        reference: r.reference,
        stock: Number(r.stock),
        threshold: Number(r.threshold),
      }));
    }
    return kept;
  }

  private lotsQuery(condition: string, parameters: Record<string, unknown>) {
    return this.dataSource
      .createQueryBuilder()
      .from('stock_lots', 'l')
      .innerJoin('products', 'p', 'p.id = l.product_id')
      .where(`l.quantity_left > 0 AND ${condition}`, parameters);
  }

  private async lots(condition: string, parameters: Record<string, unknown>): Promise<{ rows: AlertLot[]; count: number }> {
    const count = await this.lotsQuery(condition, parameters).select('COUNT(*)', 'n').getRawOne<{ n: number | string }>();
    const rows = await this.lotsQuery(condition, parameters)
      .select(['l.id AS lot_id', 'p.id AS product_id', 'p.name AS name', 'p.reference AS reference'])
      .addSelect('l.quantity_left', 'quantity_left')
      .addSelect('l.expires_at', 'expires_at')
      .orderBy('l.expires_at', 'ASC')
      .addOrderBy('l.id', 'ASC')
      .limit(DIGEST_LISTED)
      .getRawMany<{
        lot_id: number | string;
        product_id: number | string;
        name: string;
        reference: string;
        quantity_left: number | string;
        expires_at: string | Date;
      }>();
    return {
      count: Number(count?.n ?? 0),
      rows: rows.map((r) => ({
        lot_id: Number(r.lot_id),
        product_id: Number(r.product_id),
        name: r.name,
        reference: r.reference,
        quantity_left: Number(r.quantity_left),
        expires_at: day(r.expires_at),
      })),
    };
  }

  /** Everything the digest says: the counts and the first lines of each part. Low excludes what is out. */
  async alerts(now = new Date()): Promise<StockAlerts> {
    const today = isoDay(now);
    const [counts, low, out, expiring, expired] = await Promise.all([
      this.counts(now),
      this.products('low', now, 'p.stock > 0'),
      this.products('out', now),
      this.lots('l.expires_at >= :today AND l.expires_at <= :limit', { today, limit: dayAfter(now, EXPIRY_ALERT_DAYS) }),
      this.lots('l.expires_at < :today', { today }),
    ]);
    return {
      counts,
      low,
      out,
      expiring: expiring.rows,
      expired: expired.rows,
      expiringLots: expiring.count,
      expiredLots: expired.count,
    };
  }
}
