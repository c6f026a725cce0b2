import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../features/categories/categories-page';
import { validateListSearch } from '../../lib/list-search';

export const Route = createFileRoute('/_app/categories')({
  validateSearch: validateListSearch,
  component: function ListRoute() {
    const { page = 1, search = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CategoriesPage
        page={page}
        search={search}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
