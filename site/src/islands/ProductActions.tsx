import { useEffect, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import type { ProductAnswer, PublicDisplayPrice } from '@comptoir/api/contract';
import { shownPrice, storedCurrency } from '../lib/catalogue-query';
import { quoteLink, type ProductCardData } from '../lib/products';
import {
  addToCart,
  CART_TEXTS,
  clampQuantity,
  isInCart,
  orderDialogOpenAtom,
  setQuantity as setCartQuantity,
  updateStock,
} from './lib/cart';
import { api } from './lib/http';
import { useHydrated } from './lib/hooks';
import { cartAddData } from './ui/ProductCard';
import { notify, prepareToasts } from './lib/toast';
import { Spinner } from './ui/Spinner';
import { StockBadge } from './ui/StockBadge';
import { CONVERSION_TEXTS } from './ui/ConvertedTotal';

export const PRODUCT_TEXTS = {
  loadError: 'Erreur lors du chargement des produits.',
  gone: 'Ce produit n’est plus disponible.',
  staleStock: 'Stock affiché lors de la dernière mise à jour du site.',
} as const;

type Live =
  | { state: 'prerendered'; stock: number }
  | { state: 'ready'; stock: number }
  | { state: 'gone' }
  | { state: 'error'; stock: number };

/**
 * Live stock (read at view time, never cached), quantity stepper within 1..stock, "Ajouter au
 * panier" and "Commander maintenant" (which opens the order dialog), both disabled at stock 0.
 * Until the live stock arrives (or without JavaScript) the page shows the stock of the last site
 * build, so it never spins for ever; an exhausted product offers a quote request instead.
 */
export default function ProductActions({ product }: { product: ProductCardData }) {
  const [live, setLive] = useState<Live>({ state: 'prerendered', stock: product.stock });
  const [quantity, setQuantity] = useState(1);
  const [display, setDisplay] = useState<PublicDisplayPrice | null>(null);
  const converted = display?.converted ? shownPrice(product.price, product.currency.symbol, display).main : null;
  const openDialog = useSetAtom(orderDialogOpenAtom);
  const qtyId = useId();
  // The spinner only while this island really reads the stock: in the HTML (scripts slow or off) the
  // badge shows the stock of the last build, without a spinner that would never stop.
  const hydrated = useHydrated();

  useEffect(() => {
    let active = true;
    // The price in the display currency the visitor chose in the shop (FCFA by default) comes with it
    // (`?devise=`: the cart's own checks read the product without it).
    void api<ProductAnswer>(`/api/product/${product.id}?devise=${storedCurrency()}`).then((result) => {
      if (!active) return;
      if (result.ok) {
        setLive({ state: 'ready', stock: result.data.product.stock });
        setDisplay(result.data.product.display_price ?? null);
        updateStock(product.id, result.data.product.stock);
      } else if (result.status === 404) {
        setLive({ state: 'gone' });
      } else {
        setLive({ state: 'error', stock: product.stock });
        notify.error(PRODUCT_TEXTS.loadError);
      }
    });
    return () => {
      active = false;
    };
  }, [product.id, product.stock]);

  const stock = live.state === 'gone' ? 0 : live.stock;
  useEffect(() => {
    if (stock > 0 && quantity > stock) setQuantity(stock);
  }, [stock, quantity]);
  // What is typed stays on screen while typing (an empty field included); it is clamped when committed.
  const [typed, setTyped] = useState<string | null>(null);

  /** Sets the quantity within 1..stock, visibly; asking for more than the stock says "Stock épuisé". */
  const change = (next: number) => {
    const [clamped, over] = clampQuantity(next, stock);
    if (over) {
      prepareToasts();
      notify.error(CART_TEXTS.outOfStock);
    }
    setQuantity(clamped);
    setTyped(null);
  };

  const cartProduct = {
    id: product.id,
    name: product.name,
    price: product.price,
    stock,
    image: product.image,
    currency: product.currency,
  };
  const disabled = live.state === 'gone' || stock <= 0;

  return (
    <div className="mt-3 space-y-3" data-product-actions>
      {converted && (
        <p className="text-lg font-bold text-ink-muted" data-display-price>
          {converted} <span className="text-sm font-normal">{CONVERSION_TEXTS.indicative}</span>
        </p>
      )}
      <div aria-live="polite" className="min-h-[32px]" data-stock-check={live.state}>
        {live.state !== 'gone' && <StockBadge stock={live.stock} />}
        {hydrated && live.state === 'prerendered' && <Spinner label="Vérification du stock" className="ml-1 text-brand-600" />}
        {live.state === 'error' && <p className="mt-0.5 text-sm text-ink-muted">{PRODUCT_TEXTS.staleStock}</p>}
        {live.state === 'gone' && <p className="font-semibold text-danger">{PRODUCT_TEXTS.gone}</p>}
      </div>

      <div>
        <label htmlFor={qtyId} className="field-label">
          Quantité
        </label>
        <div className="flex items-center gap-0.5">
          <button
            type="button"
            className="btn btn-ghost w-[44px] p-0 text-xl"
            onClick={() => change(quantity - 1)}
            disabled={disabled || quantity <= 1}
            aria-label="Diminuer la quantité"
          >
            −
          </button>
          <input
            id={qtyId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, stock)}
            value={typed ?? quantity}
            onChange={(e) => {
              const text = e.target.value;
              // "20" with 14 in stock becomes 14 at once; an emptied field waits for the next digit.
              if (text.trim() === '') setTyped(text);
              else change(Number(text));
            }}
            onBlur={() => typed !== null && change(quantity)}
            disabled={disabled}
            className="field-input w-[80px] text-center"
          />
          <button
            type="button"
            className="btn btn-ghost w-[44px] p-0 text-xl"
            onClick={() => change(quantity + 1)}
            disabled={disabled}
            aria-label="Augmenter la quantité"
          >
            +
          </button>
        </div>
      </div>

      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={disabled}
          data-cart-add={cartAddData(cartProduct)}
          onClick={() => {
            prepareToasts();
            addToCart(cartProduct, quantity);
          }}
        >
          Ajouter au panier
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled}
          data-cart-add={cartAddData(cartProduct)}
          data-cart-order=""
          onClick={() => {
            prepareToasts();
            // Already in the cart: the quantity chosen here replaces the cart's.
            if (isInCart(product.id)) {
              updateStock(product.id, stock);
              setCartQuantity(product.id, quantity);
              openDialog(true);
            } else if (addToCart(cartProduct, quantity)) openDialog(true);
          }}
        >
          Commander maintenant
        </button>
        {(live.state === 'gone' || stock <= 0) && (
          <a className="btn btn-primary" href={quoteLink(product.name)}>
            Demander un devis
          </a>
        )}
      </div>
    </div>
  );
}
