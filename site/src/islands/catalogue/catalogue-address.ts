import {
  DEFAULT_FILTERS,
  readFilters,
  writeFilters,
  type CatalogueFilters,
  type DisplayCurrency,
} from '../../lib/catalogue-query';
import { CATALOGUE_INITIAL_LIMIT } from '../../lib/products';

/** The most products an address may ask to show in place (`affiches`). */
export const FILTER_MAX_SHOWN = 500;
/** An amount as the price fields take it (what the API accepts too). */
export const AMOUNT_TEXT = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/** Text typed in a price field that is not an amount (an empty field is no amount, not a wrong one). */
export const badAmount = (text: string) => text.trim() !== '' && !AMOUNT_TEXT.test(text.trim());

/**
 * The list an address asks for: its filters (the display currency chosen earlier when it names none)
 * and how many products it shows (`affiches`, from the first 12 up to 500).
 */
export function readAddress(search: string, stored: DisplayCurrency): { filters: CatalogueFilters; limit: number } {
  const params = new URLSearchParams(search);
  const shown = Number(params.get('affiches'));
  const limit =
    Number.isInteger(shown) && shown > CATALOGUE_INITIAL_LIMIT ? Math.min(shown, FILTER_MAX_SHOWN) : CATALOGUE_INITIAL_LIMIT;
  return { filters: readFilters(params, stored), limit };
}

/** The address showing this list: `affiches` only when more than the first 12 are shown. */
export function writeAddress(href: string, filters: CatalogueFilters, limit: number): URL {
  const url = writeFilters(new URL(href), filters);
  if (limit !== CATALOGUE_INITIAL_LIMIT) url.searchParams.set('affiches', String(limit));
  else url.searchParams.delete('affiches');
  return url;
}

/**
 * The filters with what the visitor changed in the form's fields before the island hydrated (it
 * hydrates when first reached for: a choice made or text typed by then is in the fields, not in React's
 * state). A field left at its default keeps the address's value; a price keeps its text as typed, so
 * that the form says what is wrong with it.
 */
export function withFieldChanges(filters: CatalogueFilters, fields: URLSearchParams): CatalogueFilters {
  const typed: CatalogueFilters = {
    ...readFilters(fields, filters.devise),
    prix_min: (fields.get('prix_min') ?? '').trim(),
    prix_max: (fields.get('prix_max') ?? '').trim(),
  };
  const changed = { ...filters };
  for (const name of Object.keys(DEFAULT_FILTERS) as (keyof CatalogueFilters)[])
    if (JSON.stringify(typed[name]) !== JSON.stringify(DEFAULT_FILTERS[name])) Object.assign(changed, { [name]: typed[name] });
  return changed;
}
