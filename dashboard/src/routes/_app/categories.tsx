import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../features/categories/categories-page';
import { validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';

function validateSearch(raw: Record<string, unknown>) {
  return { ...validateListSearch(raw), ...validateSortSearch(raw) };
}

export const Route = createFileRoute('/_app/categories')({
  validateSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CategoriesPage
        page={page}
        search={search}
        view={{ sort, dir, size }}
        onViewChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
        onViewReplace={(query) => void navigate({ search: validateSearch(query) })}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
