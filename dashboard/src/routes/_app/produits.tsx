import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../features/products/products-page';
import { validateStockSearch } from '../../features/stock/stock-filter-bar';
import { validateListSearch } from '../../lib/list-search';

export const Route = createFileRoute('/_app/produits')({
  validateSearch: (raw: Record<string, unknown>) => ({ ...validateListSearch(raw), ...validateStockSearch(raw) }),
  component: function ListRoute() {
    const { page = 1, search = '', stock, days } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ProductsPage
        page={page}
        search={search}
        stock={stock}
        days={days}
        onStockChange={(next, nextDays) =>
          void navigate({ search: (prev) => ({ ...prev, stock: next, days: nextDays, page: undefined }) })
        }
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
