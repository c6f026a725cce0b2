import type { InvoiceState, InvoiceSummaryView } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { FileDown } from 'lucide-react';
import { useMemo } from 'react';
import { formatDate } from '../../lib/format';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { useDocumentTitle } from '../../lib/use-document-title';
import { listTableState, pagerOf, useClampPage, withPageSize } from '../../lib/use-list-page';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { DayFilter, FacetFilter, ListToolbar } from '../../ui/facet-filter';
import { ListPageHeader } from '../../ui/list-page-header';
import { RequireView } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import {
  exportUrl,
  INVOICE_STATE_OPTIONS,
  INVOICE_STATE_TONE,
  invoicePdfUrl,
  INVOICES_PER_PAGE,
  invoicesQueryOptions,
} from './api';
import { invoiceMoney } from './invoice-money';

/** The invoices list's URL beyond page and search: order, size, state, currency and period. */
export interface InvoicesView extends SortSearch {
  state?: InvoiceState;
  currency?: string;
  from?: string;
  to?: string;
}

export const INVOICE_CURRENCY_OPTIONS = [
  { value: 'XOF', label: 'FCFA (XOF)' },
  { value: 'EUR', label: 'Euro (EUR)' },
  { value: 'USD', label: 'Dollar (USD)' },
];

export type InvoicesPageProps = ListPageProps & ListViewProps<InvoicesView>;

/** « Factures »: every invoice with its state, TTC and balance per currency; sorted and filtered on the server. */
export function InvoicesPage(props: InvoicesPageProps) {
  useDocumentTitle('Factures');
  return (
    <RequireView category="invoices">
      <Invoices {...props} />
    </RequireView>
  );
}

const column = createColumnHelper<InvoiceSummaryView>();

/** One amount per currency of the invoice, one under the other. */
function Amounts({ invoice, amount }: { invoice: InvoiceSummaryView; amount: 'ttc' | 'paid' | 'balance' }) {
  return invoice.currencies.map((c) => (
    <span key={c.currency_code} className="block">
      {invoiceMoney(c[amount], c.currency_code)}
    </span>
  ));
}

/** An amount column, one line per currency; sortable on the server when the list sorts by it. */
function amountColumn(amount: 'ttc' | 'paid' | 'balance', header: string, sortable: boolean) {
  return column.display({
    id: amount,
    header,
    meta: {
      className: 'whitespace-nowrap text-right tabular-nums',
      headerClassName: 'text-right',
      ...(sortable ? { sortKey: amount } : {}),
    },
    cell: (info) => <Amounts invoice={info.row.original} amount={amount} />,
  });
}

/** The invoice columns: the « Factures » list's, and the client page's (without the client, with the amount paid). */
export function invoiceColumns({ withClient }: { withClient: boolean }) {
  return [
    column.accessor('number', {
      header: 'Facture',
      meta: { className: 'whitespace-nowrap font-medium', sortKey: 'number' },
    }),
    column.accessor('order_num', { header: 'Commande', meta: { className: 'whitespace-nowrap' } }),
    ...(withClient ? [column.accessor('company_name', { header: 'Client', meta: { sortKey: 'company_name' } })] : []),
    column.accessor('issued_at', {
      header: 'Date',
      meta: { className: 'whitespace-nowrap', sortKey: 'issued_at' },
      cell: (info) => formatDate(info.getValue()),
    }),
    column.accessor('due_date', {
      header: 'Échéance',
      meta: { className: 'whitespace-nowrap', sortKey: 'due_date' },
      cell: (info) => formatDate(`${info.getValue()}T12:00:00Z`),
    }),
    column.accessor('state', {
      header: 'État',
      meta: { sortKey: 'state' },
      cell: (info) => <Badge tone={INVOICE_STATE_TONE[info.getValue()]}>{info.row.original.state_label}</Badge>,
    }),
    amountColumn('ttc', 'Total TTC', withClient),
    ...(withClient ? [] : [amountColumn('paid', 'Payé', false)]),
    amountColumn('balance', 'Solde dû', withClient),
    column.display({
      id: 'pdf',
      header: () => <span className="sr-only">PDF</span>,
      meta: { className: 'w-[1%] text-right' },
      cell: (info) => (
        <a
          className={buttonClasses('secondary', 'sm')}
          href={invoicePdfUrl(info.row.original.id)}
          target="_blank"
          rel="noopener"
          aria-label={`PDF de la facture ${info.row.original.number}`}
        >
          PDF
        </a>
      ),
    }),
  ];
}

function Invoices({ page, search, onPageChange, onSearchChange, view, onViewChange, onViewReplace }: InvoicesPageProps) {
  const { per_page: perPage, ...order } = sortQuery(view, INVOICES_PER_PAGE);
  const list = useQuery(
    invoicesQueryOptions({
      page,
      search,
      perPage,
      ...order,
      state: view.state,
      currency: view.currency,
      from: view.from,
      to: view.to,
    }),
  );
  const invoices = list.data?.page;
  useClampPage(invoices, page, onPageChange);
  const columns = useMemo(() => invoiceColumns({ withClient: true }), []);

  return (
    <section>
      <ListPageHeader
        title="Factures"
        total={invoices?.total}
        breadcrumb={['Facturation', 'Factures']}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder="Trouver une facture, une commande ou un client"
        createLabel=""
      />
      <ListToolbar label="Filtrer les factures">
        <FacetFilter
          label="État"
          value={view.state}
          options={INVOICE_STATE_OPTIONS}
          onChange={(state) => onViewChange({ state: state as InvoiceState | undefined })}
          allLabel="Tous"
        />
        <FacetFilter
          label="Devise"
          value={view.currency}
          options={INVOICE_CURRENCY_OPTIONS}
          onChange={(currency) => onViewChange({ currency })}
          allLabel="Toutes"
        />
        <DayFilter label="Émises du" value={view.from} onChange={(from) => onViewChange({ from })} />
        <DayFilter label="au" value={view.to} onChange={(to) => onViewChange({ to })} />
        <span className="ml-auto flex gap-1">
          {/* The accountant's export covers the period (every invoice, credit note and payment of it). */}
          <a className={buttonClasses('secondary', 'sm')} href={exportUrl('csv', view.from, view.to)}>
            <FileDown className="size-2" aria-hidden="true" />
            Export CSV
          </a>
          <a className={buttonClasses('secondary', 'sm')} href={exportUrl('xlsx', view.from, view.to)}>
            <FileDown className="size-2" aria-hidden="true" />
            Export XLSX
          </a>
          <SavedViewsMenu list="invoices" current={viewQueryOf(search, { ...view })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      <DataTable
        label="Liste des factures"
        columns={columns}
        data={invoices?.data}
        getRowId={(row) => String(row.id)}
        {...listTableState(list, 'Erreur lors du chargement des factures.')}
        emptyMessage="Aucune facture trouvée"
        pagination={withPageSize(pagerOf(invoices, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
      />
    </section>
  );
}
