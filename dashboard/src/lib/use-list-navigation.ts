import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';

/** What every list keeps in its URL, beside its own order, size and facets. */
type ListUrl = { page?: number; search?: string };

/**
 * The handlers a list screen gets from its route, one rule for every list: a new search, order, size
 * or facet goes back to page 1; page 1 and an empty search stay out of the URL; a saved view replaces
 * all but the page, checked by the route's own `validate` (pass a module-level function).
 */
export function useListNavigation<S extends ListUrl>(validate: (raw: Record<string, unknown>) => S) {
  const navigate = useNavigate();
  return useMemo(() => {
    // The current route's search, changed in place (the route's `validateSearch` reads it back).
    const go = (next: (prev: S) => S) => void navigate({ to: '.', search: next as never });
    return {
      onViewChange: (patch: Partial<S>) => go((prev) => ({ ...prev, ...patch, page: undefined })),
      onViewReplace: (query: Record<string, string | number>) => go(() => validate(query)),
      onPageChange: (next: number) => go((prev) => ({ ...prev, page: next > 1 ? next : undefined })),
      onSearchChange: (next: string) => go((prev) => ({ ...prev, search: next || undefined, page: undefined })),
    };
  }, [navigate, validate]);
}
