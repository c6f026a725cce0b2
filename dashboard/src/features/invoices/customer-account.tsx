import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { FormAlert } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { customerAccountQueryOptions, INVOICE_STATE_TONE, invoicePdfUrl } from './api';
import { invoiceMoney } from './invoice-money';

const cell = 'px-1 py-0.5';

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
              <div className="overflow-x-auto rounded border border-line">
                <table className="w-full" data-testid="customer-invoices">
                  <caption className="sr-only">Factures du client</caption>
                  <thead className="bg-surface-muted text-left">
                    <tr>
                      <th className={cell}>Facture</th>
                      <th className={cell}>Date</th>
                      <th className={cell}>Commande</th>
                      <th className={`${cell} text-right`}>Total TTC</th>
                      <th className={`${cell} text-right`}>Payé</th>
                      <th className={`${cell} text-right`}>Solde dû</th>
                      <th className={cell}>État</th>
                    </tr>
                  </thead>
                  <tbody>
                    {account.invoices.map((invoice) => (
                      <tr key={invoice.id} className="border-t border-line align-top">
                        <td className={`${cell} whitespace-nowrap font-medium`}>
                          <a className="underline" href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener">
                            {invoice.number}
                          </a>
                        </td>
                        <td className={`${cell} whitespace-nowrap`}>{formatDate(invoice.issued_at)}</td>
                        <td className={`${cell} whitespace-nowrap`}>{invoice.order_num}</td>
                        {(['ttc', 'paid', 'balance'] as const).map((field) => (
                          <td key={field} className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                            {invoice.currencies.map((c) => (
                              <span key={c.currency_code} className="block">
                                {invoiceMoney(c[field], c.currency_code)}
                              </span>
                            ))}
                          </td>
                        ))}
                        <td className={cell}>
                          <Badge tone={INVOICE_STATE_TONE[invoice.state]}>{invoice.state_label}</Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {account.payments.length > 0 && (
              <div className="overflow-x-auto rounded border border-line">
                <table className="w-full" data-testid="customer-payments">
                  <caption className="sr-only">Paiements du client</caption>
                  <thead className="bg-surface-muted text-left">
                    <tr>
                      <th className={cell}>Date du paiement</th>
                      <th className={cell}>Facture</th>
                      <th className={cell}>Moyen</th>
                      <th className={cell}>Référence</th>
                      <th className={`${cell} text-right`}>Montant</th>
                    </tr>
                  </thead>
                  <tbody>
                    {account.payments.map((p) => (
                      <tr key={p.id} className="border-t border-line">
                        <td className={`${cell} whitespace-nowrap`}>{formatDate(p.paid_at)}</td>
                        <td className={`${cell} whitespace-nowrap`}>{p.invoice_number}</td>
                        <td className={cell}>{p.method_label}</td>
                        <td className={cell}>{p.reference ?? '—'}</td>
                        <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                          {invoiceMoney(p.amount, p.currency_code)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
