import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage, type ClientsView } from '../../features/clients/clients-page';
import { dayParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

function validateClientsSearch(raw: Record<string, unknown>) {
  const view: ClientsView = { ...validateSortSearch(raw), from: dayParam(raw.from), to: dayParam(raw.to) };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/clients')({
  validateSearch: validateClientsSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size, from, to } = Route.useSearch();
    const list = useListNavigation(validateClientsSearch);
    return <ClientsPage page={page} search={search} view={{ sort, dir, size, from, to }} {...list} />;
  },
});
