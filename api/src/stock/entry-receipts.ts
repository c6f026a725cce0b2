import type { EntityManager } from 'typeorm';
import { currentProduct } from '../catalogue/current-product.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { conflict, invalidField } from '../core/errors/api-error.js';
import type { StockEntry } from './entities/stock-entry.entity.js';
import { StockLot } from './entities/stock-lot.entity.js';
import { changeAvailable } from './ledger/stock-ledger.js';

/**
 * What a stock entry naming its product does to that product's stock (docs/order-model.md, "Stock:
 * one ledger"): creating it receives its quantity (a `receipt` movement and a lot keeping the expiry
 * date), editing the quantity writes the compensating `receipt` on the same lot, and changing or
 * removing the product, or deleting the entry, takes the whole receipt back. Whatever is taken back
 * must still be in the lot (not delivered nor written off) and available (not held by orders):
 * otherwise a French 409, and the caller's transaction gives everything back.
 */

type Receipt = Pick<StockEntry, 'id' | 'name' | 'product_id' | 'quantity' | 'expiry_date'>;

const forEntry = (entry: Receipt) => ({ documentType: 'stock_entry' as const, documentId: entry.id });

const plainDate = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** The product an entry names must exist (422 on the field otherwise); its row is locked. */
export async function assertReceivable(manager: EntityManager, productId: number): Promise<Product> {
  const product = await currentProduct(manager, productId);
  if (!product) throw invalidField('product_id', 'Ce produit n’existe pas.');
  return product;
}

async function lotOf(manager: EntityManager, entryId: number): Promise<StockLot | null> {
  return manager.getRepository(StockLot).findOne({
    where: { stock_entry_id: entryId },
    order: { id: 'DESC' },
    ...(manager.connection.options.type === 'better-sqlite3' ? {} : { lock: { mode: 'pessimistic_write' as const } }),
  });
}

const lotShort = (entry: Receipt, left: number, wanted: number) =>
  conflict(
    `Impossible : le lot de l’entrée « ${entry.name} » n’a plus que ${left} unité(s) en stock (les autres sont sorties), ${wanted} à retirer. ` +
      'Ajustez le stock du produit plutôt que l’entrée.',
  );

/** A new entry with a product: its receipt and its lot. */
export async function receiveEntry(manager: EntityManager, entry: Receipt): Promise<void> {
  if (entry.product_id === null) return;
  await assertReceivable(manager, entry.product_id);
  const inserted = await manager.getRepository(StockLot).insert({
    product_id: entry.product_id,
    stock_entry_id: entry.id,
    quantity_received: entry.quantity,
    quantity_left: entry.quantity,
    expires_at: plainDate(entry.expiry_date),
  });
  const lotId = Number(inserted.identifiers[0]!.id);
  await changeAvailable(manager, entry.product_id, 'receipt', entry.quantity, forEntry(entry), { lotId });
}

/** Takes an entry's whole receipt back (product changed or removed, entry deleted); its lot is emptied. */
export async function reverseEntry(manager: EntityManager, entry: Receipt): Promise<void> {
  if (entry.product_id === null) return;
  // The product's row first, then its lot: the order every stock move locks them in.
  await currentProduct(manager, entry.product_id);
  const lot = await lotOf(manager, entry.id);
  if (!lot || lot.product_id !== entry.product_id) return;
  if (lot.quantity_left < entry.quantity) throw lotShort(entry, lot.quantity_left, entry.quantity);
  await manager.getRepository(StockLot).update({ id: lot.id }, { quantity_left: lot.quantity_left - entry.quantity });
  await changeAvailable(manager, entry.product_id, 'receipt', -entry.quantity, forEntry(entry), { lotId: lot.id });
}

/** An edited entry: the difference on the same lot, or the old receipt reversed and the new one made. */
export async function correctEntry(manager: EntityManager, before: Receipt, after: Receipt): Promise<void> {
  if (before.product_id !== after.product_id) {
    await reverseEntry(manager, before);
    await receiveEntry(manager, after);
    return;
  }
  if (after.product_id === null) return;
  await currentProduct(manager, after.product_id);
  const lot = await lotOf(manager, after.id);
  if (!lot) return receiveEntry(manager, after);
  const delta = after.quantity - before.quantity;
  if (lot.quantity_left + delta < 0) throw lotShort(after, lot.quantity_left, -delta);
  await manager.getRepository(StockLot).update(
    { id: lot.id },
    {
      quantity_received: lot.quantity_received + delta,
      quantity_left: lot.quantity_left + delta,
      expires_at: plainDate(after.expiry_date),
    },
  );
  if (delta !== 0) await changeAvailable(manager, after.product_id, 'receipt', delta, forEntry(after), { lotId: lot.id });
}
