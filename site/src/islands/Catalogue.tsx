import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { ProductFilterAnswer, ProductSort } from '@comptoir/api/contract';
import { formatCount, storageUrl } from '../lib/format';
import { CATALOGUE_INITIAL_LIMIT, CATALOGUE_STEP, SEARCH_MIN_CHARS, toProductCard, type ProductCardData } from '../lib/products';
import { addToCart } from './lib/cart';
import { useDebounced } from './lib/hooks';
import { useUrlState } from './lib/url-state';
import { api, isAbort } from './lib/http';
import { notify, prepareToasts } from './lib/toast';
import { ProductCard } from './ui/ProductCard';
import { Spinner } from './ui/Spinner';

export const CATALOGUE_TEXTS = {
  empty: 'Aucun produit trouvé',
  loadError: 'Erreur lors du chargement des produits.',
} as const;

interface Props {
  categories: { id: number; designation: string }[];
  initialProducts: ProductCardData[];
  initialTotal: number;
}

type Status = 'idle' | 'loading' | 'error';

/**
 * The shop: category filter, sort (recent / popular), title search from 2 characters, 12 products
 * then "Afficher plus" 4 by 4. Live from GET /api/products/filter; the first screen is pre-rendered.
 */
export default function Catalogue({ categories, initialProducts, initialTotal }: Props) {
  const [category, setCategory] = useState('all');
  const [sort, setSort] = useState<ProductSort>('recent');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(CATALOGUE_INITIAL_LIMIT);
  const [products, setProducts] = useState(initialProducts);
  const [total, setTotal] = useState(initialTotal);
  // A search matching more than 1,000 products is not counted further: "Plus de 1 000 produits".
  const [totalCapped, setTotalCapped] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  // Category, sort, search and the number shown are in the address: Back from a product restores them.
  const ready = useUrlState({
    categorie: [category, setCategory, 'all'],
    tri: [sort, (v) => setSort(v === 'Populaire' ? 'Populaire' : 'recent'), 'recent'],
    recherche: [search, setSearch, ''],
    affiches: [
      String(limit),
      (v) => {
        const n = Number(v);
        if (Number.isInteger(n) && n > CATALOGUE_INITIAL_LIMIT) setLimit(Math.min(n, 500));
      },
      String(CATALOGUE_INITIAL_LIMIT),
    ],
  });
  const typed = search.trim();
  // Search starts at 2 characters; shorter text means no search at all (spec section 5).
  const effectiveSearch = useDebounced(typed.length >= SEARCH_MIN_CHARS ? typed : '', 350);
  const resultsRef = useRef<HTMLDivElement>(null);
  const ids = { category: useId(), sort: useId(), search: useId() };
  // Images the build found without resized copies: the live list shows their originals directly.
  const withoutCopies = useMemo(
    () => new Set(initialProducts.filter((p) => p.image && !p.thumb).map((p) => p.image)),
    [initialProducts],
  );

  // The pre-rendered list is the default one: nothing is asked of the server until the address has been
  // read, nor while the list asked for is still the one in the HTML (no wasted request, no flash).
  const prerendered = useRef(true);
  useEffect(() => {
    if (!ready) return;
    if (prerendered.current) {
      prerendered.current = false;
      if (category === 'all' && sort === 'recent' && !effectiveSearch && limit === CATALOGUE_INITIAL_LIMIT && attempt === 0)
        return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const query = new URLSearchParams({ category, sort, limit: String(limit) });
    if (effectiveSearch) query.set('search', effectiveSearch);
    api<ProductFilterAnswer>(`/api/products/filter?${query}`, { signal: controller.signal })
      .then((result) => {
        if (!result.ok) {
          setStatus('error');
          prepareToasts();
          notify.error(result.network ? CATALOGUE_TEXTS.loadError : (result.data?.message ?? CATALOGUE_TEXTS.loadError));
          return;
        }
        setProducts(
          result.data.products.map((product) => {
            const first = [...product.images].sort((a, b) => a.position - b.position)[0];
            return toProductCard(product, !withoutCopies.has(storageUrl(first?.image_path)));
          }),
        );
        setTotal(result.data.totalProducts);
        setTotalCapped(Boolean(result.data.totalCapped));
        setStatus('idle');
      })
      .catch((error) => {
        if (!isAbort(error)) setStatus('error');
      });
    return () => controller.abort();
  }, [ready, category, sort, effectiveSearch, limit, attempt, withoutCopies]);

  // A new filter starts again from the first 12 products.
  const resetLimit = () => setLimit(CATALOGUE_INITIAL_LIMIT);

  // A link to the next pre-rendered page (/catalogue/page/2) that works without JavaScript and is
  // crawled; once hydrated it shows 4 more in place (`?affiches=16`).
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!loading) setLimit((l) => l + CATALOGUE_STEP);
  };

  const add = (product: ProductCardData) => {
    prepareToasts();
    addToCart({
      id: product.id,
      name: product.name,
      price: product.price,
      stock: product.stock,
      image: product.image,
      currency: product.currency,
    });
  };

  const loading = status === 'loading';
  const canShowMore = status !== 'error' && products.length > 0 && limit < total;

  return (
    <div data-catalogue>
      {/* A GET form: submitted before the island hydrates, it leads to the address this list reads. */}
      <form
        role="search"
        aria-label="Filtrer les produits"
        method="get"
        action="/catalogue"
        className="grid gap-2 rounded-xl border border-line bg-white p-2 shadow-card md:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor={ids.category} className="field-label">
            Catégorie
          </label>
          <select
            id={ids.category}
            name="categorie"
            className="field-input"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              resetLimit();
            }}
          >
            <option value="all">Toutes les catégories</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.designation}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.sort} className="field-label">
            Trier par
          </label>
          <select
            id={ids.sort}
            name="tri"
            className="field-input"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ProductSort);
              resetLimit();
            }}
          >
            <option value="recent">Les plus récents</option>
            <option value="Populaire">Populaires</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.search} className="field-label">
            Rechercher
          </label>
          <input
            id={ids.search}
            name="recherche"
            type="search"
            className="field-input"
            placeholder="Nom du produit (2 caractères min.)"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              resetLimit();
            }}
            aria-describedby={`${ids.search}-hint`}
          />
          <p id={`${ids.search}-hint`} className="sr-only">
            La recherche commence à partir de 2 caractères.
          </p>
        </div>
      </form>

      <p className="mt-2 text-sm text-ink-muted" role="status" aria-live="polite">
        {loading
          ? 'Chargement des produits…'
          : status === 'error'
            ? ''
            : `${totalCapped ? 'Plus de ' : ''}${formatCount(total)} produit${total > 1 ? 's' : ''}`}
      </p>

      <div ref={resultsRef} className="relative mt-1 min-h-[240px]" aria-busy={loading}>
        {loading && (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-6">
            <Spinner className="text-brand-600" />
          </div>
        )}
        {status === 'error' ? (
          <div className="rounded-xl border border-line p-4 text-center" role="alert">
            <p className="text-danger">{CATALOGUE_TEXTS.loadError}</p>
            <button type="button" className="btn btn-secondary mt-2" onClick={() => setAttempt((n) => n + 1)}>
              Réessayer
            </button>
          </div>
        ) : products.length === 0 && !loading ? (
          <p className="py-6 text-center text-lg text-ink-muted">{CATALOGUE_TEXTS.empty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} onAdd={add} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {canShowMore && (
        <div className="mt-4 flex justify-center">
          <a
            href={`/catalogue/page/${Math.floor(limit / CATALOGUE_INITIAL_LIMIT) + 1}`}
            className="btn btn-secondary"
            onClick={showMore}
            aria-disabled={loading || undefined}
          >
            Afficher plus
          </a>
        </div>
      )}
    </div>
  );
}
