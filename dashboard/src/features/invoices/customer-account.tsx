import type { CustomerAccountView } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDate } from '../../lib/format';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { FormAlert } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { customerAccountQueryOptions } from './api';
import { invoiceColumns } from './invoices-page';
import { invoiceMoney } from './invoice-money';

type AccountPayment = CustomerAccountView['payments'][number];
const payment = createColumnHelper<AccountPayment>();

const invoiceTableColumns = invoiceColumns({ withClient: false });

const paymentColumns = [
  payment.accessor('paid_at', {
    header: 'Date du paiement',
    meta: { className: 'whitespace-nowrap' },
    cell: (info) => formatDate(info.getValue()),
  }),
  payment.accessor('invoice_number', { header: 'Facture', meta: { className: 'whitespace-nowrap' } }),
  payment.accessor('method_label', { header: 'Moyen' }),
  payment.accessor('reference', { header: 'Référence', cell: (info) => info.getValue() ?? '—' }),
  payment.accessor('amount', {
    header: 'Montant',
    meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
    cell: (info) => invoiceMoney(info.getValue(), info.row.original.currency_code),
  }),
];

/** « Compte client » on the client page: balance due per currency, invoices and payments (right `invoices` view). */
export function CustomerAccount({ customerId }: { customerId: number }) {
  const { can } = usePermissions();
  const allowed = can('invoices', 'view');
  const query = useQuery({ ...customerAccountQueryOptions(customerId), enabled: allowed });
  if (!allowed) return null;
  const account = query.data;
  return (
    <Card title="Compte client" className="mb-2">
      <div className="flex flex-col gap-1.5 text-sm" data-testid="customer-account">
        {query.isPending && <Spinner />}
        {query.isError && <FormAlert>Le compte du client n’a pas pu être chargé.</FormAlert>}
        {account && (
          <>
            {account.balances.length === 0 ? (
              <p className="text-ink-muted">Aucune facture pour ce client.</p>
            ) : (
              <dl className="flex flex-wrap gap-2" data-testid="customer-balances">
                {account.balances.map((b) => (
                  <div key={b.currency_code} className="rounded border border-line px-1 py-0.5">
                    <dt className="text-ink-muted">Solde dû ({b.currency_code})</dt>
                    <dd className={`text-lg font-semibold tabular-nums ${b.balance_minor > 0 ? 'text-danger' : ''}`}>
                      {invoiceMoney(b.balance, b.currency_code)}
                    </dd>
                    <dd className="text-xs text-ink-muted">
                      Facturé {invoiceMoney(b.invoiced, b.currency_code)} · payé {invoiceMoney(b.paid, b.currency_code)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {account.invoices.length > 0 && (
              <div data-testid="customer-invoices">
                <DataTable
                  label="Factures du client"
                  columns={invoiceTableColumns}
                  data={account.invoices}
                  getRowId={(row) => String(row.id)}
                  isLoading={false}
                  emptyMessage="Aucune facture pour ce client."
                />
              </div>
            )}
            {account.payments.length > 0 && (
              <div data-testid="customer-payments">
                <DataTable
                  label="Paiements du client"
                  columns={paymentColumns}
                  data={account.payments}
                  getRowId={(row) => String(row.id)}
                  isLoading={false}
                  emptyMessage="Aucun paiement."
                />
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
