import { Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '../../ui/button';
import type { ConfirmOptions } from '../../ui/confirm-dialog';

/** One button of a bulk toolbar: small, its icon before its label, red when it deletes. */
export function BulkButton({
  label,
  icon: Icon,
  danger = false,
  onClick,
}: {
  label: string;
  icon?: LucideIcon;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant={danger ? 'danger' : 'secondary'}
      size="sm"
      icon={Icon ? <Icon className="size-2" aria-hidden="true" /> : undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** A bulk action that needs only a yes: what is sent, and the question asked first. */
export interface ConfirmedBulkAction {
  label: string;
  icon?: LucideIcon;
  /** The request's body (`{ action: 'publish' }`). */
  send: Record<string, unknown>;
  title: string;
  message: string;
  confirmLabel: string;
  /** A deletion: a red button and a red confirmation. */
  danger?: boolean;
}

/** A toolbar's « Supprimer »: red, asked first; `message` says what goes with the rows and that it is final. */
export const bulkDeletion = (what: string, message: string): ConfirmedBulkAction => ({
  label: 'Supprimer',
  icon: Trash2,
  send: { action: 'delete' },
  title: `Supprimer ${what} ?`,
  message,
  confirmLabel: 'Supprimer',
  danger: true,
});

/** The buttons of the actions that need only a yes: each asks its question, then sends. */
export function ConfirmedBulkButtons({
  actions,
  confirmAndSend,
}: {
  actions: readonly ConfirmedBulkAction[];
  confirmAndSend: (action: Record<string, unknown>, ask: ConfirmOptions) => Promise<void>;
}) {
  return actions.map(({ label, icon, send, title, message, confirmLabel, danger }) => (
    <BulkButton
      key={label}
      label={label}
      icon={icon}
      danger={danger}
      onClick={() => void confirmAndSend(send, { title, message, confirmLabel, tone: danger ? 'danger' : 'primary' })}
    />
  ));
}
