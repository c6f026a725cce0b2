import { useEffect, useId, useRef } from 'react';

export interface PopupProps {
  open: boolean;
  kind: 'success' | 'error';
  title: string;
  message?: string;
  /** Closes by itself after this many milliseconds (spec: 3500 for contact, 1500 for orders). */
  autoCloseMs?: number;
  confirmLabel?: string;
  onClose: () => void;
}

/**
 * A centred popup on the native modal <dialog>: focus moves into it, the page behind is inert,
 * Escape and the confirm button close it, and focus returns where it was.
 */
export function Popup({ open, kind, title, message, autoCloseMs, confirmLabel = 'OK', onClose }: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open || !autoCloseMs) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs, onClose]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      role={kind === 'error' ? 'alertdialog' : 'dialog'}
      onClose={() => open && onClose()}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(92vw,420px)] rounded-xl bg-white p-4 text-center text-ink shadow-raised backdrop:bg-brand-950/60"
      data-popup={kind}
    >
      <div
        className={`mx-auto flex h-8 w-8 items-center justify-center rounded-full ${kind === 'success' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}
        aria-hidden="true"
      >
        {kind === 'success' ? (
          <svg
            width="36"
            height="36"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        ) : (
          <svg
            width="36"
            height="36"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          >
            <path d="M12 7v6M12 17h.01" />
          </svg>
        )}
      </div>
      <h2 id={titleId} className="mt-2 text-xl font-bold">
        {title}
      </h2>
      {message && (
        <p id={messageId} className="mt-1 text-ink-muted">
          {message}
        </p>
      )}
      <button type="button" className="btn btn-secondary mt-3 min-w-[120px]" onClick={onClose} autoFocus>
        {confirmLabel}
      </button>
    </dialog>
  );
}
