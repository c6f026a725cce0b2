/**
 * The URL search of a server-paginated list: `?page=2&search=dupont`. Page 1 and an empty
 * search stay out of the URL. Use as a route's `validateSearch`:
 *
 *   export const Route = createFileRoute('/_app/marques')({ validateSearch: validateListSearch, ... });
 *   const { page = 1, search = '' } = Route.useSearch();
 *   const navigate = Route.useNavigate();
 *   // a new search goes back to page 1:
 *   navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) });
 */
export interface ListSearch {
  page?: number;
  search?: string;
}

export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  const search = typeof raw.search === 'string' ? raw.search.trim() : typeof raw.search === 'number' ? String(raw.search) : '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    search: search ? search.slice(0, 100) : undefined,
  };
}
