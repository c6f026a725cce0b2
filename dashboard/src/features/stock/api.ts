import type { DoneAnswer, StockEntryRow, StockListAnswer, StockSaveAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The stock entries table shows 8 per page. */
export const STOCK_PER_PAGE = 8;

/** GET /api/stock?page&per_page&search (search on the name). */
/** GET /api/stock's order and facets (its STOCK_ENTRY_LIST): perishable or not, expiry and receipt days. */
export interface StockEntriesFilters {
  sort?: string;
  direction?: 'asc' | 'desc';
  expirable?: 'yes' | 'no';
  expiry_from?: string;
  expiry_to?: string;
  from?: string;
  to?: string;
}

export function stockQueryOptions(params: ListParams & StockEntriesFilters) {
  return queryOptions({
    queryKey: queryKeys.stock.list(params),
    queryFn: ({ signal }) =>
      api.get<StockListAnswer>('/api/stock', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? STOCK_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
          expirable: params.expirable,
          expiry_from: params.expiry_from,
          expiry_to: params.expiry_to,
          from: params.from,
          to: params.to,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A stock entry with the product it received (entries from before the ledger name none). */
export type StockEntry = StockEntryRow & { product_id?: number | null; product_name?: string | null };

export interface StockFields {
  name: string;
  price: string;
  quantity: string;
  manufacture_date: string;
  /** true: the goods expire, and `expiry_date` is sent. */
  expirable: boolean;
  expiry_date: string;
  billing_date: string;
  /** The product whose stock the entry's quantity goes to; undefined: not sent, '': none (no longer linked). */
  product_id?: string;
}

function stockForm(fields: StockFields, image: File | null, override?: 'PUT'): FormData {
  return toFormData(
    {
      name: fields.name,
      price: fields.price,
      quantity: fields.quantity,
      manufacture_date: fields.manufacture_date,
      expirable: fields.expirable,
      expiry_date: fields.expirable ? fields.expiry_date : undefined,
      billing_date: fields.billing_date || undefined,
      product_id: fields.product_id,
      image: image ?? undefined,
    },
    override,
  );
}

/** POST /api/stock/create (multipart, image required). */
export function createStockEntry(fields: StockFields, image: File | null) {
  return api.post<StockSaveAnswer>('/api/stock/create', stockForm(fields, image));
}

/** POST /api/stock/{id}/update (multipart, `_method=PUT`; the image only when replaced). */
export function updateStockEntry(id: number, fields: StockFields, image: File | null, version?: number) {
  const form = stockForm(fields, image, 'PUT');
  if (version !== undefined) form.append('version', String(version));
  return api.post<StockSaveAnswer>(`/api/stock/${id}/update`, form);
}

/** DELETE /api/stock/{id}/delete. */
export function deleteStockEntry(id: number) {
  return api.delete<DoneAnswer>(`/api/stock/${id}/delete`);
}
