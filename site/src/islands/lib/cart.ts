/**
 * The cart: jotai state persisted in localStorage under the key `cart` (spec section 3), shared by
 * every island of the page through jotai's default store, and kept in step between tabs by the
 * `storage` event. Actions are plain functions so any island (or a test) can call them.
 */
import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { notify } from './toast';

export interface CartItem {
  id: number;
  name: string;
  /** Unit price as the catalogue showed it (indicative: the server prices the order itself). */
  price: string;
  stock: number;
  image: string | null;
  currency: { symbol: string; name?: string };
  quantity: number;
  /** The price shown before the server said it changed, until the visitor accepts the new one. */
  previousPrice?: string;
}

/** What an island knows of a product when it adds it to the cart. */
export type CartProduct = Omit<CartItem, 'quantity'>;

export const CART_TEXTS = {
  duplicate: 'Le produit existe déjà dans le panier',
  added: 'Produit bien ajouté au panier',
  removed: 'Le produit a bien été supprimé du panier',
  outOfStock: 'Stock épuisé',
} as const;

function isCartItem(value: unknown): value is CartItem {
  const v = value as CartItem;
  return (
    !!v &&
    typeof v === 'object' &&
    Number.isInteger(v.id) &&
    typeof v.name === 'string' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1 &&
    typeof v.currency === 'object' &&
    v.currency !== null
  );
}

// The default JSON storage is window.localStorage, guarded for the build (no window there).
const jsonStorage = createJSONStorage<unknown>();
/** A corrupted or foreign value under `cart` is read as an empty cart rather than crashing the page. */
const storage = {
  ...jsonStorage,
  getItem: (key: string, initial: CartItem[]): CartItem[] => {
    const value = jsonStorage.getItem(key, initial);
    return Array.isArray(value) ? value.filter(isCartItem) : initial;
  },
  setItem: (key: string, value: CartItem[]) => {
    try {
      jsonStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the cart still works for this page.
    }
    // The header's cart count (a plain script, outside React) follows the changes of this tab.
    window.dispatchEvent(new Event('comptoir:cart-change'));
  },
  subscribe: jsonStorage.subscribe
    ? (key: string, callback: (value: CartItem[]) => void, initial: CartItem[]) =>
        jsonStorage.subscribe!(key, (value) => callback(Array.isArray(value) ? value.filter(isCartItem) : initial), initial)
    : undefined,
};

/** The cart's key in localStorage (the early script, components/EarlyCart.astro, writes it too). */
export const CART_KEY = 'cart';
export const cartAtom = atomWithStorage<CartItem[]>(CART_KEY, [], storage, { getOnInit: true });

/** Number of distinct products in the cart (the badge of "Mon panier"). */
export const cartCountAtom = atom((get) => get(cartAtom).length);

/** Whether the order dialog is open; "Commander maintenant" on a product page opens it too. */
export const orderDialogOpenAtom = atom(false);

const store = getDefaultStore();

/** Where the cart's state lives between the early-tap script and the islands. */
export const OPEN_CART_NOTE = 'comptoir:open-cart';

// A tap recorded by the early script (components/EarlyCart.astro) before this island hydrated, while
// another island of the page already had: the store reads the cart again from localStorage.
if (typeof window !== 'undefined')
  window.addEventListener('comptoir:cart-recorded', () => store.set(cartAtom, storage.getItem(CART_KEY, [])));

export function getCart(): CartItem[] {
  return store.get(cartAtom);
}

/**
 * The one quantity rule of the shop: a whole number within 1..stock (1 when the stock is unknown or 0).
 * Answers the quantity and whether more than the stock was asked for (the "Stock épuisé" notice).
 */
export function clampQuantity(wanted: number, stock: number): [number, boolean] {
  const whole = Number.isFinite(wanted) ? Math.floor(wanted) : 1;
  const max = Math.max(1, stock);
  return [Math.min(max, Math.max(1, whole)), whole > stock];
}

/** Adds a product; refuses a product already in the cart and an exhausted one. */
export function addToCart(product: CartProduct, quantity = 1, options: { silentIfPresent?: boolean } = {}): boolean {
  const cart = store.get(cartAtom);
  if (cart.some((item) => item.id === product.id)) {
    if (!options.silentIfPresent) notify.error(CART_TEXTS.duplicate);
    return false;
  }
  if (product.stock <= 0 || quantity > product.stock) {
    notify.error(CART_TEXTS.outOfStock);
    return false;
  }
  store.set(cartAtom, [...cart, { ...product, quantity: Math.max(1, Math.floor(quantity)) }]);
  notify.success(CART_TEXTS.added);
  return true;
}

export function isInCart(id: number): boolean {
  return store.get(cartAtom).some((item) => item.id === id);
}

/**
 * Sets an item's quantity, kept within 1..stock where the visitor sees it: asking for more than the
 * stock sets the stock and says "Stock épuisé"; less than 1 sets 1. False when nothing changed.
 */
export function setQuantity(id: number, quantity: number): boolean {
  const cart = store.get(cartAtom);
  const item = cart.find((i) => i.id === id);
  if (!item || !Number.isFinite(quantity)) return false;
  const [wanted, over] = clampQuantity(quantity, item.stock);
  if (over) notify.error(CART_TEXTS.outOfStock);
  if (wanted === item.quantity) return false;
  store.set(
    cartAtom,
    cart.map((i) => (i.id === id ? { ...i, quantity: wanted } : i)),
  );
  return true;
}

/** Removal through the cart: one unit less, and the item leaves the cart when it reaches 0. */
export function removeOne(id: number): void {
  const cart = store.get(cartAtom);
  const item = cart.find((i) => i.id === id);
  if (!item) return;
  if (item.quantity > 1) {
    store.set(
      cartAtom,
      cart.map((i) => (i.id === id ? { ...i, quantity: i.quantity - 1 } : i)),
    );
    return;
  }
  store.set(
    cartAtom,
    cart.filter((i) => i.id !== id),
  );
  notify.info(CART_TEXTS.removed);
}

/** Takes an item out of the cart whatever its quantity (a product no longer orderable). */
export function removeItem(id: number): void {
  const cart = store.get(cartAtom);
  if (!cart.some((i) => i.id === id)) return;
  store.set(
    cartAtom,
    cart.filter((i) => i.id !== id),
  );
  notify.info(CART_TEXTS.removed);
}

/** Updates the known stock of an item (after a live read or a refused order). */
export function updateStock(id: number, stock: number): void {
  const cart = store.get(cartAtom);
  if (!cart.some((i) => i.id === id && i.stock !== stock)) return;
  store.set(
    cartAtom,
    cart.map((i) => (i.id === id ? { ...i, stock } : i)),
  );
}

/**
 * The catalogue's current price of an item (read when the cart opens and before sending): a different
 * price replaces the one shown and is kept beside it until the visitor accepts it.
 */
export function updatePrice(id: number, price: string): void {
  const cart = store.get(cartAtom);
  const item = cart.find((i) => i.id === id);
  if (!item || Number(item.price) === Number(price)) return;
  store.set(
    cartAtom,
    cart.map((i) => (i.id === id ? { ...i, price, previousPrice: i.previousPrice ?? i.price } : i)),
  );
}

/** The visitor accepted an item's new price. */
export function acceptPrice(id: number): void {
  const cart = store.get(cartAtom);
  store.set(
    cartAtom,
    cart.map((i) => {
      if (i.id !== id) return i;
      const { previousPrice: _, ...rest } = i;
      return rest;
    }),
  );
}

export function clearCart(): void {
  store.set(cartAtom, []);
}

/** Indicative total in minor units, per currency symbol (the server computes the real one). */
export function cartTotals(cart: CartItem[]): { symbol: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const item of cart) {
    const cents = Math.round(Number(item.price) * 100) * item.quantity;
    if (Number.isFinite(cents)) totals.set(item.currency.symbol, (totals.get(item.currency.symbol) ?? 0) + cents);
  }
  return [...totals].map(([symbol, cents]) => ({ symbol, cents }));
}
