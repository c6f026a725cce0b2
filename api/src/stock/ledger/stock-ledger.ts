import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentProduct } from '../../catalogue/current-product.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { currentActor } from '../../audit/audit-context.js';
import { ApiError, conflict } from '../../core/errors/api-error.js';
import { StockLot } from '../entities/stock-lot.entity.js';
import { StockMovement, type MovementDocument, type MovementKind } from '../entities/stock-movement.entity.js';

/**
 * The stock ledger (docs/order-model.md, "Stock: one ledger"): the only code that changes a product's
 * `stock` (available) and `held` columns, each change with its `stock_movements` row in the caller's
 * transaction (`runTransaction`). A refusal throws, and the transaction gives back whatever was
 * already moved.
 *
 * Each change is one conditional statement per product, `stock = stock - q WHERE id = ? AND stock >= q`
 * (and likewise for `held`), so two transactions can never both take the last units, on SQLite (one
 * writer at a time) as on MySQL/MariaDB (the row is locked by the first UPDATE until its transaction
 * ends). Products are visited in id order so two transactions lock rows in the same order and cannot
 * deadlock; a product's lots are read and changed only after its row is locked.
 */

export interface StockLine {
  /** null when the product was deleted since the order: nothing to move. */
  productId: number | null;
  quantity: number;
}

/**
 * Who moved the stock and why: the staff member (null for the public or the system; left out, the
 * current request's signed-in user, as the audit journal reads it) and the document.
 */
export interface MovementContext {
  userId?: number | null;
  documentType?: MovementDocument | null;
  documentId?: number | null;
  reason?: string | null;
  comment?: string | null;
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

const isSqliteManager = (manager: EntityManager) => manager.connection.options.type === 'better-sqlite3';

export interface Deltas {
  available: number;
  held: number;
}

/**
 * Changes one product's columns by the deltas, provided neither goes below zero; false when refused
 * (not enough, or the product is gone). Bumps the product's version like any change of the product.
 */
async function shift(
  manager: EntityManager,
  productId: number,
  { available, held }: Deltas,
  withEdit: boolean,
): Promise<boolean> {
  const result = await manager
    .createQueryBuilder()
    .update(Product)
    .set(
      withEdit
        ? // Part of a product form's save, which already counted the new version and named its author.
          { stock: () => 'stock + :available', held: () => 'held + :held', version: () => 'version' }
        : // A stock move is not an edit of the product form: no staff member is named for it.
          { stock: () => 'stock + :available', held: () => 'held + :held', updated_by: null },
    )
    .where('id = :productId AND stock >= :needAvailable AND held >= :needHeld', {
      productId,
      available,
      held,
      needAvailable: Math.max(0, -available),
      needHeld: Math.max(0, -held),
    })
    .execute();
  return Boolean(result.affected);
}

/** One movement row as the ledger writes it (also for writers of many rows at once: the imports). */
export function movementRow(
  productId: number,
  kind: MovementKind,
  deltas: Deltas,
  context: MovementContext,
  lotId: number | null,
) {
  return {
    product_id: productId,
    lot_id: lotId,
    kind,
    available_delta: deltas.available,
    held_delta: deltas.held,
    reason: context.reason ?? null,
    comment: context.comment ?? null,
    document_type: context.documentType ?? null,
    document_id: context.documentId ?? null,
    user_id: context.userId === undefined ? (currentActor()?.userId ?? null) : context.userId,
  };
}

/**
 * Takes a lower on-hand quantity out of the product's lots, first-expiring first (undated last), or out
 * of the one lot named. Returns the movement split per lot; what no lot covers (stock from before
 * lots, or an opening balance) moves without a lot. Call after the product's row is locked.
 */
async function consumeLots(
  manager: EntityManager,
  productId: number,
  quantity: number,
  lotId: number | null,
): Promise<{ lotId: number | null; quantity: number }[]> {
  const qb = manager
    .getRepository(StockLot)
    .createQueryBuilder('lot')
    .where('lot.product_id = :productId AND lot.quantity_left > 0', { productId })
    .orderBy('CASE WHEN lot.expires_at IS NULL THEN 1 ELSE 0 END', 'ASC')
    .addOrderBy('lot.expires_at', 'ASC')
    .addOrderBy('lot.id', 'ASC');
  if (lotId !== null) qb.andWhere('lot.id = :lotId', { lotId });
  if (!isSqliteManager(manager)) qb.setLock('pessimistic_write');
  const lots = await qb.getMany();
  if (lotId !== null && (lots[0]?.quantity_left ?? 0) < quantity) {
    throw conflict(`Ce lot n’a plus que ${lots[0]?.quantity_left ?? 0} unité(s) : impossible d’en retirer ${quantity}.`);
  }
  const parts: { lotId: number | null; quantity: number }[] = [];
  let left = quantity;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity_left);
    await manager
      .createQueryBuilder()
      .update(StockLot)
      .set({ quantity_left: () => 'quantity_left - :take' })
      .where('id = :id AND quantity_left >= :take', { id: lot.id, take })
      .execute();
    parts.push({ lotId: lot.id, quantity: take });
    left -= take;
  }
  if (left > 0) parts.push({ lotId: null, quantity: left });
  return parts;
}

export interface MoveOptions {
  /** The lot that moved (a receipt and its corrections), or the one to take from (an adjustment). */
  lotId?: number | null;
  /** An on-hand decrease takes from lots, first-expiring first (deliveries, write-offs). */
  consumeLots?: boolean;
  /** Written by a product form's save (same version, same author). */
  withEdit?: boolean;
  /**
   * The caller already set the product's columns, under the row lock of its own audited save (the
   * product form, whose history must show the stock before and after): only the movement is written.
   */
  columnsSet?: boolean;
}

/**
 * One movement of one product: the conditional update and its row(s). `refused` explains a refusal
 * (the caller's 409). An on-hand decrease consumes lots (see consumeLots) unless `lotId` already
 * says which lot moved (receipts and their corrections keep their lot themselves).
 */
export async function move(
  manager: EntityManager,
  productId: number,
  kind: MovementKind,
  deltas: Deltas,
  context: MovementContext,
  options: MoveOptions & { refused: (product: Product | null) => Error },
): Promise<void> {
  if (deltas.available === 0 && deltas.held === 0) return;
  if (!options.columnsSet && !(await shift(manager, productId, deltas, options.withEdit ?? false)))
    throw options.refused(await currentProduct(manager, productId));
  const onHand = deltas.available + deltas.held;
  const rows =
    options.consumeLots && onHand < 0
      ? (await consumeLots(manager, productId, -onHand, options.lotId ?? null)).map((part) =>
          // One row per lot consumed: the side that decreases (available or held) carries the part.
          movementRow(
            productId,
            kind,
            { available: deltas.available < 0 ? -part.quantity : 0, held: deltas.held < 0 ? -part.quantity : 0 },
            context,
            part.lotId,
          ),
        )
      : [movementRow(productId, kind, deltas, context, options.lotId ?? null)];
  await manager.getRepository(StockMovement).insert(rows);
}

/** A product removed from the catalogue since the order: the line keeps its snapshot, nothing to move. */
const skip = new Error('product removed');
const gone = () => conflict('Ce produit n’existe plus.');

/**
 * An order takes its quantities from the available stock into `held` (a `hold`), all or nothing:
 * a 409 names the first product short. Products deleted meanwhile are skipped.
 */
export async function holdStock(
  manager: EntityManager,
  lines: readonly StockLine[],
  context: MovementContext,
  message: ShortageMessage = defaultShortageMessage,
): Promise<void> {
  for (const [productId, quantity] of perProduct(lines)) {
    try {
      await move(manager, productId, 'hold', { available: -quantity, held: quantity }, context, {
        refused: (product) =>
          product ? new InsufficientStock(message(product.name, product.stock, quantity), product.id, product.stock) : skip,
      });
    } catch (error) {
      if (error !== skip) throw error;
    }
  }
}

/** The kinds of give-back and what they move per unit. */
const GIVE_BACK: Record<'release' | 'delivery' | 'return' | 'return_to_hold', { kind: MovementKind; deltas: Deltas }> = {
  // A hold ends (cancellation, expiry, hold released): held goes back to available.
  release: { kind: 'release', deltas: { available: 1, held: -1 } },
  // The goods left the warehouse.
  delivery: { kind: 'delivery', deltas: { available: 0, held: -1 } },
  // Delivered goods come back, available again (a shipped order cancelled).
  return: { kind: 'return', deltas: { available: 1, held: 0 } },
  // Delivered goods come back to the order, held again (a shipped order set back to pending or in progress).
  return_to_hold: { kind: 'return', deltas: { available: 0, held: 1 } },
};

/**
 * Moves an order's quantities out of `held`: `release` back to available, `delivery` out of the
 * warehouse (consuming lots first-expiring first), `return` of delivered goods. A product whose held
 * quantity is smaller than the order's (never, while the ledger agrees) answers 409.
 */
export async function moveOrderStock(
  manager: EntityManager,
  how: keyof typeof GIVE_BACK,
  lines: readonly StockLine[],
  context: MovementContext,
): Promise<void> {
  const { kind, deltas } = GIVE_BACK[how];
  for (const [productId, quantity] of perProduct(lines)) {
    try {
      await move(manager, productId, kind, { available: deltas.available * quantity, held: deltas.held * quantity }, context, {
        consumeLots: how === 'delivery',
        refused: (product) =>
          product
            ? conflict(
                `Stock réservé incohérent pour « ${product.name} » : ${product.held} réservé${product.held > 1 ? 's' : ''}, ${quantity} à déplacer.`,
              )
            : skip,
      });
    } catch (error) {
      if (error !== skip) throw error;
    }
  }
}

/** The order's lines, as the ledger reads them. */
export const orderLines = (items: readonly { product_id: number | null; quantity: number }[]): StockLine[] =>
  items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));

/** The context of a move made for an order. */
export const forOrder = (orderId: number, userId: number | null = null): MovementContext => ({
  userId,
  documentType: 'order',
  documentId: orderId,
});

/** A change of the available quantity by staff or a receipt (`delta` signed); refuses to go below 0. */
export async function changeAvailable(
  manager: EntityManager,
  productId: number,
  kind: Extract<MovementKind, 'receipt' | 'adjustment' | 'count' | 'opening'>,
  delta: number,
  context: MovementContext,
  options: MoveOptions = {},
): Promise<void> {
  await move(manager, productId, kind, { available: delta, held: 0 }, context, {
    ...options,
    refused: (product) =>
      product
        ? new InsufficientStock(
            `Stock disponible insuffisant pour « ${product.name} » : ${product.stock} disponible${product.stock > 1 ? 's' : ''}, impossible d’en retirer ${-delta}.`,
            product.id,
            product.stock,
          )
        : gone(),
  });
}

/** Where an order's quantities are: nowhere (not reserved, or cancelled), held, or delivered (shipped). */
export type OrderStockState = 'none' | 'held' | 'delivered';

export const orderStockState = (status: string, reserved: boolean): OrderStockState =>
  !reserved ? 'none' : status === 'shipped' ? 'delivered' : 'held';

/**
 * The movements that take an order's quantities from one state to another (a staff status change):
 * held → delivered is a `delivery`, held → none a `release`, delivered → none or held a `return`,
 * none → held a `hold` (refused with `message` when short), none → delivered a hold then a delivery.
 */
export async function moveOrderBetween(
  manager: EntityManager,
  from: OrderStockState,
  to: OrderStockState,
  lines: readonly StockLine[],
  context: MovementContext,
  message: ShortageMessage = defaultShortageMessage,
): Promise<void> {
  if (from === to) return;
  if (from === 'none') {
    await holdStock(manager, lines, context, message);
    if (to === 'delivered') await moveOrderStock(manager, 'delivery', lines, context);
  } else if (from === 'held') {
    await moveOrderStock(manager, to === 'delivered' ? 'delivery' : 'release', lines, context);
  } else {
    await moveOrderStock(manager, to === 'held' ? 'return_to_hold' : 'return', lines, context);
  }
}
