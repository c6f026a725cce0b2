import type { AccountBalance } from '@comptoir/api/contract';
import { invoiceMoney } from '../invoices/invoice-money';

/**
 * An order's invoiced amount (TTC less credit notes) or balance due, one line per currency of its
 * invoices, as the server computed them (GET /api/order/list); « — » before any invoice.
 */
export function OrderBalanceCell({ balances, field }: { balances: AccountBalance[]; field: 'invoiced' | 'balance' }) {
  if (!balances.length) return <span className="text-ink-subtle">—</span>;
  return (
    <span className="flex flex-col items-end">
      {balances.map((b) => (
        <span
          key={b.currency_code}
          className={field === 'balance' && b.balance_minor > 0 ? 'font-medium text-warning' : undefined}
        >
          {invoiceMoney(b[field], b.currency_code)}
        </span>
      ))}
    </span>
  );
}
