import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage, type OrdersView } from '../../features/orders/orders-page';
import { isOrderStatus } from '../../features/orders/status';
import type { OrderStatusValue } from '@comptoir/api/contract';
import { dayParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch, type ListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

interface OrdersSearch extends ListSearch, OrdersView {
  status?: OrderStatusValue;
}

function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  return {
    ...validateListSearch(raw),
    status: isOrderStatus(raw.status) ? raw.status : undefined,
    ...validateSortSearch(raw),
    currency: raw.currency === 'Fcfa' || raw.currency === 'Euro' || raw.currency === 'Dollar' ? raw.currency : undefined,
    from: dayParam(raw.from),
    to: dayParam(raw.to),
    vue: raw.vue === 'lignes' ? 'lignes' : undefined,
  };
}

export const Route = createFileRoute('/_app/commandes')({
  validateSearch: validateOrdersSearch,
  component: function OrdersRoute() {
    const { page = 1, search = '', status, sort, dir, size, currency, from, to, vue } = Route.useSearch();
    const navigate = Route.useNavigate();
    const list = useListNavigation(validateOrdersSearch);
    return (
      <OrdersPage
        page={page}
        search={search}
        status={status}
        view={{ sort, dir, size, currency, from, to, vue }}
        {...list}
        onStatusChange={(next) => void navigate({ search: (prev) => ({ ...prev, status: next, page: undefined }) })}
      />
    );
  },
});
