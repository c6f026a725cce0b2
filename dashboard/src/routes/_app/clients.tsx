import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '../../features/clients/clients-page';
import { validateListSearch } from '../../lib/list-search';

export const Route = createFileRoute('/_app/clients')({
  validateSearch: validateListSearch,
  component: function ListRoute() {
    const { page = 1, search = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ClientsPage
        page={page}
        search={search}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
