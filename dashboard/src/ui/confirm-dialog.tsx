import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useReturnFocus } from '../lib/focus-return';
import { TriangleAlert } from 'lucide-react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from './button';
import { Spinner } from './spinner';

export interface ConfirmOptions {
  /** The question, e.g. "Voulez-vous vraiment supprimer cet administrateur ?". */
  message: ReactNode;
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /**
   * Optional work to run once confirmed: the dialog stays open with a spinner on the confirm
   * button until it settles, then closes (whether it succeeded or failed: report failures yourself).
   */
  action?: () => Promise<unknown>;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void | Promise<unknown>;
  pending?: boolean;
}

/** An alert dialog asking to confirm a destructive or final action. Cancel has the focus first. */
export function ConfirmDialog({
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

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

/**
 * Mounted once at the root. `const confirm = useConfirm();` then
 * `if (await confirm({ message: '...', confirmLabel: 'Supprimer', action: () => remove.mutateAsync(id) }))`.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<(ConfirmOptions & { open: boolean }) | null>(null);
  const [pending, setPending] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((options) => {
    resolver.current?.(false);
    setState({ ...options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setState((current) => (current ? { ...current, open: false } : current));
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {state ? (
        <ConfirmDialog
          {...state}
          pending={pending}
          onOpenChange={(open) => {
            if (!open) settle(false);
          }}
          onConfirm={async () => {
            if (!state.action) return settle(true);
            setPending(true);
            try {
              await state.action();
            } catch {
              // The caller reports its own failure (toast); the dialog just closes.
            } finally {
              setPending(false);
              settle(true);
            }
          }}
        />
      ) : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs <ConfirmProvider> above it');
  return confirm;
}
