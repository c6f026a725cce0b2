import type { InvoiceState } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { FormAlert } from '../../ui/field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { RequireView } from '../auth/permissions';
import {
  exportUrl,
  INVOICE_STATE_OPTIONS,
  INVOICE_STATE_TONE,
  invoicePdfUrl,
  invoicesQueryOptions,
  type InvoiceFilters,
} from './api';
import { invoiceMoney } from './invoice-money';

export interface InvoicesPageProps {
  filters: InvoiceFilters;
  onFiltersChange: (patch: Partial<InvoiceFilters>) => void;
}

/** « Factures »: every invoice with its state, TTC and balance per currency; filters in the URL; the accountant's export. */
export function InvoicesPage(props: InvoicesPageProps) {
  useDocumentTitle('Factures');
  return (
    <RequireView category="invoices">
      <Invoices {...props} />
    </RequireView>
  );
}

function Invoices({ filters, onFiltersChange }: InvoicesPageProps) {
  const query = useQuery(invoicesQueryOptions(filters));
  const invoices = query.data?.invoices ?? [];
  return (
    <div className="flex flex-col gap-2">
      <PageHeader
        title="Factures"
        breadcrumb={['Facturation', 'Factures']}
        actions={
          <div className="flex gap-1">
            <a className={buttonClasses('secondary', 'sm')} href={exportUrl('csv', filters.from, filters.to)}>
              <FileDown className="size-2" aria-hidden="true" />
              Export CSV
            </a>
            <a className={buttonClasses('secondary', 'sm')} href={exportUrl('xlsx', filters.from, filters.to)}>
              <FileDown className="size-2" aria-hidden="true" />
              Export XLSX
            </a>
          </div>
        }
      />
      <form className="flex flex-wrap items-end gap-1 text-sm" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col">
          État
          <select
            className="rounded border border-line px-0.5"
            value={filters.state ?? ''}
            onChange={(e) => onFiltersChange({ state: (e.target.value || undefined) as InvoiceState | undefined })}
          >
            <option value="">Tous</option>
            {INVOICE_STATE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Client
          <input
            className="rounded border border-line px-0.5"
            defaultValue={filters.client ?? ''}
            onBlur={(e) => onFiltersChange({ client: e.target.value.trim() || undefined })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onFiltersChange({ client: e.currentTarget.value.trim() || undefined });
            }}
          />
        </label>
        <label className="flex flex-col">
          Du
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={filters.from ?? ''}
            onChange={(e) => onFiltersChange({ from: e.target.value || undefined })}
          />
        </label>
        <label className="flex flex-col">
          Au
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={filters.to ?? ''}
            onChange={(e) => onFiltersChange({ to: e.target.value || undefined })}
          />
        </label>
      </form>
      {query.isPending && <Spinner />}
      {query.isError && <FormAlert>Les factures n’ont pas pu être chargées.</FormAlert>}
      {query.data && (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm" data-testid="invoices-list">
            <thead className="bg-surface-muted text-left">
              <tr>
                <th className="px-1 py-0.5">Facture</th>
                <th className="px-1 py-0.5">Commande</th>
                <th className="px-1 py-0.5">Client</th>
                <th className="px-1 py-0.5">Date</th>
                <th className="px-1 py-0.5">Échéance</th>
                <th className="px-1 py-0.5">État</th>
                <th className="px-1 py-0.5 text-right">Total TTC</th>
                <th className="px-1 py-0.5 text-right">Solde dû</th>
                <th className="px-1 py-0.5">
                  <span className="sr-only">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.length === 0 && (
                <tr>
                  <td colSpan={9} className="px-1 py-2 text-center text-ink-muted">
                    Aucune facture.
                  </td>
                </tr>
              )}
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-line">
                  <td className="whitespace-nowrap px-1 py-0.5 font-medium">{invoice.number}</td>
                  <td className="whitespace-nowrap px-1 py-0.5">{invoice.order_num}</td>
                  <td className="px-1 py-0.5">{invoice.company_name}</td>
                  <td className="whitespace-nowrap px-1 py-0.5">{formatDate(invoice.issued_at)}</td>
                  <td className="whitespace-nowrap px-1 py-0.5">{formatDate(`${invoice.due_date}T12:00:00Z`)}</td>
                  <td className="px-1 py-0.5">
                    <Badge tone={INVOICE_STATE_TONE[invoice.state]}>{invoice.state_label}</Badge>
                  </td>
                  <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
                    {invoice.currencies.map((c) => (
                      <span key={c.currency_code} className="block">
                        {invoiceMoney(c.ttc, c.currency_code)}
                      </span>
                    ))}
                  </td>
                  <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
                    {invoice.currencies.map((c) => (
                      <span key={c.currency_code} className="block">
                        {invoiceMoney(c.balance, c.currency_code)}
                      </span>
                    ))}
                  </td>
                  <td className="px-1 py-0.5 text-right">
                    <a
                      className={buttonClasses('secondary', 'sm')}
                      href={invoicePdfUrl(invoice.id)}
                      target="_blank"
                      rel="noopener"
                      aria-label={`PDF de la facture ${invoice.number}`}
                    >
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
