import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pageByIds, pageOf, pageRequest, scopeCount, searchScope, whereScope } from '../common/listing.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { readPublicProducts } from '../catalogue/public-catalogue.service.js';
import type { Paginated } from '../contract/staff.js';
import type { StockProductRow } from '../contract/stock-insights.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { isoDay, whereStockRule } from './stock-conditions.js';
import type { StockProductsQueryDto } from './stock-products.dto.js';

export const STOCK_PRODUCTS_PER_PAGE = 8;

/**
 * The staff product list with the stock filters: low, out, expiring within N days,
 * expired (rules in stock-conditions.ts), by category and name search, the lowest stock first. Each
 * row adds what the public list does not say: held units, the threshold, the first expiry date and
 * the expired units left.
 */
@Injectable()
export class StockProductsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: StockProductsQueryDto, now = new Date()): Promise<Paginated<StockProductRow>> {
    const request = pageRequest(query, STOCK_PRODUCTS_PER_PAGE);
    const repo = this.dataSource.getRepository(Product);
    const scope = await searchScope(repo.createQueryBuilder('product'), query.search);
    const ids = whereScope(repo.createQueryBuilder('product'), 'product', scope);
    if (query.category) ids.andWhere('product.category_id = :category', { category: Number(query.category) });
    if (query.stock)
      whereStockRule(ids, query.stock, 'product', { defaultThreshold: this.config.lowStockThreshold, now, days: query.days });
    ids.orderBy('product.stock', 'ASC').addOrderBy('product.id', 'ASC');
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      // The rows as the public list maps them, without the ORM's hydration (most of a page's CPU).
      async (page) => (await readPublicProducts(this.dataSource, page)).map((row) => ({ ...row, id: row.product.id })),
      scopeCount(scope),
    );
    const lots = await this.lotFigures(
      rows.map((row) => row.id),
      now,
    );
    return pageOf(
      rows.map(({ id, product, held, low_stock_threshold }) => ({
        ...product,
        held,
        threshold: low_stock_threshold ?? this.config.lowStockThreshold,
        next_expiry: lots.get(id)?.next ?? null,
        expired_quantity: lots.get(id)?.expired ?? 0,
      })),
      total,
      request,
      capped,
    );
  }

  private async lotFigures(ids: number[], now: Date): Promise<Map<number, { next: string | null; expired: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.dataSource
      .createQueryBuilder()
      .select('l.product_id', 'product_id')
      .addSelect('MIN(l.expires_at)', 'next')
      .addSelect('SUM(CASE WHEN l.expires_at < :today THEN l.quantity_left ELSE 0 END)', 'expired')
      .from('stock_lots', 'l')
      .where('l.product_id IN (:...ids) AND l.quantity_left > 0', { ids, today: isoDay(now) })
      .groupBy('l.product_id')
      .getRawMany<{ product_id: number | string; next: string | Date | null; expired: number | string | null }>();
    return new Map(
      rows.map((r) => [
        Number(r.product_id),
        {
          next: r.next === null ? null : r.next instanceof Date ? isoDay(r.next) : String(r.next).slice(0, 10),
          expired: Number(r.expired ?? 0),
        },
      ]),
    );
  }
}
