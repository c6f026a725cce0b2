import type { MouseEvent, ReactNode } from 'react';
import { formatCount } from '../../lib/format';
import { CATALOGUE_INITIAL_LIMIT, type ProductCardData } from '../../lib/products';
import type { CartProduct } from '../lib/cart';
import { ProductGrid } from '../ui/ProductGrid';
import { Spinner } from '../ui/Spinner';
import { CATALOGUE_TEXTS, type CatalogueStatus } from './use-catalogue';

export interface CatalogueResultsProps {
  products: ProductCardData[];
  total: number;
  totalCapped: boolean;
  status: CatalogueStatus;
  limit: number;
  canShowMore: boolean;
  /** The list shown is the pre-rendered one. */
  prerendered: boolean;
  /** The pre-rendered cards as static HTML, shown instead of drawing them while the list is theirs. */
  prerenderedCards?: ReactNode;
  add: (product: CartProduct) => void;
  showMore: () => void;
  retry: () => void;
}

/**
 * « Ajouter au panier » on a card of the static HTML: React attached no handler there, but a click
 * inside reaches this one (React finds the nearest element it rendered). The button carries what the
 * cart records, as it does for the early-tap script before hydration.
 */
function addFromStaticCard(event: MouseEvent<HTMLElement>, add: (product: CartProduct) => void) {
  const button = (event.target as Element).closest<HTMLButtonElement>('[data-cart-add]');
  if (!button || button.disabled) return;
  event.preventDefault();
  add(JSON.parse(button.dataset.cartAdd!) as CartProduct);
}

/** The catalogue's count, its cards (or why there are none) and « Afficher plus ». */
export function CatalogueResults(props: CatalogueResultsProps) {
  const { products, total, totalCapped, status, limit, canShowMore, prerendered, prerenderedCards, add, retry } = props;
  const loading = status === 'loading';

  // A link to the next pre-rendered page (/catalogue/page/2) that works without JavaScript and is
  // crawled; once hydrated it shows 4 more in place (`?affiches=16`).
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.showMore();
  };

  return (
    <>
      <p className="mt-2 text-sm text-ink-muted" role="status" aria-live="polite">
        {loading
          ? 'Chargement des produits…'
          : status === 'error'
            ? ''
            : `${totalCapped ? 'Plus de ' : ''}${formatCount(total)} produit${total > 1 ? 's' : ''}`}
      </p>

      <div className="relative mt-1 min-h-[240px]" aria-busy={loading}>
        {loading && (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-6">
            <Spinner className="text-brand-600" />
          </div>
        )}
        {status === 'error' ? (
          <div className="rounded-xl border border-line p-4 text-center" role="alert">
            <p className="text-danger">{CATALOGUE_TEXTS.loadError}</p>
            <button type="button" className="btn btn-secondary mt-2" onClick={retry}>
              Réessayer
            </button>
          </div>
        ) : products.length === 0 && !loading ? (
          <p className="py-6 text-center text-lg text-ink-muted">{CATALOGUE_TEXTS.empty}</p>
        ) : prerendered && prerenderedCards ? (
          // The clicks listened to here are the cards' buttons' (keyboard included: Enter on a button clicks).
          <div onClick={(event) => addFromStaticCard(event, add)}>{prerenderedCards}</div>
        ) : (
          <ProductGrid products={products} onAdd={add} />
        )}
      </div>

      {canShowMore && (
        <div className="mt-4 flex justify-center">
          <a
            href={`/catalogue/page/${Math.floor(limit / CATALOGUE_INITIAL_LIMIT) + 1}`}
            className="btn btn-secondary"
            onClick={showMore}
          >
            Afficher plus
          </a>
        </div>
      )}
    </>
  );
}
