import type { OrderStatusValue, StaffOrderSummary } from '@comptoir/api/contract';
import { useState } from 'react';
import type { QueryValue } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from '../orders/status';
import { BulkBar } from './bulk-bar';
import { BulkButton } from './bulk-buttons';
import { useBulkAction } from './use-bulk-action';
import type { RowSelection } from './use-row-selection';
import { ValueDialog } from './value-dialog';

/** The statuses whose change the client and its representative are e-mailed about (as one change). */
const MAILED: readonly OrderStatusValue[] = ['inprogress', 'shipped', 'canceled'];

/** What a change to `next` does to each order's stock: the single change's words, for many orders. */
export function bulkStockConsequence(next: OrderStatusValue): string {
  if (next === 'canceled')
    return 'Le stock réservé par chaque commande est rendu ; ce qui était compté comme livré revient en stock.';
  if (next === 'shipped') return 'Le stock réservé est compté comme livré ; une commande dont le stock manque est refusée.';
  const period = next === 'pending' ? ' Une nouvelle période de réservation commence.' : '';
  return `Le stock reste ou redevient réservé ; une commande dont le stock manque est refusée.${period}`;
}

export function bulkMailConsequence(next: OrderStatusValue): string {
  if (!MAILED.includes(next)) return 'Aucun e-mail n’est envoyé.';
  return 'Un e-mail est envoyé au client et à son représentant de chaque commande, après quelques secondes pendant lesquelles « Annuler » reprend tout.';
}

/** The orders list's bulk toolbar: change the status, confirmed with what the stock and the e-mails will do. */
export function OrderBulkActions({
  rows,
  filter,
}: {
  rows: RowSelection<StaffOrderSummary>;
  filter: Record<string, QueryValue>;
}) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<OrderStatusValue | ''>('');
  const { send, what, selected } = useBulkAction({
    list: 'order',
    rows,
    filter,
    invalidate: [queryKeys.orders.all, queryKeys.summary, queryKeys.products.all],
    noun: { one: 'commande', many: 'commandes', feminine: true },
  });
  return (
    <>
      <BulkBar count={rows.count} label={selected} onClear={rows.clear}>
        <BulkButton label="Changer le statut" onClick={() => setOpen(true)} />
      </BulkBar>
      {open ? (
        <ValueDialog
          title={`Changer le statut de ${what}`}
          submitLabel={status ? `Passer en « ${ORDER_STATUS_LABEL[status]} »` : 'Appliquer'}
          onClose={() => setOpen(false)}
          onSubmit={() => send({ action: 'status', status: status || undefined })}
        >
          <Field id="bulk-order-status" label="Nouveau statut" required>
            <Select
              value={status}
              onValueChange={(v) => setStatus(ORDER_STATUSES.find((s) => s === v) ?? '')}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] }))}
              placeholder="Choisir…"
            />
          </Field>
          {status ? (
            <p className="flex flex-col gap-1 text-sm text-ink" data-testid="bulk-status-consequences">
              <span>{bulkStockConsequence(status)}</span>
              <span>{bulkMailConsequence(status)}</span>
            </p>
          ) : null}
        </ValueDialog>
      ) : null}
    </>
  );
}
