import { createFileRoute } from '@tanstack/react-router';
import { InventoryCountPage } from '../../../features/stock/inventory-count-page';
import { validateListSearch, type ListSearch } from '../../../lib/list-search';

interface InventorySearch extends ListSearch {
  categorie?: number;
  etape?: 'ecarts';
}

function validateSearch(raw: Record<string, unknown>): InventorySearch {
  const category = Number(raw.categorie);
  return {
    ...validateListSearch(raw),
    categorie: Number.isInteger(category) && category > 0 ? category : undefined,
    etape: raw.etape === 'ecarts' ? 'ecarts' : undefined,
  };
}

export const Route = createFileRoute('/_app/stock/inventaire')({
  validateSearch,
  component: function InventoryRoute() {
    const { page = 1, search = '', categorie, etape } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <InventoryCountPage
        page={page}
        search={search}
        categoryId={categorie}
        review={etape === 'ecarts'}
        onSearchChange={(patch) =>
          void navigate({
            search: (prev) => ({
              ...prev,
              ...('page' in patch ? { page: patch.page && patch.page > 1 ? patch.page : undefined } : {}),
              ...('search' in patch ? { search: patch.search || undefined } : {}),
              ...('categoryId' in patch ? { categorie: patch.categoryId } : {}),
              ...('review' in patch ? { etape: patch.review ? ('ecarts' as const) : undefined } : {}),
            }),
          })
        }
      />
    );
  },
});
