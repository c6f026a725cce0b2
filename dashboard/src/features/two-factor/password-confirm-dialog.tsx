import { useState, type FormEvent } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, FormAlert } from '../../ui/field';
import { PasswordInput } from '../auth/password-input';

export interface PasswordConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs with the password typed; a 422 on `current_password` keeps the dialog open with its message. */
  work: (currentPassword: string) => Promise<unknown>;
}

/**
 * Asks the current password before a change of sign-in factors (removing one, new recovery codes):
 * the server refuses them without it, so an open or stolen session cannot weaken the account.
 */
export function PasswordConfirmDialog({ asking, onClose }: { asking: PasswordConfirmation | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!asking) return null;

  const close = () => {
    setPassword('');
    setFieldError(null);
    setFormError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!password) {
      setFieldError('Saisissez votre mot de passe actuel.');
      return;
    }
    setBusy(true);
    try {
      await asking.work(password);
      close();
    } catch (error) {
      const onField = isApiError(error) ? error.fieldError('current_password') : undefined;
      if (onField) setFieldError(onField);
      else setFormError(errorText(error, 'Erreur.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : close())}
      busy={busy}
      title={asking.title}
      description={asking.message}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Annuler
          </Button>
          <Button type="submit" form="password-confirm-form" variant="danger" loading={busy}>
            {asking.confirmLabel}
          </Button>
        </>
      }
    >
      <form id="password-confirm-form" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Field id="password-confirm" label="Mot de passe actuel" error={fieldError ?? undefined}>
          <PasswordInput
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
