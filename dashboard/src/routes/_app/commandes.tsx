import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../features/orders/orders-page';
import { isOrderStatus } from '../../features/orders/status';
import type { OrderStatusValue } from '@comptoir/api/contract';
import { validateListSearch, type ListSearch } from '../../lib/list-search';

interface OrdersSearch extends ListSearch {
  status?: OrderStatusValue;
}

export const Route = createFileRoute('/_app/commandes')({
  validateSearch: (raw: Record<string, unknown>): OrdersSearch => ({
    ...validateListSearch(raw),
    status: isOrderStatus(raw.status) ? raw.status : undefined,
  }),
  component: function OrdersRoute() {
    const { page = 1, search = '', status } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <OrdersPage
        page={page}
        search={search}
        status={status}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
        onStatusChange={(next) => void navigate({ search: (prev) => ({ ...prev, status: next, page: undefined }) })}
      />
    );
  },
});
