import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { BrandCountsAnswer, ProductFilterAnswer } from '@comptoir/api/contract';
import {
  AVAILABILITY_OPTIONS,
  DEFAULT_FILTERS,
  DISPLAY_CURRENCIES,
  SORT_OPTIONS,
  filterQuery,
  isDefaultList,
  readFilters,
  storeCurrency,
  storedCurrency,
  writeFilters,
  type CatalogueFilters,
  type DisplayCurrency,
} from '../lib/catalogue-query';
import { formatCount, storageUrl } from '../lib/format';
import { CATALOGUE_INITIAL_LIMIT, CATALOGUE_STEP, SEARCH_MIN_CHARS, toProductCard, type ProductCardData } from '../lib/products';
import { addToCart } from './lib/cart';
import { useDebounced } from './lib/hooks';
import { api, isAbort } from './lib/http';
import { notify, prepareToasts } from './lib/toast';
import { AmountInput } from './ui/AmountInput';
import { FilterSelect } from './ui/FilterSelect';
import { ProductCard } from './ui/ProductCard';
import { Spinner } from './ui/Spinner';

/** Where the form leads without JavaScript: the same list, rendered by the server. */
const CATALOGUE_PAGE = '/api/catalogue';
/** An amount as the price fields take it (what the API accepts too). */
const AMOUNT_TEXT = /^\d{1,10}(?:[.,]\d{1,2})?$/;
/** The most products an address may ask to show in place (`affiches`). */
const FILTER_MAX_SHOWN = 500;

export const CATALOGUE_TEXTS = {
  empty: 'Aucun produit trouvé',
  loadError: 'Erreur lors du chargement des produits.',
} as const;

interface Props {
  categories: { id: number; designation: string }[];
  /** The brands with their number of products (at the last publication; live once hydrated, see useBrandCounts). */
  brands: { id: number; name: string; count: number }[];
  initialProducts: ProductCardData[];
  initialTotal: number;
}

type Status = 'idle' | 'loading' | 'error';

/**
 * The shop: a GET form (category, sort, search from 2 characters, brands, price range in the display
 * currency, availability, display currency) that works without JavaScript, 12 products then "Afficher
 * plus" 4 by 4. Once hydrated it answers live from GET /api/products/filter and keeps every filter in
 * the address; the first screen (FCFA, newest first) is pre-rendered.
 */
export default function Catalogue({ categories, brands, initialProducts, initialTotal }: Props) {
  const [filters, setFilters] = useState<CatalogueFilters>(DEFAULT_FILTERS);
  const [limit, setLimit] = useState(CATALOGUE_INITIAL_LIMIT);
  const [ready, setReady] = useState(false);
  const [products, setProducts] = useState(initialProducts);
  const [total, setTotal] = useState(initialTotal);
  // A search matching more than 1,000 products is not counted further: "Plus de 1 000 produits".
  const [totalCapped, setTotalCapped] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  const liveCounts = useBrandCounts(ready);

  // Every filter and the number shown are in the address: Back from a product, a reload or a shared
  // link shows the list as it was; the display currency chosen earlier applies when it names none.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setFilters(readFilters(params, storedCurrency()));
    const shown = Number(params.get('affiches'));
    if (Number.isInteger(shown) && shown > CATALOGUE_INITIAL_LIMIT) setLimit(Math.min(shown, FILTER_MAX_SHOWN));
    setReady(true);
  }, []);
  useEffect(() => {
    if (!ready) return;
    const url = writeFilters(new URL(window.location.href), filters);
    if (limit !== CATALOGUE_INITIAL_LIMIT) url.searchParams.set('affiches', String(limit));
    else url.searchParams.delete('affiches');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [ready, filters, limit]);

  const typed = filters.recherche.trim();
  // Search starts at 2 characters; shorter text means no search at all (spec section 5).
  const effectiveSearch = useDebounced(typed.length >= SEARCH_MIN_CHARS ? typed : '', 350, ready);
  // Amounts are sent once typing stops, and only when they are amounts.
  const prices = useDebounced(`${filters.prix_min}|${filters.prix_max}`, 500, ready);
  const [priceMin = '', priceMax = ''] = prices.split('|');
  const asked = useMemo(
    () => ({
      ...filters,
      prix_min: AMOUNT_TEXT.test(priceMin) ? priceMin : '',
      prix_max: AMOUNT_TEXT.test(priceMax) ? priceMax : '',
    }),
    [filters, priceMin, priceMax],
  );
  const question = filterQuery(asked, effectiveSearch, limit).toString();
  const resultsRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const ids = {
    category: `${id}-categorie`,
    sort: `${id}-tri`,
    search: `${id}-recherche`,
    min: `${id}-prix-min`,
    max: `${id}-prix-max`,
    availability: `${id}-disponibilite`,
    currency: `${id}-devise`,
  };
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
      if (isDefaultList(asked, effectiveSearch) && limit === CATALOGUE_INITIAL_LIMIT && attempt === 0) return;
    }
    const controller = new AbortController();
    setStatus('loading');
    api<ProductFilterAnswer>(`/api/products/filter?${question}`, { signal: controller.signal })
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `question` stands for the filters asked
  }, [ready, question, attempt, withoutCopies]);

  /** One filter changed: the list starts again from its first 12 products. */
  const change = <K extends keyof CatalogueFilters>(name: K, value: CatalogueFilters[K]) => {
    setFilters((f) => ({ ...f, [name]: value }));
    setLimit(CATALOGUE_INITIAL_LIMIT);
    if (name === 'devise') storeCurrency(value as DisplayCurrency);
  };
  const toggleBrand = (brand: string, on: boolean) =>
    change('marque', on ? [...filters.marque, brand] : filters.marque.filter((b) => b !== brand));
  const categoryOptions = useMemo(
    () => [
      { value: 'all', label: 'Toutes les catégories' },
      ...categories.map((c) => ({ value: String(c.id), label: c.designation })),
    ],
    [categories],
  );
  const unit = DISPLAY_CURRENCIES.find((c) => c.code === filters.devise)?.label ?? 'FCFA';
  const badAmount = (text: string) => text.trim() !== '' && !AMOUNT_TEXT.test(text.trim());

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
      {/* A GET form: without JavaScript (or before the island hydrates) it leads to the same list rendered by the server. */}
      <form
        role="search"
        aria-label="Filtrer les produits"
        method="get"
        action={CATALOGUE_PAGE}
        className="grid gap-2 rounded-xl border border-line bg-white p-2 shadow-card sm:grid-cols-2 md:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        data-catalogue-filters
      >
        <FilterSelect
          id={ids.category}
          name="categorie"
          label="Catégorie"
          value={filters.categorie}
          options={categoryOptions}
          onChange={(value) => change('categorie', value)}
        />
        <FilterSelect
          id={ids.sort}
          name="tri"
          label="Trier par"
          value={filters.tri}
          options={SORT_OPTIONS}
          onChange={(value) => change('tri', value)}
        />
        <div className="min-w-0">
          <label htmlFor={ids.search} className="field-label">
            Rechercher
          </label>
          <input
            id={ids.search}
            name="recherche"
            type="search"
            className="field-input"
            placeholder="Nom du produit (2 caractères min.)"
            value={filters.recherche}
            onChange={(e) => change('recherche', e.target.value)}
            aria-describedby={`${ids.search}-hint`}
          />
          <p id={`${ids.search}-hint`} className="sr-only">
            La recherche commence à partir de 2 caractères.
          </p>
        </div>
        <fieldset className="min-w-0">
          <legend className="field-label">Prix ({unit})</legend>
          <div className="grid grid-cols-2 gap-1">
            <AmountInput
              id={ids.min}
              name="prix_min"
              label="Minimum"
              value={filters.prix_min}
              invalid={badAmount(filters.prix_min)}
              onChange={(value) => change('prix_min', value)}
            />
            <AmountInput
              id={ids.max}
              name="prix_max"
              label="Maximum"
              value={filters.prix_max}
              invalid={badAmount(filters.prix_max)}
              onChange={(value) => change('prix_max', value)}
            />
          </div>
          {(badAmount(filters.prix_min) || badAmount(filters.prix_max)) && (
            <p className="mt-0.5 text-xs text-danger">Saisissez un montant, par exemple 45000 ou 69,70.</p>
          )}
        </fieldset>
        <FilterSelect
          id={ids.availability}
          name="disponibilite"
          label="Disponibilité"
          value={filters.disponibilite}
          options={AVAILABILITY_OPTIONS}
          onChange={(value) => change('disponibilite', value)}
        />
        <FilterSelect
          id={ids.currency}
          name="devise"
          label="Afficher les prix en"
          value={filters.devise}
          options={DISPLAY_CURRENCIES.map((c) => ({ value: c.code, label: c.label }))}
          onChange={(value) => change('devise', value)}
          hint="Prix convertis (≈) au taux du jour, indicatifs."
        />
        {brands.length > 0 && (
          <fieldset className="min-w-0 sm:col-span-2 md:col-span-3">
            <legend className="field-label">Marques</legend>
            <ul className="flex flex-wrap gap-x-2 gap-y-1">
              {brands.map((b) => (
                <li key={b.id} className="min-w-0">
                  <label className="inline-flex min-h-[32px] items-center gap-1 break-words text-sm">
                    <input
                      type="checkbox"
                      name="marque"
                      value={String(b.id)}
                      checked={filters.marque.includes(String(b.id))}
                      onChange={(e) => toggleBrand(String(b.id), e.target.checked)}
                    />
                    {b.name}{' '}
                    <span className="text-ink-subtle" data-brand-count={b.id}>
                      ({formatCount(liveCounts ? (liveCounts.get(b.id) ?? 0) : b.count)})
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="flex items-end sm:col-span-2 md:col-span-3">
          <button type="submit" className="btn btn-secondary">
            Appliquer les filtres
          </button>
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

/**
 * Each brand's number of products now (GET /api/products/brand-counts, counted by the API at each
 * request): the page's own counts date from its publication. Null until answered (or if it fails:
 * the page's counts stay).
 */
function useBrandCounts(ready: boolean): Map<number, number> | null {
  const [counts, setCounts] = useState<Map<number, number> | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    api<BrandCountsAnswer>('/api/products/brand-counts', { signal: controller.signal })
      .then((result) => {
        if (result.ok) setCounts(new Map(result.data.brands.map((b) => [b.id, b.count])));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [ready]);
  return counts;
}
