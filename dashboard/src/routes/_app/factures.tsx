import { createFileRoute } from '@tanstack/react-router';
import type { InvoiceState } from '@comptoir/api/contract';
import { InvoicesPage } from '../../features/invoices/invoices-page';
import type { InvoiceFilters } from '../../features/invoices/api';
import { dayParam } from '../../lib/list-sort';

const STATES: InvoiceState[] = ['issued', 'partly_paid', 'paid', 'overdue', 'canceled_by_credit_note'];

function validateInvoicesSearch(raw: Record<string, unknown>): InvoiceFilters {
  return {
    state: STATES.includes(raw.state as InvoiceState) ? (raw.state as InvoiceState) : undefined,
    client: typeof raw.client === 'string' && raw.client.trim() ? raw.client.trim().slice(0, 100) : undefined,
    from: dayParam(raw.from),
    to: dayParam(raw.to),
  };
}

export const Route = createFileRoute('/_app/factures')({
  validateSearch: validateInvoicesSearch,
  component: function InvoicesRoute() {
    const filters = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <InvoicesPage filters={filters} onFiltersChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })} />
    );
  },
});
