import type { EntityManager } from 'typeorm';
import { CURRENCY_SYMBOLS, fromCents, toCents } from '../common/money.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import type { Order } from '../orders/entities/order.entity.js';
import { storeOrderListColumns } from '../orders/order-list-columns.js';
import { currentProduct } from '../catalogue/current-product.js';
import {
  forOrder,
  holdStock,
  moveOrderStock,
  type MovementContext,
  type ShortageMessage,
  type StockLine,
} from '../stock/ledger/stock-ledger.js';
import { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import type { QuoteVersion } from './entities/quote-version.entity.js';

type Keyed = { product_id: number | null; product_name: string };

/** A line's identity across documents: its product, or its name when it names none (a service, a free line). */
const keyOf = (line: Keyed) => (line.product_id !== null ? `p:${line.product_id}` : `n:${line.product_name}`);

/**
 * Pairs each line of a quote version with the order line that carries its deliveries: the k-th line
 * of a product in the version with the k-th order line of that product (order lines by id). Accepting
 * a version makes the order's lines match it one to one (adoptAcceptedVersion), so every line pairs.
 */
export function pairQuoteLines<Q extends Keyed & { id: number }, I extends Keyed & { id: number }>(
  quoteLines: readonly Q[],
  items: readonly I[],
): Map<number, I> {
  const pool = new Map<string, I[]>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) pool.set(keyOf(item), [...(pool.get(keyOf(item)) ?? []), item]);
  const pairs = new Map<number, I>();
  for (const line of quoteLines) {
    const item = pool.get(keyOf(line))?.shift();
    if (item) pairs.set(line.id, item);
  }
  return pairs;
}

/** The client is told what to do when a revised quantity cannot be held any more. */
const shortage: ShortageMessage = (name, available, requested) =>
  `Le stock de « ${name} » ne permet plus d’en réserver ${requested} de plus (${available} disponible${available > 1 ? 's' : ''}) : écrivez-nous ci-dessous, notre équipe mettra le devis à jour.`;

/**
 * Accepting a version makes it the order's lines (docs/order-model.md, "Order state"): quantities
 * changed by a revision, lines added or removed. Deliveries then measure what remains against the
 * accepted quantities, and an order that holds its stock holds exactly them: what the revision added
 * is held (`hold`, refused with a 409 when short), what it removed released (`release`), through the
 * ledger, in the acceptance's transaction. An order that held nothing holds its accepted quantities
 * when the stock has them all (`reserved`). Order lines keep their request price; an added line takes
 * the quote's price.
 */
export async function adoptAcceptedVersion(
  manager: EntityManager,
  order: Order,
  version: QuoteVersion,
): Promise<{ reserved: boolean }> {
  const items = await manager.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
  const lines = await manager
    .getRepository(QuoteVersionLine)
    .find({ where: { quote_version_id: version.id }, order: { position: 'ASC', id: 'ASC' } });
  const pairs = pairQuoteLines(lines, items);
  const paired = new Set([...pairs.values()].map((item) => item.id));
  const before = new Map<number, number>();
  const after = new Map<number, number>();
  const count = (into: Map<number, number>, productId: number | null, quantity: number) => {
    if (productId !== null) into.set(productId, (into.get(productId) ?? 0) + quantity);
  };
  for (const item of items) count(before, item.product_id, item.quantity);
  for (const line of lines) count(after, line.product_id, line.quantity);

  const repo = manager.getRepository(OrderItem);
  for (const line of lines) {
    const item = pairs.get(line.id);
    if (item && item.quantity !== line.quantity)
      await repo.update(
        { id: item.id },
        { quantity: line.quantity, total_price: fromCents(toCents(item.price) * BigInt(line.quantity)) },
      );
    else if (!item)
      await repo.insert({
        order_id: order.id,
        product_id: line.product_id,
        product_name: line.product_name,
        product_reference: line.product_reference,
        quantity: line.quantity,
        delivered_quantity: 0,
        price: line.unit_price,
        total_price: fromCents(toCents(line.unit_price) * BigInt(line.quantity)),
        currency_code: line.currency_code,
        currency_symbol: CURRENCY_SYMBOLS[line.currency_code] ?? line.currency_code,
        tax_rate_bp: line.tax_rate_bp,
      });
  }
  // Nothing was delivered yet (only a pending request is accepted): a line the revision removed goes.
  const removed = items.filter((item) => !paired.has(item.id));
  if (removed.length) await repo.delete(removed.map((item) => item.id));
  // The list's « Lignes » sort reads the order's number of lines (orders/order-list-columns.ts).
  await storeOrderListColumns(manager, [order.id]);

  const context = forOrder(order.id, null);
  if (!order.stock_reserved) return { reserved: !(await holdAllOrNothing(manager, after, context)).length };
  const more: StockLine[] = [];
  const less: StockLine[] = [];
  for (const productId of new Set([...before.keys(), ...after.keys()])) {
    const delta = (after.get(productId) ?? 0) - (before.get(productId) ?? 0);
    if (delta > 0) more.push({ productId, quantity: delta });
    if (delta < 0) less.push({ productId, quantity: -delta });
  }
  await moveOrderStock(manager, 'release', less, context);
  await holdStock(manager, more, context, shortage);
  return { reserved: true };
}

/** A product whose available stock is below what an order needs held. */
export interface StockShortage {
  name: string;
  available: number;
  requested: number;
}

/**
 * An order that held nothing (a request above the hoarding limits, or released by staff) holds its
 * quantities (per product) when the stock has them all, under the products' row locks (read first, so
 * a shortage moves nothing): at acceptance, and by staff's « Réserver le stock » on a confirmed order.
 * Answers what is short (nothing held) or an empty list (all held).
 */
export async function holdAllOrNothing(
  manager: EntityManager,
  quantities: ReadonlyMap<number, number>,
  context: MovementContext,
): Promise<StockShortage[]> {
  const lines = [...quantities.entries()].sort((a, b) => a[0] - b[0]);
  const short: StockShortage[] = [];
  for (const [productId, quantity] of lines) {
    const product = await currentProduct(manager, productId);
    if (product && product.stock < quantity) short.push({ name: product.name, available: product.stock, requested: quantity });
  }
  if (short.length) return short;
  await holdStock(
    manager,
    lines.map(([productId, quantity]) => ({ productId, quantity })),
    context,
  );
  return [];
}
