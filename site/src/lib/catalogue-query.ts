import {
  AVAILABILITY_OPTIONS,
  DEFAULT_CURRENCY,
  DISPLAY_CURRENCIES,
  SORT_OPTIONS,
  type DisplayCurrency,
} from '@comptoir/api/catalogue-choices';
import type { ProductAvailability, ProductSort } from '@comptoir/api/contract';

// The choices' lists are shared with the page the API renders for visitors without JavaScript.
export { AVAILABILITY_OPTIONS, DEFAULT_CURRENCY, DISPLAY_CURRENCIES, SORT_OPTIONS, type DisplayCurrency };
export { shownPrice } from '@comptoir/api/product-card';

/**
 * The catalogue's filters as they live in the address (`/catalogue?marque=3&prix_max=80000&tri=prix_asc`),
 * the GET form's field names: read from it, written back to it, and turned into the question
 * GET /api/products/filter answers. Defaults are left out of the address. The display currency is
 * also kept in the browser (localStorage) so that it follows the visitor from page to page.
 */
export interface CatalogueFilters {
  categorie: string;
  tri: ProductSort;
  recherche: string;
  marque: string[];
  prix_min: string;
  prix_max: string;
  disponibilite: ProductAvailability | '';
  devise: DisplayCurrency;
}

export const DEFAULT_FILTERS: CatalogueFilters = {
  categorie: 'all',
  tri: 'recent',
  recherche: '',
  marque: [],
  prix_min: '',
  prix_max: '',
  disponibilite: '',
  devise: DEFAULT_CURRENCY,
};

const isCurrency = (value: string | null | undefined): value is DisplayCurrency =>
  DISPLAY_CURRENCIES.some((c) => c.code === value);
const AMOUNT = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/**
 * The filters in an address; a value that makes no sense is dropped (the default), never sent on.
 * `stored` is the currency the visitor chose earlier, used when the address names none.
 */
export function readFilters(params: URLSearchParams, stored?: string | null): CatalogueFilters {
  const categorie = params.get('categorie') ?? '';
  const tri = params.get('tri') ?? '';
  const disponibilite = params.get('disponibilite') ?? '';
  const amount = (name: string) => {
    const value = (params.get(name) ?? '').trim();
    return AMOUNT.test(value) ? value : '';
  };
  const devise = (params.get('devise') ?? '').toUpperCase();
  return {
    categorie: /^[1-9]\d{0,9}$/.test(categorie) ? categorie : 'all',
    tri: SORT_OPTIONS.some((o) => o.value === tri) ? (tri as ProductSort) : 'recent',
    recherche: params.get('recherche') ?? '',
    marque: [...new Set(params.getAll('marque').flatMap((v) => v.split(',')))].filter((v) => /^[1-9]\d{0,9}$/.test(v)),
    prix_min: amount('prix_min'),
    prix_max: amount('prix_max'),
    disponibilite: disponibilite === 'en_stock' || disponibilite === 'sur_commande' ? disponibilite : '',
    devise: isCurrency(devise) ? devise : isCurrency(stored) ? stored : DEFAULT_CURRENCY,
  };
}

/** Writes the filters into `url`'s query (other parameters kept), defaults left out. */
export function writeFilters(url: URL, filters: CatalogueFilters): URL {
  const params = url.searchParams;
  for (const name of Object.keys(DEFAULT_FILTERS)) params.delete(name);
  for (const [name, value] of Object.entries(filters) as [keyof CatalogueFilters, string | string[]][]) {
    if (Array.isArray(value)) for (const v of value) params.append(name, v);
    else if (value !== '' && value !== DEFAULT_FILTERS[name]) params.set(name, value);
  }
  return url;
}

/** Whether these filters show the list pre-rendered in the page (the default one, in FCFA). */
export const isDefaultList = (filters: CatalogueFilters, search: string): boolean =>
  !search && JSON.stringify({ ...filters, recherche: '' }) === JSON.stringify(DEFAULT_FILTERS);

/** The question for GET /api/products/filter (`search` is the debounced text, from 2 characters). */
export function filterQuery(filters: CatalogueFilters, search: string, limit: number): URLSearchParams {
  const query = new URLSearchParams({
    category: filters.categorie,
    tri: filters.tri,
    limit: String(limit),
    devise: filters.devise,
  });
  if (search) query.set('search', search);
  for (const brand of filters.marque) query.append('marque', brand);
  if (filters.prix_min) query.set('prix_min', filters.prix_min);
  if (filters.prix_max) query.set('prix_max', filters.prix_max);
  if (filters.disponibilite) query.set('disponibilite', filters.disponibilite);
  return query;
}

/** Where the display currency chosen is kept (localStorage; none while it is FCFA). */
export const CURRENCY_KEY = 'devise';

/** The display currency the visitor chose (FCFA when none, or without storage). */
export function storedCurrency(): DisplayCurrency {
  try {
    const value = localStorage.getItem(CURRENCY_KEY);
    return isCurrency(value) ? value : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

export function storeCurrency(code: DisplayCurrency): void {
  try {
    if (code === DEFAULT_CURRENCY) localStorage.removeItem(CURRENCY_KEY);
    else localStorage.setItem(CURRENCY_KEY, code);
  } catch {
    // Private browsing without storage: the address still carries the choice.
  }
}
