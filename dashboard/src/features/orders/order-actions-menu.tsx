import type { StaffOrder } from '@comptoir/api/contract';
import { Eye, MoreVertical, Trash2 } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';

/** An order's row menu in both order lists (per order, per line): Afficher, and Supprimer when allowed. */
export function OrderActionsMenu({
  order,
  onShow,
  onDelete,
}: {
  order: Pick<StaffOrder, 'id' | 'order_num'>;
  onShow: (orderId: number) => void;
  /** Absent when the person may not delete orders. */
  onDelete?: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex size-4 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
        aria-label={`Actions pour la commande ${order.order_num}`}
      >
        <MoreVertical className="size-2" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem icon={<Eye />} onSelect={() => onShow(order.id)}>
          Afficher
        </DropdownMenuItem>
        {onDelete ? (
          <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={onDelete}>
            Supprimer
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
