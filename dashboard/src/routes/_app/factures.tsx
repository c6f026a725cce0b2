import { createFileRoute } from '@tanstack/react-router';
import type { InvoiceState } from '@comptoir/api/contract';
import { InvoicesPage, type InvoicesView } from '../../features/invoices/invoices-page';
import { dayParam, validateSortSearch } from '../../lib/list-sort';
import { validateListSearch } from '../../lib/list-search';
import { useListNavigation } from '../../lib/use-list-navigation';

const STATES: InvoiceState[] = ['issued', 'partly_paid', 'paid', 'overdue', 'canceled_by_credit_note'];
const CURRENCIES = ['XOF', 'EUR', 'USD'];

function validateInvoicesSearch(raw: Record<string, unknown>) {
  const view: InvoicesView = {
    ...validateSortSearch(raw),
    state: STATES.includes(raw.state as InvoiceState) ? (raw.state as InvoiceState) : undefined,
    currency: CURRENCIES.includes(raw.currency as string) ? (raw.currency as string) : undefined,
    from: dayParam(raw.from),
    to: dayParam(raw.to),
  };
  return { ...validateListSearch(raw), ...view };
}

export const Route = createFileRoute('/_app/factures')({
  validateSearch: validateInvoicesSearch,
  component: function InvoicesRoute() {
    const { page = 1, search = '', sort, dir, size, state, currency, from, to } = Route.useSearch();
    const list = useListNavigation(validateInvoicesSearch);
    return <InvoicesPage page={page} search={search} view={{ sort, dir, size, state, currency, from, to }} {...list} />;
  },
});
