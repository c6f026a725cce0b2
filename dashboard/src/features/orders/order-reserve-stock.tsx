import type { StaffOrderDetail } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button';
import { notifyError, notifySuccess } from '../../ui/notify';

/**
 * A confirmed order that could not hold its stock when accepted (short then): « Réserver le stock »
 * holds all its quantities once the stock has them (orders edit), so it can be delivered.
 */
export function OrderReserveStock({ order, canEdit }: { order: StaffOrderDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (order.status !== 'inprogress' || order.stock_reserved) return null;
  const reserve = async () => {
    setBusy(true);
    try {
      const answer = await api.put<{ order: StaffOrderDetail; message: string }>(`/api/order/${order.id}/hold/reserve`, {});
      queryClient.setQueryData(queryKeys.orders.detail(order.id), answer.order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      notifySuccess(answer.message);
    } catch (error) {
      notifyError('Stock non réservé', (isApiError(error) && error.serverMessage) || 'Erreur lors de la réservation.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-1 rounded-md border border-warning/40 p-1.5 text-sm"
      data-testid="order-reserve-stock"
    >
      <span className="flex flex-wrap items-center gap-0.5">
        <PackageCheck className="size-2 text-ink-subtle" aria-hidden="true" />
        Commande confirmée sans stock réservé (stock insuffisant à l’acceptation) : elle ne peut pas être livrée avant de réserver
        ses quantités.
      </span>
      {canEdit ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void reserve()}>
          Réserver le stock
        </Button>
      ) : null}
    </div>
  );
}
