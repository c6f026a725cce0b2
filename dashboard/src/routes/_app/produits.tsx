import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage, type ProductsView } from '../../features/products/products-page';
import { validateStockSearch } from '../../features/stock/stock-search';
import { idParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

function validateProductsSearch(raw: Record<string, unknown>) {
  const view: ProductsView = {
    ...validateSortSearch(raw),
    category_id: idParam(raw.category_id),
    brand_id: idParam(raw.brand_id),
    spotlight: raw.spotlight === 'yes' || raw.spotlight === 'no' ? raw.spotlight : undefined,
  };
  return { ...validateListSearch(raw), ...validateStockSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/produits')({
  validateSearch: validateProductsSearch,
  component: function ListRoute() {
    const { page = 1, search = '', stock, days, sort, dir, size, category_id, brand_id, spotlight } = Route.useSearch();
    const navigate = Route.useNavigate();
    const list = useListNavigation(validateProductsSearch);
    return (
      <ProductsPage
        page={page}
        search={search}
        stock={stock}
        days={days}
        view={{ sort, dir, size, category_id, brand_id, spotlight }}
        onStockChange={(next, nextDays) =>
          void navigate({ search: (prev) => ({ ...prev, stock: next, days: nextDays, page: undefined }) })
        }
        {...list}
      />
    );
  },
});
