import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import type { TouchOptions } from '../directives/touch';
import { CART_KEY, cartCountAtom, OPEN_CART_NOTE, orderDialogOpenAtom } from './lib/cart';
import { useHydrated } from './lib/hooks';
import { prepareToasts } from './lib/toast';

/**
 * `client:touch` (src/directives/touch.ts): besides a visitor reaching for it, what needs the bar at once:
 * a cart kept in this browser (its count), « Commander maintenant » tapped on a product page, a tap on a
 * cart button recorded by the early script (components/EarlyCart.astro) before the islands hydrated, the
 * cart changed in another tab (`storage`).
 */
export const CART_BAR_WANTS: TouchOptions = {
  stored: [CART_KEY, OPEN_CART_NOTE],
  events: ['comptoir:cart-change', 'comptoir:cart-recorded', 'storage'],
};

// The order dialog is only downloaded when a visitor opens the cart.
const OrderDialog = lazy(() => import('./OrderDialog'));

/**
 * « Passer commande » with the cart's count; opens the three-step order dialog. The header's « Mon panier »
 * link is the cart on every page: this one, beside the products, starts the order, under another name so
 * that the two controls side by side are never announced alike.
 */
export default function CartBar({ whatsapp = null }: { whatsapp?: string | null }) {
  const count = useAtomValue(cartCountAtom);
  const [open, setOpen] = useAtom(orderDialogOpenAtom);
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) {
      setWanted(true);
      prepareToasts();
    }
  }, [open]);

  // The header's cart link on the other pages leads here with ?panier=1: open the dialog at once.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('panier') !== '1') return;
    url.searchParams.delete('panier');
    window.history.replaceState(window.history.state, '', url);
    setOpen(true);
  }, [setOpen]);

  // Back with the dialog open closes the dialog instead of leaving the page: the
  // open dialog is one step of the history, taken back when the dialog closes otherwise.
  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...((window.history.state as object | null) ?? {}), orderDialog: true }, '');
    const onBack = () => setOpen(false);
    window.addEventListener('popstate', onBack);
    return () => {
      window.removeEventListener('popstate', onBack);
      if ((window.history.state as { orderDialog?: boolean } | null)?.orderDialog) window.history.back();
    };
  }, [open, setOpen]);

  // "Commander maintenant" tapped before the islands hydrated (components/EarlyCart.astro): open now,
  // or as soon as such a tap is recorded while this island is already there.
  useEffect(() => {
    const openIfAsked = () => {
      if (sessionStorage.getItem(OPEN_CART_NOTE) !== '1') return;
      sessionStorage.removeItem(OPEN_CART_NOTE);
      setOpen(true);
    };
    openIfAsked();
    window.addEventListener('comptoir:cart-recorded', openIfAsked);
    return () => window.removeEventListener('comptoir:cart-recorded', openIfAsked);
  }, [setOpen]);

  const shown = hydrated ? count : 0;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary relative"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-cart-button
      >
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
        </svg>
        <span>Passer commande</span>
        {/* Not shown before hydration: a pre-rendered "0" would be wrong for a visitor with a cart. */}
        <span
          className="ml-0.5 inline-flex min-w-[24px] items-center justify-center rounded-full bg-accent-700 px-0.5 text-sm font-bold text-white"
          data-cart-count
          hidden={!hydrated}
        >
          {shown}
        </span>
        <span className="sr-only"> produit{shown > 1 ? 's' : ''} dans le panier</span>
      </button>
      {wanted && (
        <Suspense
          fallback={
            <p role="status" className="fixed right-2 bottom-2 rounded-md bg-brand-900 px-2 py-1 text-white shadow-raised">
              Chargement…
            </p>
          }
        >
          <OrderDialog open={open} onOpenChange={setOpen} whatsapp={whatsapp} />
        </Suspense>
      )}
    </>
  );
}
