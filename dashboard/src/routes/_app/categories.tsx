import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../features/categories/categories-page';
import { validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

function validateSearch(raw: Record<string, unknown>) {
  return { ...validateListSearch(raw), ...validateSortSearch(raw) };
}

export const Route = createFileRoute('/_app/categories')({
  validateSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size } = Route.useSearch();
    const list = useListNavigation(validateSearch);
    return <CategoriesPage page={page} search={search} view={{ sort, dir, size }} {...list} />;
  },
});
