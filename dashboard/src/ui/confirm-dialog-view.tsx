import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { TriangleAlert } from 'lucide-react';
import { useReturnFocus } from '../lib/focus-return';
import { buttonClasses } from './button';
import type { ConfirmDialogProps } from './confirm-dialog';
import { Spinner } from './spinner';

/** An alert dialog asking to confirm a destructive or final action. Cancel has the focus first. */
export default function ConfirmDialogView({
  open,
  onOpenChange,
  onConfirm,
  pending = false,
  message,
  title = 'Confirmation',
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  tone = 'danger',
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (!next && pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-brand-950/50" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="dialog-content fixed left-1/2 top-1/2 z-50 w-[calc(100vw-32px)] max-w-[440px] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-3 shadow-raised focus:outline-none"
        >
          <div className="flex gap-2">
            <span
              className={
                tone === 'danger'
                  ? 'grid size-5 shrink-0 place-items-center rounded-full bg-danger-soft text-danger'
                  : 'grid size-5 shrink-0 place-items-center rounded-full bg-info-soft text-info'
              }
              aria-hidden="true"
            >
              <TriangleAlert className="size-2.5" />
            </span>
            <div className="min-w-0 pt-0.5">
              <AlertDialog.Title className="text-lg font-semibold text-ink">{title}</AlertDialog.Title>
              <AlertDialog.Description className="mt-0.5 text-sm text-ink-muted">{message}</AlertDialog.Description>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap justify-end gap-1">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses(tone === 'danger' ? 'danger' : 'primary')}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                void onConfirm();
              }}
            >
              {pending ? <Spinner size="sm" /> : null}
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
