import type { EntityManager } from 'typeorm';
import { Hook } from '../common/hook.js';

/**
 * The product form's stock figure moves stock through the stock ledger, which stands above the
 * catalogue (its rows are products): the stock module registers here, when it starts, how a new
 * product's figure opens its stock and how a changed figure is adjusted, both run in the product
 * save's transaction. Unlike the other hooks, one of them must be there: a form's stock never
 * bypasses the ledger.
 */
export const PRODUCT_FORM_STOCK = {
  /** A new product's figure: its opening balance. */
  opening: new Hook<(manager: EntityManager, productId: number, quantity: number) => Promise<void>>(),
  /** A saved figure that differs from `before`, columns already set by the product's audited save. */
  adjusted: new Hook<(manager: EntityManager, productId: number, before: number, typed: number) => Promise<void>>(),
};

/** The ledger's writer of one of the form's moves, registered by the stock module. */
export function formStock<F extends (...args: never[]) => unknown>(hook: Hook<F>): F {
  const write = hook.get('stock');
  if (!write) throw new Error('The stock module did not register the product form’s stock moves.');
  return write;
}
