import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';

export interface FormDialogProps {
  title: ReactNode;
  size?: DialogProps['size'];
  /** Set while the form is saving: the buttons wait and the dialog does not close. */
  busy: boolean;
  /** The `id` of the `<form>` inside, which the submit button in the footer submits. */
  formId: string;
  submitLabel: ReactNode;
  /** The other button, which closes the dialog ("Fermer" unless told). */
  cancelLabel?: ReactNode;
  onClose: () => void;
  /** Shown above the form, e.g. the stale-version notice of `useVersionGuard`. */
  notice?: ReactNode;
  children: ReactNode;
}

/** A dialog around a form, with the close and submit buttons in its footer. */
export function FormDialog({
  title,
  size,
  busy,
  formId,
  submitLabel,
  cancelLabel = 'Fermer',
  onClose,
  notice,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={title}
      size={size}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {notice}
      {children}
    </Dialog>
  );
}
