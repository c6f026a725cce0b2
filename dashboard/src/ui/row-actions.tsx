import type { DisplayColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export interface RowActionsProps {
  /** Completes the buttons' names: "Modifier {label}", "Supprimer {label}". */
  label: string;
  /** Shows "Modifier" when given. */
  onEdit?: () => void;
  /** Shows "Supprimer" when given. */
  onDelete?: () => void;
}

/** A table row's "Modifier" and "Supprimer" icon buttons (each only when its handler is given). */
export function RowActions({ label, onEdit, onDelete }: RowActionsProps) {
  return (
    <span className="inline-flex gap-0.5">
      {onEdit ? (
        <Button variant="ghost" size="icon-sm" aria-label={`Modifier ${label}`} title="Modifier" onClick={onEdit}>
          <Pencil className="size-2" aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-danger hover:bg-danger-soft hover:text-danger"
          aria-label={`Supprimer ${label}`}
          title="Supprimer"
          onClick={onDelete}
        >
          <Trash2 className="size-2" aria-hidden="true" />
        </Button>
      ) : null}
    </span>
  );
}

/**
 * A list's last column, `actions` (the id the lists hide when the user may do nothing): no visible
 * header, as narrow as its buttons, right-aligned; `cell` draws a row's buttons.
 */
export function actionsColumn<T>(cell: (row: T) => ReactNode): DisplayColumnDef<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'w-[1%] whitespace-nowrap text-right' },
    cell: (info) => cell(info.row.original),
  };
}
