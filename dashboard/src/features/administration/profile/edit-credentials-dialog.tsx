import type { CurrentUser } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api';
import { useVersionGuard } from '../../../lib/versioning';
import { queryKeys } from '../../../lib/query-keys';
import { FormDialog } from '../../../ui/form-dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { applyServerErrors } from '../../auth/apply-server-errors';
import { validateCompanyEmail } from '../../auth/email-rules';
import { PasswordInput } from '../../auth/password-input';
import { updateCredentials } from './api';

interface CredentialsForm {
  email: string;
  password: string;
  current_password: string;
}

/** Modal "Modifier vos identifiants": e-mail and, when filled, a new password; the current password confirms the change. */
export function EditCredentialsDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsForm>({ defaultValues: { email: user.email, password: '', current_password: '' } });
  const guard = useVersionGuard(user, (fresh) => reset({ email: fresh.email, password: '', current_password: '' }));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateCredentials(values.email.trim(), values.password, values.current_password, guard.version);
      notifySuccess('Identifiants mis à jour avec succès !');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admins.all }),
      ]);
      onClose();
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (!isApiError(error) || error.isNetworkError) {
        notifyError('Erreur réseau', 'Une erreur est survenue lors de la mise à jour de vos identifiants');
        return;
      }
      applyServerErrors(error, setError, ['email', 'password', 'current_password']);
      notifyError('Erreur', error.serverMessage || 'Erreur lors de la mise à jour de vos identifiants');
    }
  });

  return (
    <FormDialog
      title="Modifier vos identifiants"
      size="sm"
      busy={isSubmitting}
      formId="credentials-form"
      submitLabel="Enregistrer"
      cancelLabel="Annuler"
      onClose={onClose}
      notice={guard.notice}
    >
      <form id="credentials-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Field id="credentials-email" label="Email professionnel" error={errors.email?.message} required>
          <Input type="email" autoComplete="username" {...register('email', { validate: validateCompanyEmail })} />
        </Field>
        <Field
          id="credentials-password"
          label="Modifier le mot de passe"
          hint="Laissez vide pour garder le mot de passe actuel."
          error={errors.password?.message}
        >
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field
          id="credentials-current-password"
          label="Mot de passe actuel"
          hint="Demandé pour changer votre email ou votre mot de passe."
          error={errors.current_password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...register('current_password')} />
        </Field>
      </form>
    </FormDialog>
  );
}
