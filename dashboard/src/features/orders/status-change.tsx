import type { OrderStatusValue, StaffOrderDetail } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useConfirm } from '../../ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../ui/notify';
import { changeOrderStatus, undoOrderStatus } from './api';
import { ORDER_STATUS_LABEL } from './status';

/** The statuses whose change the client (and its representative) is e-mailed about. */
const MAILED: readonly OrderStatusValue[] = ['inprogress', 'shipped', 'canceled'];

const units = (n: number) => `${n} article${n > 1 ? 's' : ''}`;

/** What the stock does when `order` moves to `next` (the same states as the API's ledger). */
export function stockConsequence(order: StaffOrderDetail, next: OrderStatusValue): string {
  const n = units(order.items.reduce((sum, item) => sum + item.quantity, 0));
  const held = order.stock_reserved && order.status !== 'shipped';
  const delivered = order.stock_reserved && order.status === 'shipped';
  if (next === 'canceled') {
    if (held) return `Le stock réservé est rendu : ${n} remis en vente.`;
    if (delivered) return `Les ${n} comptés comme livrés reviennent en stock.`;
    return 'Le stock ne bouge pas : cette commande ne réserve rien.';
  }
  if (next === 'shipped') {
    if (held) return `Le stock réservé (${n}) est compté comme livré.`;
    return `${n} sont pris dans le stock et comptés comme livrés (refusé si le stock ne les a plus).`;
  }
  const period = next === 'pending' ? ' Une nouvelle période de réservation commence.' : '';
  if (held) return `Le stock reste réservé (${n}).${period}`;
  if (delivered) return `Les ${n} comptés comme livrés redeviennent réservés.${period}`;
  return `${n} sont de nouveau réservés dans le stock (refusé si le stock ne les a plus).${period}`;
}

/** Who is e-mailed when `order` moves to `next`, and when. */
export function mailConsequence(order: StaffOrderDetail, next: OrderStatusValue): string {
  if (!MAILED.includes(next)) return 'Aucun e-mail n’est envoyé.';
  const client = order.company_email.toLowerCase();
  const representative = order.representative_email.toLowerCase();
  const to =
    client === representative
      ? `au client (${order.company_email})`
      : `au client (${order.company_email}) et à son représentant (${order.representative_email})`;
  return `Un e-mail est envoyé ${to}, après quelques secondes pendant lesquelles « Annuler » reprend tout.`;
}

/**
 * Changes an order's status deliberately: a confirmation says what the stock and the e-mails will do,
 * then a notice offers « Annuler » while the e-mails still wait (the API's undo window).
 */
export function useOrderStatusChange() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [pending, setPending] = useState<OrderStatusValue | null>(null);
  // The change that « Annuler » can still take back, until its e-mails leave.
  const [undoable, setUndoable] = useState<{ orderId: number; status: OrderStatusValue; until: number } | null>(null);
  useEffect(() => {
    if (!undoable) return;
    const timer = window.setTimeout(() => setUndoable(null), Math.max(0, undoable.until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [undoable]);

  const refresh = (orderId: number, order: StaffOrderDetail) => {
    queryClient.setQueryData(queryKeys.orders.detail(orderId), order);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    ]);
  };

  const undo = async (orderId: number) => {
    setUndoable(null);
    try {
      const answer = await undoOrderStatus(orderId);
      notifySuccess('Changement de statut annulé', 'Statut et stock rétablis ; aucun e-mail n’est parti.');
      await refresh(orderId, answer.order);
    } catch (error) {
      notifyError('Annulation impossible', (isApiError(error) && error.serverMessage) || 'Erreur de connexion au serveur.');
    }
  };

  const apply = async (orderId: number, status: OrderStatusValue) => {
    setPending(status);
    try {
      const answer = await changeOrderStatus(orderId, status);
      const left = answer.undo_until ? new Date(answer.undo_until).getTime() - Date.now() : 0;
      if (left > 0) {
        setUndoable({ orderId, status, until: Date.now() + left });
        toast.success('Statut de la commande mis à jour avec succès !', {
          description: MAILED.includes(status)
            ? `Les e-mails partent dans ${Math.ceil(left / 1000)} s : « Annuler » reprend le changement.`
            : '« Annuler » reprend le changement.',
          duration: left,
          action: { label: 'Annuler', onClick: () => void undo(orderId) },
        });
      } else {
        notifySuccess('Statut de la commande mis à jour avec succès !');
      }
      await refresh(orderId, answer.order);
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) {
        notifyError('Erreur réseau', 'Une erreur est survenue lors de la mise à jour.');
      } else {
        notifyError('Erreur', (isApiError(error) && error.serverMessage) || 'Erreur lors de la mise à jour');
      }
    } finally {
      setPending(null);
    }
  };

  const change = (order: StaffOrderDetail, status: OrderStatusValue) =>
    confirm({
      title: `Passer la commande ${order.order_num} en « ${ORDER_STATUS_LABEL[status]} » ?`,
      message: (
        <span className="flex flex-col gap-1" data-testid="status-change-consequences">
          <span>{stockConsequence(order, status)}</span>
          <span>{mailConsequence(order, status)}</span>
        </span>
      ),
      confirmLabel: `Passer en « ${ORDER_STATUS_LABEL[status]} »`,
      cancelLabel: 'Ne rien changer',
      tone: status === 'canceled' ? 'danger' : 'primary',
      action: () => apply(order.id, status),
    });

  // Inside a modal the notice's button sits behind the overlay: the same « Annuler » is shown in place.
  const undoNotice = undoable ? (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-sm text-ink-muted" role="status" data-testid="status-undo">
      <span>
        Passée en « {ORDER_STATUS_LABEL[undoable.status]} » :{' '}
        {MAILED.includes(undoable.status)
          ? 'les e-mails attendent encore quelques secondes.'
          : 'vous pouvez encore revenir en arrière.'}
      </span>
      <Button type="button" size="sm" variant="secondary" onClick={() => void undo(undoable.orderId)}>
        Annuler ce changement
      </Button>
    </p>
  ) : null;

  return { change, pending, undoNotice };
}
