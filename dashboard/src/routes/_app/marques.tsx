import { createFileRoute } from '@tanstack/react-router';
import { BrandsPage } from '../../features/brands/brands-page';
import { validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

function validateSearch(raw: Record<string, unknown>) {
  return { ...validateListSearch(raw), ...validateSortSearch(raw) };
}

export const Route = createFileRoute('/_app/marques')({
  validateSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size } = Route.useSearch();
    const list = useListNavigation(validateSearch);
    return <BrandsPage page={page} search={search} view={{ sort, dir, size }} {...list} />;
  },
});
