import { createFileRoute } from '@tanstack/react-router';
import { AdminsPage, type AdminsView } from '../../../features/administration/admins/admins-page';
import { idParam, validateSortSearch } from '../../../lib/list-sort';
import { validateListSearch } from '../../../lib/list-search';
import { useListNavigation } from '../../../lib/use-list-navigation';

function validateAdminsSearch(raw: Record<string, unknown>) {
  const view: AdminsView = { ...validateSortSearch(raw), role_id: idParam(raw.role_id) };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/administration/admins')({
  validateSearch: validateAdminsSearch,
  component: function AdminsRoute() {
    const { page = 1, search = '', sort, dir, size, role_id } = Route.useSearch();
    const list = useListNavigation(validateAdminsSearch);
    return <AdminsPage page={page} search={search} view={{ sort, dir, size, role_id }} {...list} />;
  },
});
