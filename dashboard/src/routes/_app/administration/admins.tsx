import { createFileRoute } from '@tanstack/react-router';
import { AdminsPage } from '../../../features/administration/admins/admins-page';
import { validateListSearch } from '../../../lib/list-search';

export const Route = createFileRoute('/_app/administration/admins')({
  validateSearch: validateListSearch,
  component: function AdminsRoute() {
    const { page = 1, search = '' } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AdminsPage
        page={page}
        search={search}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
