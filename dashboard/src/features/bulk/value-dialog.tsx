import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { FormAlert } from '../../ui/field';
import { FormDialog } from '../../ui/form-dialog';

/**
 * A bulk action's small form (a category, a brand, a price change): its submit is the confirmation.
 * A refusal of the whole request (422) stays in the dialog, in French, with the fields kept.
 */
export function ValueDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  submitLabel: string;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (failure) {
      const first = isApiError(failure) ? Object.values(failure.errors)[0]?.[0] : undefined;
      setError(first ?? ((isApiError(failure) && failure.serverMessage) || 'Erreur de connexion au serveur.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog title={title} busy={busy} formId={formId} submitLabel={submitLabel} cancelLabel="Annuler" onClose={onClose}>
      <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-1.5" noValidate>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {children}
      </form>
    </FormDialog>
  );
}
