import type { BulkAnswer } from '@comptoir/api/contract';
import { api, type QueryValue } from '../../lib/api';
import { exportHref } from '../../ui/export-menu';
import type { ViewValue } from '../../lib/list-sort';

/** The lists that take bulk actions, by their API path (POST /api/{list}/bulk). */
export type BulkList = 'product' | 'blog' | 'order';

/** The rows of a bulk action: chosen ids, or every result of the list's search and facets. */
export interface BulkSelection {
  ids: number[];
  all: boolean;
}

/**
 * The list's filter in the API's names, as the export sends it (one mapping of the URL's view to the
 * list's parameters: ui/export-menu.ts), without the file format.
 */
export function listFilterQuery(search: string, view: Record<string, ViewValue>): Record<string, QueryValue> {
  const params = new URL(exportHref('/', 'csv', search, view), 'http://liste').searchParams;
  params.delete('format');
  return Object.fromEntries(params.entries());
}

/** POST /api/{list}/bulk: the action and its values, with the selection (and the filter when « all »). */
export function runBulk(
  list: BulkList,
  selection: BulkSelection,
  filter: Record<string, QueryValue>,
  action: Record<string, unknown>,
): Promise<BulkAnswer> {
  const body = selection.all ? { ...action, all: true } : { ...action, ids: selection.ids };
  return api.post<BulkAnswer>(`/api/${list}/bulk`, body, { query: selection.all ? filter : {} });
}

/** POST /api/{list}/bulk/{operation}/undo. */
export function undoBulk(list: BulkList, operationId: number): Promise<BulkAnswer> {
  return api.post<BulkAnswer>(`/api/${list}/bulk/${operationId}/undo`);
}
