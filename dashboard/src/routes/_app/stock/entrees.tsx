import { createFileRoute } from '@tanstack/react-router';
import { StockPage, type StockEntriesView } from '../../../features/stock/stock-page';
import { dayParam, validateSortSearch } from '../../../lib/list-sort';
import { validateListSearch } from '../../../lib/list-search';
import { useListNavigation } from '../../../lib/use-list-navigation';

function validateStockSearch(raw: Record<string, unknown>) {
  const view: StockEntriesView = {
    ...validateSortSearch(raw),
    expirable: raw.expirable === 'yes' || raw.expirable === 'no' ? raw.expirable : undefined,
    expiry_from: dayParam(raw.expiry_from),
    expiry_to: dayParam(raw.expiry_to),
    from: dayParam(raw.from),
    to: dayParam(raw.to),
  };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/stock/entrees')({
  validateSearch: validateStockSearch,
  component: function ListRoute() {
    const { page = 1, search = '', sort, dir, size, expirable, expiry_from, expiry_to, from, to } = Route.useSearch();
    const list = useListNavigation(validateStockSearch);
    return (
      <StockPage page={page} search={search} view={{ sort, dir, size, expirable, expiry_from, expiry_to, from, to }} {...list} />
    );
  },
});
