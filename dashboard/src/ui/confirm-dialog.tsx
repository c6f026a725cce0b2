import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

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

// The dialog itself (Radix's alert dialog) is fetched the first time a confirmation is asked.
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/**
 * An alert dialog asking to confirm a destructive or final action. Cancel has the focus first. Nothing
 * is rendered (or fetched) until it first opens; then it stays mounted so that it can close smoothly.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  useEffect(() => {
    if (props.open) setOpened(true);
  }, [props.open]);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

/**
 * Mounted once, around the signed-in screens. `const confirm = useConfirm();` then
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
