import { readFilters, writeFilters, type CatalogueFilters, type DisplayCurrency } from '../../lib/catalogue-query';
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
