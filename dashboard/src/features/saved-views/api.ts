import type { DoneAnswer, SavedViewListAnswer, SavedViewSaveAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The lists whose views the API keeps (its SAVED_VIEW_LISTS). */
export type SavedViewListName =
  | 'products'
  | 'orders'
  | 'clients'
  | 'articles'
  | 'brands'
  | 'categories'
  | 'stock_entries'
  | 'admins'
  | 'audit'
  | 'media'
  | 'invoices';

export type ViewQuery = Record<string, string | number>;

export const savedViewsKey = (list: SavedViewListName) => ['saved-views', list] as const;

/** GET /api/saved-views?list=: the signed-in person's views of a list. */
export function savedViewsQueryOptions(list: SavedViewListName) {
  return queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: ({ signal }) => api.get<SavedViewListAnswer>('/api/saved-views', { signal, query: { list } }),
  });
}

/** POST /api/saved-views: saves (or replaces, same name) a view. */
export function saveView(list: SavedViewListName, name: string, query: ViewQuery) {
  return api.post<SavedViewSaveAnswer>('/api/saved-views', { list, name, query });
}

export function deleteView(id: number) {
  return api.delete<DoneAnswer>(`/api/saved-views/${id}`);
}
