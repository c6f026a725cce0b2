import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DashboardSummary } from '../contract/backoffice.js';
import type { DashboardCharts } from '../contract/insights.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { DashboardCharter } from './dashboard-charts.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import { Article } from '../blog/entities/article.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Order } from '../orders/entities/order.entity.js';

/** The home page's cards, each computed with COUNT queries and only for the categories the user may view. */
@Injectable()
export class DashboardSummaryService {
  private readonly charter: DashboardCharter;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.charter = new DashboardCharter(dataSource, config.lowStockThreshold);
  }

  /** The home page's charts, each only for the users who may view what it summarises. */
  async charts(principal: StaffPrincipal, now = new Date()): Promise<DashboardCharts> {
    const orders = can(principal, 'orders', 'view');
    const [weeks, top, stock, expiring] = await Promise.all([
      orders ? this.charter.orderWeeks(now) : null,
      orders ? this.charter.topProducts(now) : null,
      can(principal, 'shop', 'view') ? this.charter.stock() : null,
      can(principal, 'stock', 'view') ? this.charter.expiring(now) : null,
    ]);
    return {
      orders_per_week: weeks?.orders_per_week ?? null,
      value_per_week: weeks?.value_per_week ?? null,
      currencies: weeks?.currencies ?? null,
      top_products: top,
      stock,
      expiring,
    };
  }

  async summary(principal: StaffPrincipal): Promise<DashboardSummary> {
    const [articles, products, orders] = await Promise.all([
      can(principal, 'blog', 'view') ? this.articles() : null,
      can(principal, 'shop', 'view') ? this.products() : null,
      can(principal, 'orders', 'view') ? this.orders() : null,
    ]);
    return { articles, products, orders };
  }

  private async countsBy(entity: typeof Article | typeof Order, column: string): Promise<Map<string, number>> {
    const rows = await this.dataSource
      .getRepository(entity)
      .createQueryBuilder('row')
      .select(`row.${column}`, 'value')
      .addSelect('COUNT(*)', 'n')
      .groupBy(`row.${column}`)
      .getRawMany<{ value: string; n: string | number }>();
    return new Map(rows.map((r) => [r.value, Number(r.n)]));
  }

  private async articles(): Promise<NonNullable<DashboardSummary['articles']>> {
    const counts = await this.countsBy(Article, 'status');
    const published = counts.get('Publié') ?? 0;
    const draft = counts.get('Brouillon') ?? 0;
    const trash = counts.get('Corbeille') ?? 0;
    return { published, draft, trash, total: [...counts.values()].reduce((a, b) => a + b, 0) };
  }

  private async products(): Promise<NonNullable<DashboardSummary['products']>> {
    const row = await this.dataSource
      .getRepository(Product)
      .createQueryBuilder('product')
      .select('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN product.stock > 0 THEN 1 ELSE 0 END)', 'in_stock')
      .getRawOne<{ total: string | number; in_stock: string | number | null }>();
    const total = Number(row?.total ?? 0);
    const inStock = Number(row?.in_stock ?? 0);
    return { total, in_stock: inStock, out_of_stock: total - inStock };
  }

  private async orders(): Promise<NonNullable<DashboardSummary['orders']>> {
    const counts = await this.countsBy(Order, 'status');
    return {
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      pending: counts.get('pending') ?? 0,
      inprogress: counts.get('inprogress') ?? 0,
      shipped: counts.get('shipped') ?? 0,
      canceled: counts.get('canceled') ?? 0,
    };
  }
}
