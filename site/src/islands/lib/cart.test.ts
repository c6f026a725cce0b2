import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const { notify } = await import('./toast');
const cart = await import('./cart');

const pump = { id: 7, name: 'Pompe immergée', price: '68000.00', stock: 3, image: null, currency: { symbol: 'FCFA' } };
const gloves = { id: 9, name: 'Gants', price: '19.99', stock: 50, image: null, currency: { symbol: '€' } };
const stored = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as { id: number; quantity: number }[] | null;

beforeEach(() => {
  cart.clearCart();
  vi.clearAllMocks();
});

describe('the cart kept in the browser', () => {
  it('adds a product once, saved under the spec’s `cart` key, and refuses it a second time', () => {
    expect(cart.addToCart(pump)).toBe(true);
    expect(notify.success).toHaveBeenCalledWith(cart.CART_TEXTS.added);
    expect(stored()).toEqual([expect.objectContaining({ id: 7, quantity: 1 })]);
    expect(cart.addToCart(pump)).toBe(false);
    expect(notify.error).toHaveBeenCalledWith(cart.CART_TEXTS.duplicate);
    expect(cart.getCart()).toHaveLength(1);
  });

  it('refuses an exhausted product and more than the stock', () => {
    expect(cart.addToCart({ ...pump, stock: 0 })).toBe(false);
    expect(cart.addToCart(pump, 4)).toBe(false);
    expect(notify.error).toHaveBeenLastCalledWith(cart.CART_TEXTS.outOfStock);
    expect(cart.getCart()).toEqual([]);
  });

  it('keeps quantities within 1..stock and says when the stock is short', () => {
    cart.addToCart(pump);
    expect(cart.setQuantity(7, 10)).toBe(true);
    expect(cart.getCart()[0]!.quantity).toBe(3);
    expect(notify.error).toHaveBeenCalledWith(cart.CART_TEXTS.outOfStock);
    expect(cart.setQuantity(7, 0)).toBe(true);
    expect(cart.getCart()[0]!.quantity).toBe(1);
    expect(cart.setQuantity(7, 2.7)).toBe(true);
    expect(cart.getCart()[0]!.quantity).toBe(2);
  });

  it('takes one unit out, then the product when none is left', () => {
    cart.addToCart(pump, 2);
    cart.removeOne(7);
    expect(cart.getCart()[0]!.quantity).toBe(1);
    cart.removeOne(7);
    expect(cart.getCart()).toEqual([]);
    expect(notify.info).toHaveBeenCalledWith(cart.CART_TEXTS.removed);
  });

  it('shows a changed price beside the old one until the visitor accepts it', () => {
    cart.addToCart(pump);
    cart.updatePrice(7, '75000.00');
    expect(cart.getCart()[0]).toMatchObject({ price: '75000.00', previousPrice: '68000.00' });
    cart.updatePrice(7, '76000.00');
    expect(cart.getCart()[0]).toMatchObject({ price: '76000.00', previousPrice: '68000.00' });
    cart.acceptPrice(7);
    expect(cart.getCart()[0]!.previousPrice).toBeUndefined();
    expect(cart.getCart()[0]!.price).toBe('76000.00');
  });

  it('totals each currency apart, in exact minor units', () => {
    cart.addToCart(pump, 3);
    cart.addToCart(gloves, 3);
    expect(cart.cartTotals(cart.getCart())).toEqual([
      { symbol: 'FCFA', cents: 20_400_000 },
      { symbol: '€', cents: 5997 },
    ]);
  });

  it('reads a corrupted or foreign `cart` value as an empty cart, keeping the valid items', async () => {
    localStorage.setItem('cart', JSON.stringify([{ id: 'x' }, { ...pump, quantity: 2 }, 42]));
    vi.resetModules();
    const fresh = await import('./cart');
    expect(fresh.getCart()).toEqual([expect.objectContaining({ id: 7, quantity: 2 })]);
    localStorage.setItem('cart', '{not json');
    vi.resetModules();
    expect((await import('./cart')).getCart()).toEqual([]);
  });
});
