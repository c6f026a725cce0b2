import { createFileRoute } from '@tanstack/react-router';
import { ClientPage } from '../../../features/clients/client-page';
import { NotFoundInShell } from '../../../features/layout/not-found-page';
import { validateListSearch } from '../../../lib/list-search';
import { validateSortSearch, type SortSearch } from '../../../lib/list-sort';

interface ClientSearch extends SortSearch {
  page?: number;
}

export const Route = createFileRoute('/_app/client/$id')({
  validateSearch: (raw: Record<string, unknown>): ClientSearch => {
    const { page } = validateListSearch(raw);
    return { page, ...validateSortSearch(raw) };
  },
  component: function ClientRoute() {
    const { id } = Route.useParams();
    const { page = 1, sort, dir, size } = Route.useSearch();
    const navigate = Route.useNavigate();
    const customerId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (!Number.isInteger(customerId) || customerId < 1) return <NotFoundInShell />;
    return (
      <ClientPage
        key={customerId}
        customerId={customerId}
        page={page}
        view={{ sort, dir, size }}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onViewChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
      />
    );
  },
});
