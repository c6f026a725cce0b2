import {
  CATALOGUE_AVAILABILITIES,
  CATALOGUE_SORTS,
  type CatalogueAvailability,
  type CatalogueSort,
} from './catalogue-filters.js';
import {
  AMOUNT,
  BRAND_ID,
  CATEGORY,
  CURRENCY_CODE,
  currencyCode,
  FILTER_MAX_BRANDS,
  list,
  SEARCH_MAX_LENGTH,
  toInt,
  trimmed,
  trimmedOrNone,
  type ProductFilterQueryDto,
} from './dto/public-catalogue.dto.js';

/**
 * GET /api/products/filter's query read without class-validator, for the route's fast path
 * (catalogue-filter-route.ts): the DTO's own transforms and patterns applied to the fields it
 * declares (others dropped, as the pipe's whitelist does). Answers only a query the pipe would accept,
 * with the values it would give; anything else (a field of the wrong shape, out of range) answers
 * null and the request goes through Nest's pipe, which writes the 422 and its French messages.
 * filter-query.spec.ts checks both readings agree.
 */
export function readFilterQuery(raw: Record<string, unknown>): ProductFilterQueryDto | null {
  const query: ProductFilterQueryDto = {};
  const present = (value: unknown) => value !== undefined && value !== null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);

  const search = trimmed({ value: raw.search });
  if (present(search)) {
    if (typeof search !== 'string' || search.length > SEARCH_MAX_LENGTH) return null;
    query.search = search;
  }
  const category = trimmed({ value: raw.category });
  if (present(category)) {
    if (typeof category !== 'string' || !CATEGORY.test(category)) return null;
    query.category = category;
  }
  for (const field of ['sort', 'tri'] as const) {
    const value = trimmedOrNone({ value: raw[field] });
    if (!present(value)) continue;
    if (!CATALOGUE_SORTS.includes(value as CatalogueSort)) return null;
    query[field] = value as CatalogueSort;
  }
  const brands = list({ value: raw.marque });
  if (present(brands)) {
    if (!Array.isArray(brands) || brands.length > FILTER_MAX_BRANDS) return null;
    if (!brands.every((b) => typeof b === 'string' && BRAND_ID.test(b))) return null;
    query.marque = brands as string[];
  }
  for (const field of ['prix_min', 'prix_max'] as const) {
    const value = trimmedOrNone({ value: raw[field] });
    if (!present(value)) continue;
    const amount = text(value);
    if (amount === null || !AMOUNT.test(amount)) return null;
    query[field] = amount;
  }
  const availability = trimmedOrNone({ value: raw.disponibilite });
  if (present(availability)) {
    if (!CATALOGUE_AVAILABILITIES.includes(availability as CatalogueAvailability)) return null;
    query.disponibilite = availability as CatalogueAvailability;
  }
  const devise = currencyCode({ value: raw.devise });
  if (present(devise)) {
    if (typeof devise !== 'string' || !CURRENCY_CODE.test(devise)) return null;
    query.devise = devise;
  }
  const limit = toInt({ value: raw.limit });
  if (present(limit)) {
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return null;
    query.limit = limit;
  }
  return query;
}
