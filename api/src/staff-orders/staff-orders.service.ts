import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import {
  cappedCount,
  pageByIds,
  pageOf,
  pageRequest,
  SEARCH_COUNT_CAP,
  scopeCount,
  searchScope,
  whereScope,
  type SearchScope,
} from '../common/listing.js';
import { leanColumns } from '../common/lean-rows.js';
import { runTransaction } from '../common/transactions.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import type {
  OrderItemProduct,
  OrderItemRow,
  OrderMailRow,
  OrderStatusCounts,
  StaffOrder,
  OrderHistoryEvent,
  StaffOrderDetail,
  StaffOrderSummary,
} from '../contract/backoffice.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { MailService } from '../mail/mail.service.js';
import type { Paginated } from '../contract/staff.js';
import { conflict, notFound } from '../core/errors/api-error.js';
import { imageVariants } from '../media/image-variants.js';
import type { OrderHoldDto, OrderStatusDto, StaffOrderListQueryDto } from './dto/staff-order.dto.js';
import { ORDER_LIST, ORDER_NARROWING_FILTERS, ORDER_SUMMARY_LIST, type StaffOrderSummaryQueryDto } from '../orders/order-list.js';
import { orderPricesIncludeTax } from '../quotes/recorded-tax-setting.js';
import { holdAllOrNothing } from '../quotes/accepted-lines.js';
import { applyListQuery } from '../common/list-order.js';
import { OrderCount } from '../orders/entities/order-count.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import { productImagesOf } from '../catalogue/product-images-of.js';
import { ORDER_STATUSES, Order, type OrderStatus } from '../orders/entities/order.entity.js';
import { forOrder, moveOrderBetween, moveOrderStock, orderLines, orderStockState } from '../stock/ledger/stock-ledger.js';
import { itemCurrency, storedMoney } from '../orders/order-pricing.js';
import { convertedTtcAmount, orderTaxTotals } from '../orders/devis-totals.js';
import { fromMinor } from '../common/money.js';
import { clientNoticeMails, type ClientNotice } from '../orders/order-request-mails.js';
import { AuditService } from '../audit/audit.service.js';
import { diffOf } from '../audit/audit-diff.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import type { AuditAction, AuditChange } from '../contract/audit.js';
import { assertNoDeliveredGoods } from '../deliveries/deliveries.service.js';
import { orderBalances } from '../invoices/customer-account.js';
import { orderHistory } from './order-history.js';

export const ORDERS_PAGE_SIZE = 7;
const NOT_FOUND = 'Commande introuvable.';
const CHANGED_MEANWHILE = 'La commande a été modifiée entre-temps. Rechargez la page et réessayez.';
const NOT_HELD = 'Seule une commande en attente dont le stock est réservé peut être prolongée.';
const NOTHING_HELD = 'Cette commande ne réserve pas de stock : il n’y a rien à libérer.';
const NOT_RESERVABLE = 'Seule une commande « En cours » qui ne réserve pas encore son stock peut le réserver.';
const UNDO_TOO_LATE =
  'Ce changement de statut ne peut plus être annulé : le délai est passé ou la commande a changé depuis. Changez le statut à nouveau si besoin.';
/** The journal's action for a status change taken back within its window. */
export const STATUS_UNDO_ACTION: AuditAction = 'status_undo';
export const DAY_MS = 24 * 60 * 60_000;

/** The client is told of these changes made by staff (pending is where orders start: nothing to say). */
const NOTIFIED: Partial<Record<OrderStatus, ClientNotice>> = {
  inprogress: 'inprogress',
  shipped: 'shipped',
  canceled: 'canceled',
};

export function toStaffOrder(order: Order): StaffOrder {
  return {
    id: order.id,
    order_num: order.order_num,
    status: order.status,
    company_name: order.company_name,
    company_email: order.company_email,
    company_phone: order.company_phone,
    representative_name: order.representative_name,
    representative_email: order.representative_email,
    representative_phone: order.representative_phone,
    currency: order.currency,
    payment_by: order.payment_by,
    credit_level: order.credit_level,
    payment_term: order.payment_term,
    delivery_method: order.delivery_method,
    delivery_address: order.delivery_address ?? null,
    client_reference: order.client_reference ?? null,
    note: order.note ?? null,
    total: order.total,
    stock_reserved: Boolean(order.stock_reserved),
    customer_id: order.customer_id,
    shipped_at: order.shipped_at ? order.shipped_at.toISOString() : null,
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    money: storedMoney(order),
    hold_until:
      order.status === 'pending' && order.stock_reserved && order.hold_until ? new Date(order.hold_until).toISOString() : null,
    hold_state: order.status === 'pending' && order.stock_reserved ? (order.hold_state ?? 'firm') : null,
    cancel_reason: order.cancel_reason === 'expired' ? 'expired' : null,
  };
}

function toItemProduct(item: OrderItem): OrderItemProduct | null {
  const product = item.product;
  if (!product) return null;
  return {
    id: product.id,
    name: product.name,
    images: [...(product.images ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((image) => ({
        id: image.id,
        image_path: image.image_path,
        image_variants: imageVariants(image.image_path),
        position: image.position,
      })),
    category: product.category ? { id: product.category.id, designation: product.category.designation } : null,
    currency: product.currency ? { id: product.currency.id, name: product.currency.name, symbol: product.currency.symbol } : null,
  };
}

function toItem(item: OrderItem, order: Pick<Order, 'currency'>): Omit<OrderItemRow, 'order'> {
  const currency = itemCurrency(item, order);
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    id: item.id,
    quantity: item.quantity,
    price: item.price,
    total_price: item.total_price,
    product_name: item.product_name,
    product_id: item.product_id,
    created_at: item.created_at.toISOString(),
    product: toItemProduct(item),
  };
}

export function toOrderItemRow(item: OrderItem): OrderItemRow {
  return { ...toItem(item, item.order!), order: toStaffOrder(item.order!) };
}

/**
 * The count of a filtered page (a currency, dates, a client): a facet matching most of 100,000 orders
 * would be counted row by row on each page, so it stops at SEARCH_COUNT_CAP ("1 000+") like a search.
 */
const filteredCount = (scope: SearchScope, narrowed: boolean): { countCap?: number } =>
  narrowed ? { countCap: SEARCH_COUNT_CAP } : scopeCount(scope);

/** An order holds stock while it is reserved and not shipped (shipped goods have left the warehouse). */
const holdsStock = (order: Order) => Boolean(order.stock_reserved) && order.status !== 'shipped';

/** Orders, staff side: the table (one row per item), the detail, status changes and deletion. */
@Injectable()
export class StaffOrdersService {
  constructor(
    @InjectRepository(OrderItem) private readonly items: Repository<OrderItem>,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  /** Order items with their order and the product's images, category and currency. */
  private itemsQuery(): SelectQueryBuilder<OrderItem> {
    return this.items
      .createQueryBuilder('item')
      .innerJoinAndSelect('item.order', 'ord')
      .leftJoinAndSelect('item.product', 'product')
      .leftJoinAndSelect('product.images', 'image')
      .leftJoinAndSelect('product.category', 'category')
      .leftJoinAndSelect('product.currency', 'currency');
  }

  async list(
    query: StaffOrderListQueryDto,
  ): Promise<{ page: Paginated<OrderItemRow>; counts: OrderStatusCounts; pricesIncludeTax: boolean }> {
    const request = pageRequest(query, ORDERS_PAGE_SIZE);
    // Item ids joined to their order only (many-to-one: no DISTINCT), then the page with its relations.
    // Sorted on the order's columns only, so that both databases walk IDX_orders_created_at and read
    // each order's lines through IDX_order_items_order (in id order) without sorting every line; an
    // ORDER BY that mixed in item.id would make MySQL/MariaDB sort the whole join.
    // The search is resolved on the orders alone (see searchScope), then narrows the items' query.
    const scope = await searchScope(this.orders.createQueryBuilder('ord'), query.search);
    const ids = applyListQuery(this.items.createQueryBuilder('item').innerJoin('item.order', 'ord'), query, ORDER_LIST);
    whereScope(ids, 'ord', scope);
    // Without a search or other filter, the chips and the total come from the counts the database keeps per status.
    const narrowed = ORDER_NARROWING_FILTERS.some((name) => query[name] !== undefined);
    const kept = scope.kind === 'none' && !narrowed ? await this.keptCounts() : null;
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      (pageIds) => this.pageItems(pageIds),
      kept ? { total: async () => (query.status ? kept.lines[query.status] : kept.lines.all) } : filteredCount(scope, narrowed),
    );
    // Lines of one order in id order within the page (the index gives them so; this makes it certain).
    const position = new Map(rows.map((row, i) => [row.order_id, i]));
    rows.sort((a, b) => position.get(a.order_id)! - position.get(b.order_id)! || a.id - b.id);
    const page = pageOf(rows.map(toOrderItemRow), total, request, capped);
    return {
      page,
      counts: kept ? kept.orders : await this.statusCounts(scope),
      pricesIncludeTax: this.config.taxes.pricesIncludeTax,
    };
  }

  /**
   * The order-level list: one row per order (sorted and filtered like the lines list, and by client),
   * each with its number of lines and its latest quote version, read for the page's orders only.
   */
  async listOrders(query: StaffOrderSummaryQueryDto): Promise<{ page: Paginated<StaffOrderSummary>; counts: OrderStatusCounts }> {
    const request = pageRequest(query, ORDERS_PAGE_SIZE);
    const scope = await searchScope(this.orders.createQueryBuilder('ord'), query.search);
    const ids = applyListQuery(this.orders.createQueryBuilder('ord'), query, ORDER_SUMMARY_LIST);
    whereScope(ids, 'ord', scope);
    const narrowed = [...ORDER_NARROWING_FILTERS, 'customer_id' as const].some((name) => query[name] !== undefined);
    const kept = scope.kind === 'none' && !narrowed ? await this.keptCounts() : null;
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      (pageIds) => this.pageOrders(pageIds),
      kept ? { total: async () => (query.status ? kept.orders[query.status] : kept.orders.all) } : filteredCount(scope, narrowed),
    );
    // Invoiced and balance due per currency, for the page's orders at once (the invoices' stored totals).
    const balances = await orderBalances(
      this.dataSource.manager,
      rows.map((row) => row.id),
    );
    const summaries = rows.map(({ order, lines, version }): StaffOrderSummary => ({
      ...toStaffOrder(order),
      lines_count: lines,
      quote: version != null ? { version, state: order.quote_state } : null,
      balances: balances.get(order.id) ?? [],
    }));
    return { page: pageOf(summaries, total, request, capped), counts: kept ? kept.orders : await this.statusCounts(scope) };
  }

  /**
   * The page's lines with their order and their product (its category, currency and images), read
   * with two plain statements by primary key and shaped as the query builder's entities (lean-rows.ts).
   */
  private async pageItems(ids: number[]): Promise<OrderItem[]> {
    const q = quoteIdentifier(this.dataSource);
    const item = leanColumns(this.dataSource, OrderItem, 'item');
    const order = leanColumns(this.dataSource, Order, 'ord');
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${item.select}, ${order.select},
              p.${q('id')} AS p_id, p.${q('name')} AS p_name, k.${q('id')} AS k_id, k.${q('designation')} AS k_designation,
              c.${q('id')} AS c_id, c.${q('name')} AS c_name, c.${q('symbol')} AS c_symbol, c.${q('code')} AS c_code
         FROM ${q('order_items')} item INNER JOIN ${q('orders')} ord ON ord.${q('id')} = item.${q('order_id')}
         LEFT JOIN ${q('products')} p ON p.${q('id')} = item.${q('product_id')}
         LEFT JOIN ${q('categories')} k ON k.${q('id')} = p.${q('category_id')}
         LEFT JOIN ${q('currencies')} c ON c.${q('id')} = p.${q('currency_id')}
        WHERE item.${q('id')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const items = rows.map((raw) => {
      const line = item.read(raw);
      line.order = order.read(raw);
      // Only what the row shows of the product (toItemProduct, itemCurrency).
      line.product =
        raw.p_id == null
          ? null
          : ({
              id: Number(raw.p_id),
              name: raw.p_name,
              images: [],
              category: raw.k_id == null ? null : { id: Number(raw.k_id), designation: raw.k_designation },
              currency:
                raw.c_id == null ? null : { id: Number(raw.c_id), name: raw.c_name, symbol: raw.c_symbol, code: raw.c_code },
            } as unknown as Product);
      return line;
    });
    const products = [...new Set(items.flatMap((line) => (line.product ? [line.product.id] : [])))];
    const imagesOf = await productImagesOf(this.dataSource.manager, products);
    for (const line of items) if (line.product) line.product.images = imagesOf.get(line.product.id) ?? [];
    return items;
  }

  /**
   * The page's orders (one plain statement by primary key, lean-rows.ts), with each one's number of
   * lines and latest quote version counted from the lines and versions themselves (two index lookups
   * per order). Not the columns kept for the sorts (orders.lines_count, quote_version):
   * those follow the application's writes only, and the figures shown stay right after a write that
   * bypassed it (a script, a fix by hand) until the hourly check repairs the sort.
   */
  private async pageOrders(ids: number[]): Promise<{ id: number; order: Order; lines: number; version: number | null }[]> {
    const q = quoteIdentifier(this.dataSource);
    const order = leanColumns(this.dataSource, Order, 'ord');
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${order.select},
              (SELECT COUNT(*) FROM ${q('order_items')} i WHERE i.${q('order_id')} = ord.${q('id')}) AS line_count,
              (SELECT MAX(v.${q('number')}) FROM ${q('quote_versions')} v WHERE v.${q('order_id')} = ord.${q('id')}) AS last_version
         FROM ${q('orders')} ord WHERE ord.${q('id')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return rows.map((raw) => {
      const row = order.read(raw);
      return {
        id: row.id,
        order: row,
        lines: Number(raw.line_count),
        version: raw.last_version == null ? null : Number(raw.last_version),
      };
    });
  }

  /**
   * Orders and order lines per status, as the database keeps them (order_counts, maintained by
   * triggers on every write): four rows read instead of 100,000 orders and their lines counted.
   */
  private async keptCounts(): Promise<{ orders: OrderStatusCounts; lines: OrderStatusCounts }> {
    const orders: OrderStatusCounts = { all: 0, pending: 0, inprogress: 0, shipped: 0, canceled: 0 };
    const lines: OrderStatusCounts = { all: 0, pending: 0, inprogress: 0, shipped: 0, canceled: 0 };
    // One plain statement (lean-rows.ts): every orders page and the pending-orders bell read these.
    const kept = leanColumns(this.dataSource, OrderCount, 'counts');
    const q = quoteIdentifier(this.dataSource);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${kept.select} FROM ${kept.table} ${q('counts')}`,
    );
    for (const row of rows.map(kept.read)) {
      orders.all += Number(row.orders_count);
      lines.all += Number(row.lines_count);
      if ((ORDER_STATUSES as readonly string[]).includes(row.status)) {
        orders[row.status as OrderStatus] += Number(row.orders_count);
        lines[row.status as OrderStatus] += Number(row.lines_count);
      }
    }
    return { orders, lines };
  }

  /** Orders per status among those matching the search (the chips of the orders page). */
  async statusCounts(search?: string | SearchScope): Promise<OrderStatusCounts> {
    const scope = typeof search === 'object' ? search : await searchScope(this.orders.createQueryBuilder('ord'), search);
    if (scope.kind === 'none') return (await this.keptCounts()).orders;
    if (scope.kind === 'many') {
      // A frequent term: each status counted up to the cap (its scan stops there), "1 000+" beyond.
      const counts: OrderStatusCounts = { all: 0, pending: 0, inprogress: 0, shipped: 0, canceled: 0 };
      const capped: NonNullable<OrderStatusCounts['capped']> = [];
      for (const status of ORDER_STATUSES) {
        const qb = whereScope(this.orders.createQueryBuilder('ord').where('ord.status = :status', { status }), 'ord', scope);
        const counted = await cappedCount(qb, SEARCH_COUNT_CAP);
        counts[status] = counted.total;
        counts.all += counted.total;
        if (counted.capped) capped.push(status);
      }
      return capped.length ? { ...counts, capped: ['all', ...capped] } : counts;
    }
    const qb = this.orders
      .createQueryBuilder('ord')
      .select('ord.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .groupBy('ord.status');
    whereScope(qb, 'ord', scope);
    const rows = await qb.getRawMany<{ status: string; n: string | number }>();
    const counts: OrderStatusCounts = { all: 0, pending: 0, inprogress: 0, shipped: 0, canceled: 0 };
    for (const row of rows) {
      const n = Number(row.n);
      counts.all += n;
      if ((ORDER_STATUSES as readonly string[]).includes(row.status)) counts[row.status as OrderStatus] += n;
    }
    return counts;
  }

  async latestItems(limit = 5): Promise<OrderItemRow[]> {
    const rows = await this.itemsQuery().orderBy('item.created_at', 'DESC').addOrderBy('item.id', 'DESC').take(limit).getMany();
    return rows.map(toOrderItemRow);
  }

  /** The order's whole story, oldest first (order-history.ts). */
  async history(id: number): Promise<OrderHistoryEvent[]> {
    return orderHistory(this.dataSource.manager, id);
  }

  async get(id: number, manager: EntityManager = this.dataSource.manager): Promise<StaffOrderDetail> {
    const order = await manager.getRepository(Order).findOneBy({ id });
    if (!order) throw notFound(NOT_FOUND);
    const items = await manager
      .getRepository(OrderItem)
      .createQueryBuilder('item')
      .leftJoinAndSelect('item.product', 'product')
      .leftJoinAndSelect('product.images', 'image')
      .leftJoinAndSelect('product.category', 'category')
      .leftJoinAndSelect('product.currency', 'currency')
      .where('item.order_id = :id', { id })
      .orderBy('item.id', 'ASC')
      .getMany();
    const mails = await manager.getRepository(OutgoingMail).find({ where: { related: `order:${id}` }, order: { id: 'ASC' } });
    // The lines' taxes and their converted TTC, computed as the devis prints them (devis-totals.ts).
    const pricesIncludeTax = await orderPricesIncludeTax(manager, id, this.config.taxes.pricesIncludeTax);
    const taxed = orderTaxTotals(
      items.map((item) => ({
        quantity: item.quantity,
        price: item.price,
        currency_code: itemCurrency(item, order).code,
        tax_rate_bp: item.tax_rate_bp,
      })),
      pricesIncludeTax,
    );
    return {
      ...toStaffOrder(order),
      prices_include_tax: pricesIncludeTax,
      items: items.map((item) => toItem(item, order)),
      mails: mails.map(toMailRow),
      taxes: taxed.currencies.map((c) => ({
        currency_code: c.currency,
        ht: fromMinor(c.ht, c.currency),
        tax: fromMinor(c.tax, c.currency),
        ttc: fromMinor(c.ttc, c.currency),
      })),
      converted_ttc: convertedTtcAmount(taxed, storedMoney(order)),
    };
  }

  /**
   * Extends a pending order's reservation by `days` from its current end (or from now when that has
   * passed). Conditional on the order still being pending and reserved, so it never revives an order
   * the hold job has just cancelled.
   */
  /**
   * Gives a pending request's held stock back without cancelling it (a suspicious or oversized hold:
   * staff quote it from the stock later). Conditional like the hold job, so the two never both act.
   */
  async releaseHold(id: number): Promise<StaffOrderDetail> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id }, relations: { items: true } });
      if (!order) throw notFound(NOT_FOUND);
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({ stock_reserved: false, hold_until: null, hold_state: null })
        .where('id = :id AND status = :status AND stock_reserved = :reserved', { id, status: 'pending', reserved: true })
        .execute();
      if (!result.affected) throw conflict(NOTHING_HELD);
      await moveOrderStock(manager, 'release', orderLines(order.items ?? []), forOrder(id));
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: id,
        label: order.order_num,
        action: 'update',
        changes: diffOf(
          { stock_reserved: true, hold_until: order.hold_until, hold_state: order.hold_state },
          { stock_reserved: false, hold_until: null, hold_state: null },
        ),
      });
      return this.get(id, manager);
    });
  }

  /**
   * « Réserver le stock »: a confirmed order that could not hold its stock when accepted (short then)
   * holds its quantities now, all or nothing, as acceptance does (409 listing what is still short).
   */
  async reserveStock(id: number, userId: number | null): Promise<StaffOrderDetail> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id }, relations: { items: true } });
      if (!order) throw notFound(NOT_FOUND);
      if (order.status !== 'inprogress' || order.stock_reserved) throw conflict(NOT_RESERVABLE);
      const quantities = new Map<number, number>();
      for (const item of order.items ?? [])
        if (item.product_id !== null) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.quantity);
      const short = await holdAllOrNothing(manager, quantities, forOrder(id, userId));
      if (short.length)
        throw conflict(
          `Stock insuffisant pour réserver la commande ${order.order_num} : ${short
            .map(
              (s) =>
                `« ${s.name} » (${s.available} disponible${s.available > 1 ? 's' : ''}, ${s.requested} demandé${s.requested > 1 ? 's' : ''})`,
            )
            .join(' ; ')}. Rien n’a été réservé : réceptionnez le stock manquant puis réessayez.`,
        );
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({ stock_reserved: true, hold_state: 'firm' })
        .where('id = :id AND status = :status AND stock_reserved = :reserved', { id, status: 'inprogress', reserved: false })
        .execute();
      if (!result.affected) throw conflict(NOT_RESERVABLE);
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: id,
        label: order.order_num,
        action: 'update',
        changes: diffOf({ stock_reserved: false }, { stock_reserved: true }),
      });
      return this.get(id, manager);
    });
  }

  async extendHold(id: number, { days }: OrderHoldDto): Promise<StaffOrderDetail> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOneBy({ id });
      if (!order) throw notFound(NOT_FOUND);
      if (order.status !== 'pending' || !order.stock_reserved) throw conflict(NOT_HELD);
      const now = Date.now();
      const from = Math.max(now, order.hold_until ? new Date(order.hold_until).getTime() : now);
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        // Staff extending a hold vouch for the request: a provisional hold becomes firm.
        .set({ hold_until: new Date(from + days * DAY_MS), hold_state: 'firm' })
        .where('id = :id AND status = :status AND stock_reserved = :reserved', { id, status: 'pending', reserved: true })
        .execute();
      if (!result.affected) throw conflict(NOT_HELD);
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: id,
        label: order.order_num,
        action: 'update',
        changes: diffOf({ hold_until: order.hold_until }, { hold_until: new Date(from + days * DAY_MS) }),
      });
      return this.get(id, manager);
    });
  }

  /**
   * Any status may follow any other (spec §4). Stock follows the status: going to "canceled" gives
   * the reserved quantities back; leaving "canceled" takes them again, or is refused (409, naming the
   * product) when the stock no longer has them. "shipped" stamps shipped_at; leaving it clears it.
   * The order row is changed with a condition on its previous state, so two concurrent changes (or a
   * change and the hold job's expiry) cannot both move the stock: the second one answers 409. The
   * client is e-mailed about "En cours", "Expédié" and "Annulé": the mails are written to the outbox in
   * the same transaction but wait STATUS_MAIL_DELAY_SECONDS, the window in which `undoStatus` can
   * take the change back and drop them (the mail worker's tick sends them after, on any replica).
   */
  async changeStatus(id: number, { status }: OrderStatusDto): Promise<{ order: StaffOrderDetail; undo_until: string | null }> {
    const mailIds: number[] = [];
    const delayMs = this.config.statusMailDelaySeconds * 1000;
    let undoUntil: string | null = null;
    const detail = await runTransaction(this.dataSource, async (manager) => {
      mailIds.length = 0;
      undoUntil = null;
      const order = await manager.getRepository(Order).findOne({ where: { id }, relations: { items: true } });
      if (!order) throw notFound(NOT_FOUND);
      if (order.status === status) return this.get(id, manager);
      assertNoDeliveredGoods(order.items ?? []);
      const reserve = status !== 'canceled';
      await this.moveStatus(manager, order, 'status', {
        status,
        stock_reserved: reserve,
        // A status set by staff is their decision: whatever is held from now on is held firmly.
        hold_state: reserve ? 'firm' : null,
        shipped_at: status === 'shipped' ? new Date() : null,
        // Back to "pending": a fresh reservation period; any other status: no expiry.
        hold_until: status === 'pending' ? new Date(Date.now() + this.config.quotes.holdDays * DAY_MS) : null,
      });
      undoUntil = new Date(Date.now() + delayMs).toISOString();
      // Only the transaction whose conditional UPDATE won gets here: one notice per change.
      const notice = NOTIFIED[status];
      if (notice) {
        const notBefore = delayMs > 0 ? new Date(Date.now() + delayMs) : undefined;
        for (const mail of clientNoticeMails(order, notice, this.config.company)) {
          mailIds.push((await this.mail.send({ ...mail, notBefore }, manager)).id);
        }
      }
      return this.get(id, manager);
    });
    this.mail.deliverAfter(mailIds, delayMs);
    return { order: detail, undo_until: delayMs > 0 ? undoUntil : null };
  }

  /**
   * « Annuler » a status change while its e-mails still wait (STATUS_MAIL_DELAY_SECONDS): the order
   * goes back to the status, hold and stock it had, the waiting mails are dropped, and the journal
   * records it as one entry. 409 once the window has passed, or when the order changed since.
   */
  async undoStatus(id: number): Promise<StaffOrderDetail> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id }, relations: { items: true } });
      if (!order) throw notFound(NOT_FOUND);
      const last = await manager.getRepository(AuditEntry).findOne({
        where: { entity: 'order', entity_id: id, action: In(['status', STATUS_UNDO_ACTION]) },
        order: { id: 'DESC' },
      });
      const changes = last?.changes ? (JSON.parse(last.changes) as Record<string, AuditChange>) : {};
      const windowMs = this.config.statusMailDelaySeconds * 1000;
      const now = Date.now();
      if (
        !last ||
        last.action !== 'status' ||
        changes.status?.after !== order.status ||
        new Date(last.created_at).getTime() + windowMs <= now
      ) {
        throw conflict(UNDO_TOO_LATE);
      }
      assertNoDeliveredGoods(order.items ?? []);
      const before = <T>(field: string, current: T): T => (field in changes ? (changes[field].before as T) : current);
      const dateOf = (value: unknown) => (value ? new Date(value as string) : null);
      // The mails of that change still wait their time: none can have been claimed by a worker yet.
      const notice = NOTIFIED[order.status];
      if (notice) {
        await manager
          .createQueryBuilder()
          .delete()
          .from(OutgoingMail)
          .where('related = :related AND kind = :kind AND status = :queued AND attempts = 0', {
            related: `order:${id}`,
            kind: `order-${notice}`,
            queued: 'queued',
          })
          .andWhere('next_attempt_at > :now', { now: new Date(now) })
          .execute();
      }
      await this.moveStatus(manager, order, STATUS_UNDO_ACTION, {
        status: before('status', order.status),
        stock_reserved: Boolean(before('stock_reserved', order.stock_reserved)),
        hold_state: before('hold_state', order.hold_state),
        shipped_at: dateOf(before('shipped_at', order.shipped_at)),
        hold_until: dateOf(before('hold_until', order.hold_until)),
      });
      return this.get(id, manager);
    });
  }

  /** Moves an order to `next` (row, journal entry, stock between the two states) in the caller's transaction. */
  private async moveStatus(
    manager: EntityManager,
    order: Order,
    action: AuditAction,
    next: Pick<Order, 'status' | 'stock_reserved' | 'hold_state' | 'shipped_at' | 'hold_until'>,
  ): Promise<void> {
    const wasReserved = Boolean(order.stock_reserved);
    const result = await manager
      .createQueryBuilder()
      .update(Order)
      .set({ ...next, cancel_reason: null })
      .where('id = :id AND status = :previous AND stock_reserved = :wasReserved', {
        id: order.id,
        previous: order.status,
        wasReserved,
      })
      .execute();
    if (!result.affected) throw conflict(CHANGED_MEANWHILE);
    // A conditional statement (see above): TypeORM cannot see the old values, so the entry is written here.
    // Hold and reservation are kept in it too: « Annuler » puts them back from this entry.
    const fields = ['status', 'shipped_at', 'stock_reserved', 'hold_state', 'hold_until'] as const;
    const pick = (from: typeof next) => Object.fromEntries(fields.map((f) => [f, from[f]]));
    await this.audit.record(manager, {
      entity: 'order',
      entity_id: order.id,
      label: order.order_num,
      action,
      changes: diffOf(pick({ ...order, stock_reserved: wasReserved }), pick(next)),
    });
    // Held, delivered (shipped) or neither: the ledger writes the movements between the two.
    await moveOrderBetween(
      manager,
      orderStockState(order.status, wasReserved),
      orderStockState(next.status, next.stock_reserved),
      orderLines(order.items ?? []),
      forOrder(order.id),
      (name, available, requested) =>
        `Impossible de rétablir la commande : stock insuffisant pour « ${name} » (${available} disponible${available > 1 ? 's' : ''}, ${requested} demandé${requested > 1 ? 's' : ''}).`,
    );
  }

  /** Deletes an order and its lines; an order that still holds stock gives it back. */
  async delete(id: number): Promise<void> {
    await runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id }, relations: { items: true } });
      if (!order) throw notFound(NOT_FOUND);
      assertNoDeliveredGoods(order.items ?? []);
      const result = await manager
        .createQueryBuilder()
        .delete()
        .from(Order)
        .where('id = :id AND status = :status AND stock_reserved = :reserved', {
          id,
          status: order.status,
          reserved: Boolean(order.stock_reserved),
        })
        .execute();
      if (!result.affected) throw conflict(CHANGED_MEANWHILE);
      const { items: _items, customer: _customer, ...columns } = order;
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: id,
        label: order.order_num,
        action: 'delete',
        changes: diffOf(columns, null),
      });
      await manager.getRepository(OrderItem).delete({ order_id: id });
      if (holdsStock(order)) await moveOrderStock(manager, 'release', orderLines(order.items ?? []), forOrder(id));
    });
  }
}

function toMailRow(mail: OutgoingMail): OrderMailRow {
  return {
    id: mail.id,
    kind: mail.kind,
    to: mail.to_address,
    subject: mail.subject,
    status: mail.status,
    with_devis: Boolean(mail.attachments?.includes('devis:')),
    created_at: new Date(mail.created_at).toISOString(),
    sent_at: mail.sent_at ? new Date(mail.sent_at).toISOString() : null,
  };
}
