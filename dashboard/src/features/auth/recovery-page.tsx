import { Link } from '@tanstack/react-router';
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { companyEmailDomain } from '../../lib/brand';
import { Button } from '../../ui/button';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import { requestRecovery } from './api';
import { applyServerErrors } from './apply-server-errors';
import { AuthLayout } from './auth-layout';
import { domainMessage, EMAIL_REQUIRED, isCompanyEmail } from './email-rules';

/** Shown when the server answers without a message (it never says whether the address exists). */
export const RECOVERY_SENT =
  'Si cette adresse correspond à un compte, un email contenant un lien pour choisir un nouveau mot de passe vient de lui être envoyé.';

/** /dashboard/account/recovery: "Mot de passe oublié". E-mails a link to choose a new password. */
export function RecoveryPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    setSent(null);
    try {
      const answer = await requestRecovery({ email: email.trim() });
      setSent(answer?.message || RECOVERY_SENT);
    } catch (error) {
      if (!isApiError(error) || error.isNetworkError) {
        setFormError('Erreur de connexion au serveur.');
        return;
      }
      applyServerErrors(error, setError, ['email']);
      setFormError(error.serverMessage || 'Une erreur est survenue.');
    }
  });

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle="Indiquez votre email professionnel : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {sent ? (
          <FormAlert tone="success">
            <span className="flex items-start gap-1">
              <MailCheck className="mt-0.5 size-2 shrink-0" aria-hidden="true" />
              {sent}
            </span>
          </FormAlert>
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Field id="recovery-email" label="Votre email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={`prenom.nom@${companyEmailDomain()}`}
            {...register('email', {
              validate: (value) => (!value.trim() ? EMAIL_REQUIRED : isCompanyEmail(value) ? true : domainMessage()),
            })}
          />
        </Field>
        <Button type="submit" loading={isSubmitting} icon={<Send className="size-2" aria-hidden="true" />} className="w-full">
          Signaler
        </Button>
        <p className="text-center text-sm text-ink-muted">
          Vous vous en souvenez ?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Se connecter
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
