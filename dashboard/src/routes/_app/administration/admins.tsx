import { createFileRoute } from '@tanstack/react-router';
import { AdminsPage, type AdminsView } from '../../../features/administration/admins/admins-page';
import { idParam, validateSortSearch } from '../../../lib/list-sort';
import { validateListSearch } from '../../../lib/list-search';

function validateAdminsSearch(raw: Record<string, unknown>) {
  const view: AdminsView = { ...validateSortSearch(raw), role_id: idParam(raw.role_id) };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/administration/admins')({
  validateSearch: validateAdminsSearch,
  component: function AdminsRoute() {
    const { page = 1, search = '', sort, dir, size, role_id } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AdminsPage
        page={page}
        search={search}
        view={{ sort, dir, size, role_id }}
        onViewChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
        onViewReplace={(query) => void navigate({ search: validateAdminsSearch(query) })}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })}
      />
    );
  },
});
