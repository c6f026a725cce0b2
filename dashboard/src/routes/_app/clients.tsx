import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage, type ClientsView } from '../../features/clients/clients-page';
import { dayParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';

function validateClientsSearch(raw: Record<string, unknown>) {
  const view: ClientsView = { ...validateSortSearch(raw), from: dayParam(raw.from), to: dayParam(raw.to) };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/clients')({
  validateSearch: validateClientsSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size, from, to } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ClientsPage
        page={page}
        search={search}
        view={{ sort, dir, size, from, to }}
        onViewChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
        onViewReplace={(query) => void navigate({ search: validateClientsSearch(query) })}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
