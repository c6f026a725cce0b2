import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Product } from '../catalogue/entities/product.entity.js';
import { ApiError } from '../core/errors/api-error.js';

/**
 * Moves of product stock caused by orders. Call inside a transaction (`runTransaction`): a refusal
 * throws, and the transaction gives back whatever was already taken.
 *
 * Taking is one conditional statement per product, `stock = stock - q WHERE id = ? AND stock >= q`,
 * so two orders can never both take the last units, on SQLite (one writer at a time) as on MySQL
 * (the row is locked by the first UPDATE until its transaction ends). Products are visited in id
 * order so two transactions lock rows in the same order and cannot deadlock.
 */

export interface StockLine {
  /** null when the product was deleted since the order: nothing to move. */
  productId: number | null;
  quantity: number;
}

export type ShortageMessage = (productName: string, available: number, requested: number) => string;

export const defaultShortageMessage: ShortageMessage = (name, available, requested) =>
  `Stock insuffisant pour « ${name} » : ${available} disponible${available > 1 ? 's' : ''}, ${requested} demandé${requested > 1 ? 's' : ''}.`;

/** Not enough stock: 409 naming the product, with what is left so a cart or a screen can show it. */
export class InsufficientStock extends ApiError {
  constructor(message: string, productId: number, available: number) {
    super(HttpStatus.CONFLICT, message, { product_id: productId, available });
  }
}

/** Sums the quantities per product (an order may list a product twice), in product id order. */
function perProduct(lines: readonly StockLine[]): [number, number][] {
  const totals = new Map<number, number>();
  for (const line of lines) {
    if (line.productId === null || line.quantity <= 0) continue;
    totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return [...totals.entries()].sort((a, b) => a[0] - b[0]);
}

/** Takes the quantities from the products' stock, all or nothing: a 409 names the first product short. */
export async function takeStock(
  manager: EntityManager,
  lines: readonly StockLine[],
  message: ShortageMessage = defaultShortageMessage,
): Promise<void> {
  for (const [productId, quantity] of perProduct(lines)) {
    const result = await manager
      .createQueryBuilder()
      .update(Product)
      // An order moves the stock (and so the product's version): no staff member is named for it.
      .set({ stock: () => 'stock - :quantity', updated_by: null })
      .where('id = :productId AND stock >= :quantity', { productId, quantity })
      .execute();
    if (!result.affected) {
      // A locking read sees the latest committed stock (a plain read shows this transaction's snapshot on MySQL).
      const product = await manager.getRepository(Product).findOne({
        where: { id: productId },
        select: { id: true, name: true, stock: true },
        ...(manager.connection.options.type === 'better-sqlite3' ? {} : { lock: { mode: 'pessimistic_read' as const } }),
      });
      if (!product) continue; // Removed from the catalogue meanwhile: the line keeps its snapshot, nothing to take.
      throw new InsufficientStock(message(product.name, product.stock, quantity), product.id, product.stock);
    }
  }
}

/** Gives the quantities back to the products' stock (products deleted since are skipped). */
export async function giveStockBack(manager: EntityManager, lines: readonly StockLine[]): Promise<void> {
  for (const [productId, quantity] of perProduct(lines)) {
    await manager
      .createQueryBuilder()
      .update(Product)
      .set({ stock: () => 'stock + :quantity', updated_by: null })
      .where('id = :productId', { productId, quantity })
      .execute();
  }
}
