import { Link } from '@tanstack/react-router';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { Button, buttonClasses } from '../../ui/button';
import { Field, FormAlert } from '../../ui/field';
import { resetPassword } from './api';
import { applyServerErrors } from './apply-server-errors';
import { AuthLayout } from './auth-layout';
import { PASSWORD_MIN, PASSWORD_MIN_LENGTH, PASSWORD_REQUIRED } from './email-rules';
import { PasswordInput } from './password-input';

interface ResetForm {
  password: string;
  password_confirmation: string;
}

export const RESET_DONE = 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.';
export const RESET_LINK_INVALID = 'Ce lien est invalide ou a expiré. Demandez un nouveau lien.';

/** /dashboard/account/reset?token=...: the page of the e-mailed link, to choose a new password. */
export function ResetPage({ token }: { token?: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; newLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ defaultValues: { password: '', password_confirmation: '' } });

  if (!token) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <div className="flex flex-col gap-2">
          <FormAlert>{RESET_LINK_INVALID}</FormAlert>
          <Link to="/account/recovery" className={buttonClasses('primary', 'md', 'w-full')}>
            Demander un nouveau lien
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await resetPassword({ token, ...values });
      setDone(answer?.message || RESET_DONE);
    } catch (error) {
      if (!isApiError(error) || error.isNetworkError) {
        setFormError({ message: 'Erreur de connexion au serveur.', newLink: false });
        return;
      }
      const onFields = applyServerErrors(error, setError, ['password', 'password_confirmation']);
      const tokenProblem = error.fieldError('token');
      if (tokenProblem || !onFields) {
        setFormError({
          message: tokenProblem || error.serverMessage || 'Une erreur est survenue.',
          newLink: Boolean(tokenProblem) || error.status === 400 || error.status === 410,
        });
      }
    }
  });

  if (done) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <div className="flex flex-col gap-2">
          <FormAlert tone="success">
            <span className="flex items-start gap-1">
              <CheckCircle2 className="mt-0.5 size-2 shrink-0" aria-hidden="true" />
              {done}
            </span>
          </FormAlert>
          <Link to="/login" className={buttonClasses('primary', 'md', 'w-full')}>
            Se connecter
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Nouveau mot de passe" subtitle="Choisissez le mot de passe de votre compte (8 caractères au moins).">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {formError ? (
          <FormAlert>
            {formError.message}
            {formError.newLink ? (
              <>
                {' '}
                <Link to="/account/recovery" className="font-medium underline">
                  Demander un nouveau lien
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <Field id="reset-password" label="Nouveau mot de passe" error={errors.password?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...register('password', {
              required: PASSWORD_REQUIRED,
              minLength: { value: PASSWORD_MIN_LENGTH, message: PASSWORD_MIN },
            })}
          />
        </Field>
        <Field id="reset-password-confirmation" label="Confirmer le mot de passe" error={errors.password_confirmation?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...register('password_confirmation', {
              required: 'Veuillez confirmer le mot de passe.',
              validate: (value) => value === getValues('password') || 'Les mots de passe ne correspondent pas.',
            })}
          />
        </Field>
        <Button type="submit" loading={isSubmitting} icon={<KeyRound className="size-2" aria-hidden="true" />} className="w-full">
          Enregistrer le mot de passe
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Se connecter
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
