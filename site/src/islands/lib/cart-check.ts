import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductAnswer } from '@comptoir/api/contract';
import { formatPrice } from '../../lib/format';
import { acceptPrice, getCart, removeItem, setQuantity, updatePrice, updateStock, type CartItem } from './cart';
import { api } from './http';

/**
 * The cart is checked against the live catalogue when the order dialog opens and again just before
 * the order is sent: each item that cannot be ordered as it is gets its reason and a
 * one-click fix, instead of a refused order that does not say which product is at fault.
 */
export type CartIssue =
  | { kind: 'gone'; text: string; fix: string }
  | { kind: 'out'; text: string; fix: string }
  | { kind: 'short'; available: number; text: string; fix: string }
  | { kind: 'price'; text: string; fix: string };

export const CART_CHECK_TEXTS = {
  gone: 'Ce produit n’est plus disponible.',
  out: 'Rupture de stock : ce produit ne peut pas être commandé pour le moment.',
  short: (n: number) => `Il n’en reste que ${n} en stock.`,
  remove: 'Retirer du panier',
  reduce: (n: number) => `Commander ${n}`,
  price: (name: string, before: string, after: string) => `Le prix de ${name} est passé de ${before} à ${after}.`,
  acceptPrice: 'J’accepte le nouveau prix',
  blocked: 'Certains articles de votre panier ne peuvent pas être commandés tels quels : corrigez-les ci-dessous.',
} as const;

/** Why an item cannot be ordered as it is, from what is known of it (`gone`: the catalogue no longer has it). */
export function issueOf(item: CartItem, gone: ReadonlySet<number>): CartIssue | null {
  if (gone.has(item.id)) return { kind: 'gone', text: CART_CHECK_TEXTS.gone, fix: CART_CHECK_TEXTS.remove };
  // A changed price is shown and must be accepted before the request is sent.
  if (item.previousPrice !== undefined)
    return {
      kind: 'price',
      text: CART_CHECK_TEXTS.price(
        item.name,
        formatPrice(item.previousPrice, item.currency.symbol),
        formatPrice(item.price, item.currency.symbol),
      ),
      fix: CART_CHECK_TEXTS.acceptPrice,
    };
  if (item.stock <= 0) return { kind: 'out', text: CART_CHECK_TEXTS.out, fix: CART_CHECK_TEXTS.remove };
  if (item.quantity > item.stock)
    return {
      kind: 'short',
      available: item.stock,
      text: CART_CHECK_TEXTS.short(item.stock),
      fix: CART_CHECK_TEXTS.reduce(item.stock),
    };
  return null;
}

/** Applies an issue's one-click fix. */
export function fixIssue(item: CartItem, issue: CartIssue): void {
  if (issue.kind === 'short') setQuantity(item.id, issue.available);
  else if (issue.kind === 'price') acceptPrice(item.id);
  else removeItem(item.id);
}

/**
 * Re-reads every cart product's stock (public product route, never cached). Answers the ids the
 * catalogue no longer has; a product that could not be read (network) keeps what was known.
 */
export async function recheckCart(): Promise<Set<number>> {
  const gone = new Set<number>();
  await Promise.all(
    getCart().map(async (item) => {
      const result = await api<ProductAnswer>(`/api/product/${item.id}`);
      if (result.ok) {
        updateStock(item.id, result.data.product.stock);
        updatePrice(item.id, result.data.product.price);
      } else if (result.status === 404) gone.add(item.id);
    }),
  );
  return gone;
}

/** The check as a hook: runs when `open` turns true; `check()` runs it again (before sending). */
export function useCartCheck(open: boolean): { gone: ReadonlySet<number>; checking: boolean; check: () => Promise<Set<number>> } {
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [checking, setChecking] = useState(false);
  const active = useRef(true);
  useEffect(
    () => () => {
      active.current = false;
    },
    [],
  );
  const check = useCallback(async () => {
    setChecking(true);
    const found = await recheckCart();
    if (active.current) {
      setGone(found);
      setChecking(false);
    }
    return found;
  }, []);
  useEffect(() => {
    if (open) void check();
  }, [open, check]);
  return { gone, checking, check };
}
