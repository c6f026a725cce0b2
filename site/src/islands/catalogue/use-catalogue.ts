import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ProductFilterAnswer } from '@comptoir/api/contract';
import {
  filterQuery,
  isDefaultList,
  storeCurrency,
  storedCurrency,
  DEFAULT_FILTERS,
  type CatalogueFilters,
  type DisplayCurrency,
} from '../../lib/catalogue-query';
import { storageUrl } from '../../lib/format';
import {
  CATALOGUE_INITIAL_LIMIT,
  CATALOGUE_STEP,
  SEARCH_MIN_CHARS,
  toProductCard,
  type ProductCardData,
} from '../../lib/products';
import { addToCart, type CartProduct } from '../lib/cart';
import { useDebounced } from '../lib/hooks';
import { api, isAbort } from '../lib/http';
import { notify, prepareToasts } from '../lib/toast';
import { AMOUNT_TEXT, readAddress, withFieldChanges, writeAddress } from './catalogue-address';
import { useBrandCounts } from './use-brand-counts';

export const CATALOGUE_TEXTS = {
  empty: 'Aucun produit trouvé',
  loadError: 'Erreur lors du chargement des produits.',
} as const;

export type CatalogueStatus = 'idle' | 'loading' | 'error';

/**
 * The catalogue's state once hydrated: the filters and the number shown, kept in the address; the
 * list asked of GET /api/products/filter once per change (search and prices once typing stops); the
 * brands' live counts; a card's « Ajouter au panier ». Until the address has been read, and while
 * the list asked for is the pre-rendered one, nothing is asked of the server.
 */
export function useCatalogue(initialProducts: ProductCardData[], initialTotal: number, root: RefObject<HTMLElement | null>) {
  const [filters, setFilters] = useState<CatalogueFilters>(DEFAULT_FILTERS);
  const [limit, setLimit] = useState(CATALOGUE_INITIAL_LIMIT);
  const [ready, setReady] = useState(false);
  const [products, setProducts] = useState(initialProducts);
  const [total, setTotal] = useState(initialTotal);
  // A search matching more than 1,000 products is not counted further: "Plus de 1 000 produits".
  const [totalCapped, setTotalCapped] = useState(false);
  const [status, setStatus] = useState<CatalogueStatus>('idle');
  const [attempt, setAttempt] = useState(0);
  const liveCounts = useBrandCounts(ready);

  // Every filter and the number shown are in the address: Back from a product, a reload or a shared
  // link shows the list as it was; the display currency chosen earlier applies when it names none.
  // Hydrated when first reached for (client:touch): what the visitor changed in the fields by then counts.
  useEffect(() => {
    const address = readAddress(window.location.search, storedCurrency());
    const form = root.current?.querySelector<HTMLFormElement>('form[data-catalogue-filters]');
    const fields = form ? new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)])) : null;
    const filters = fields ? withFieldChanges(address.filters, fields) : address.filters;
    if (filters.devise !== address.filters.devise) storeCurrency(filters.devise);
    setFilters(filters);
    if (address.limit !== CATALOGUE_INITIAL_LIMIT) setLimit(address.limit);
    setReady(true);
  }, [root]);
  useEffect(() => {
    if (!ready) return;
    const url = writeAddress(window.location.href, filters, limit);
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

  /**
   * 4 more than the visitor sees, in place. A press while a list is on its way (a sort just chosen) is
   * kept, not dropped: the list asked for then has 4 more; pressed again before it comes, still 4.
   */
  const showMore = () => setLimit((l) => Math.max(l, products.length + CATALOGUE_STEP));
  const retry = () => setAttempt((n) => n + 1);

  return {
    filters,
    change,
    toggleBrand,
    liveCounts,
    products,
    total,
    totalCapped,
    status,
    limit,
    canShowMore: status !== 'error' && products.length > 0 && limit < total,
    /** The list is still the one in the HTML (nothing asked of the server has replaced it). */
    prerendered: products === initialProducts,
    showMore,
    retry,
    add,
  };
}

/** A card's « Ajouter au panier ». */
function add(product: CartProduct) {
  prepareToasts();
  addToCart({
    id: product.id,
    name: product.name,
    price: product.price,
    stock: product.stock,
    image: product.image,
    currency: product.currency,
  });
}
