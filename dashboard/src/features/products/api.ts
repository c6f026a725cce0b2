import type {
  BrandListAnswer,
  DoneAnswer,
  ProductAnswer,
  ProductDatasheetsAnswer,
  ProductListAnswer,
  ProductSaveAnswer,
  SpotlightAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The products table shows 8 per page. */
export const PRODUCTS_PER_PAGE = 8;
/** A product has 1 to 5 images. */
export const PRODUCT_MAX_IMAGES = 5;

/**
 * GET /api/product?page&per_page&search (search on the name). The public catalogue lets caches keep
 * this answer briefly: the dashboard asks past them so it sees its own changes at once.
 */
/** The staff list's order and facets (GET /api/product's sort, direction, category_id, brand_id, spotlight). */
export interface ProductListParams extends ListParams {
  sort?: string;
  direction?: 'asc' | 'desc';
  category_id?: number;
  brand_id?: number;
  spotlight?: 'yes' | 'no';
}

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) =>
      api.get<ProductListAnswer>('/api/product', {
        signal,
        cache: 'no-store',
        query: {
          page: params.page,
          per_page: params.perPage ?? PRODUCTS_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
          category_id: params.category_id,
          brand_id: params.brand_id,
          spotlight: params.spotlight,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/product/{id}: one product with its live stock. */
export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: async ({ signal }) => (await api.get<ProductAnswer>(`/api/product/${id}`, { signal, cache: 'no-store' })).product,
    staleTime: 0,
  });
}

/** The brands for the product form's select (GET /api/brands, up to 100, by name). */
export const brandOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.brands.options,
  queryFn: async ({ signal }) =>
    (await api.get<BrandListAnswer>('/api/brands', { signal, query: { page: 1, per_page: 100 } })).brands.data,
  staleTime: 60_000,
});

export interface ProductFields {
  name: string;
  reference: string;
  stock: string;
  price: string;
  brand_id: string;
  category_id: string;
  currency_id: string;
  description: string;
  /** Empty: the global low-stock threshold applies; undefined: not sent (left as it is). */
  low_stock_threshold?: string;
  /** TVA in basis points ("1800" = 18 %, "0" = exempt). */
  tax_rate_bp: string;
  /** The exemption's mention, required (and only sent) with a rate of 0. */
  tax_exemption: string;
  /** The specification table as JSON (spec-rows.ts); undefined: not sent (left as it is). */
  specs?: string;
}

function productForm(fields: ProductFields, images: File[], override?: 'PUT'): FormData {
  const form = new FormData();
  if (override) form.append('_method', override);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const image of images) form.append('images', image);
  return form;
}

/** POST /api/product/create (multipart, 1 to 5 `images`), with the upload's progress. */
export function createProduct(fields: ProductFields, images: File[], onUploadProgress?: (fraction: number) => void) {
  return api.post<ProductSaveAnswer>('/api/product/create', productForm(fields, images), { onUploadProgress });
}

/** POST /api/product/{id}/update (`_method=PUT`): images, when sent, replace the old ones. */
export function updateProduct(
  id: number,
  fields: ProductFields,
  images: File[],
  onUploadProgress?: (fraction: number) => void,
  version?: number,
) {
  const form = productForm(fields, images, 'PUT');
  if (version !== undefined) form.append('version', String(version));
  return api.post<ProductSaveAnswer>(`/api/product/${id}/update`, form, { onUploadProgress });
}

/** DELETE /api/product/{id}/delete. */
export function deleteProduct(id: number) {
  return api.delete<DoneAnswer>(`/api/product/${id}/delete`);
}

/** PATCH /api/product/{id}/add-spotlight: toggles the popular flag. */
export function toggleSpotlight(id: number) {
  return api.patch<SpotlightAnswer>(`/api/product/${id}/add-spotlight`);
}

/** A datasheet is a PDF of at most 10 MB (the server checks the content too). */
export const DATASHEET_MAX_BYTES = 10 * 1024 * 1024;

/** POST /api/product/{id}/datasheets (multipart `file`, `title`, `version`): the list and the product's new version. */
export function addDatasheet(id: number, title: string, file: File, version?: number) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file);
  if (version !== undefined) form.append('version', String(version));
  return api.post<ProductDatasheetsAnswer>(`/api/product/${id}/datasheets`, form);
}

/** DELETE /api/product/{id}/datasheets/{datasheetId}?version. */
export function removeDatasheet(id: number, datasheetId: number, version?: number) {
  return api.delete<ProductDatasheetsAnswer>(`/api/product/${id}/datasheets/${datasheetId}`, undefined, {
    query: { version },
  });
}
