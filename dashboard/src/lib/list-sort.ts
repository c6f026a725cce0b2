import type { SortDir } from '../ui/data-table';

/**
 * The order and page size of a server-sorted list in the URL: `?sort=price&dir=desc&size=50`.
 * The server checks the sort key against its own list (an unknown key is its 422), so only the
 * shape is checked here. Absent keys mean the list's defaults.
 */
export interface SortSearch {
  sort?: string;
  dir?: SortDir;
  size?: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function validateSortSearch(raw: Record<string, unknown>): SortSearch {
  const sort = typeof raw.sort === 'string' && /^[a-z_]{1,40}$/.test(raw.sort) ? raw.sort : undefined;
  const dir = raw.dir === 'asc' || raw.dir === 'desc' ? raw.dir : undefined;
  const size = Number(raw.size);
  return { sort, dir: sort ? dir : undefined, size: (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined };
}

/** The API's names for them: `sort`, `direction`, `per_page` (the list's default size otherwise). */
export function sortQuery(search: SortSearch, defaultSize: number) {
  return { sort: search.sort, direction: search.sort ? (search.dir ?? 'asc') : undefined, per_page: search.size ?? defaultSize };
}

/** A day of the URL (`?from=2026-01-31`), else nothing. */
export function dayParam(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** A positive id of the URL (`?brand_id=3`), else nothing. */
export function idParam(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A facet value of the URL, a saved view's or a select's. */
export type ViewValue = string | number | undefined;

/** What a list screen receives from its route beyond page and search: order, size and facets. */
export interface ListViewProps<V extends SortSearch> {
  view: V;
  /** Changes some of them, back to page 1. */
  onViewChange: (patch: Partial<V>) => void;
  /** Replaces search, order, size and facets at once (a saved view). */
  onViewReplace: (query: Record<string, string | number>) => void;
}

/** The URL parameters a saved view keeps: all but the page, empty ones left out. */
export function viewQueryOf(search: string, view: Record<string, ViewValue>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (search) query.search = search;
  for (const [key, value] of Object.entries(view)) if (value !== undefined && value !== '') query[key] = value;
  return query;
}

/** A list screen whose URL holds page, search, order and size but no facets (brands, categories). */
export interface SortedListPageProps extends ListViewProps<SortSearch> {
  page: number;
  search: string;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
}
