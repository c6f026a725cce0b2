import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { SecondFactorMethod } from '@comptoir/api/contract';
import { Fingerprint, LogIn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { companyEmailDomain } from '../../lib/brand';
import { Button } from '../../ui/button';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import { login, meQueryOptions } from './api';
import { applyServerErrors } from './apply-server-errors';
import { AuthLayout } from './auth-layout';
import { domainMessage, EMAIL_REQUIRED, isCompanyEmail, PASSWORD_REQUIRED } from './email-rules';
import { PasswordInput } from './password-input';
import { safeRedirect } from './redirect';

// The second step is fetched only by accounts that have one (most sign in with the password alone).
const SecondFactorStep = lazy(() => import('../two-factor/second-factor-step').then((m) => ({ default: m.SecondFactorStep })));
const EnrolmentStep = lazy(() => import('../two-factor/second-factor-step').then((m) => ({ default: m.EnrolmentStep })));
import { isPasskeyCancel, signInWithPasskey } from '../two-factor/api';

interface LoginForm {
  email: string;
  password: string;
}

/** /dashboard/login: "Se connecter". Success goes to the `redirect` page, or the dashboard home. */
export function LoginPage({
  redirect,
  linkInvalid = false,
  afterLink,
}: {
  redirect?: string;
  linkInvalid?: boolean;
  /** An e-mailed link was used; the account's second factor comes next (its methods are not known here). */
  afterLink?: '1' | 'enrol';
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // The second step, once the password was right for an account with two-factor sign-in.
  const [step, setStep] = useState<{ methods: SecondFactorMethod[]; enrol: boolean } | null>(
    afterLink ? { methods: ['totp', 'passkey', 'recovery_code'], enrol: afterLink === 'enrol' } : null,
  );
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signedIn = async () => {
    // A new session: forget whatever an earlier user left in the cache, then load the user.
    queryClient.clear();
    await queryClient.fetchQuery(meQueryOptions);
    router.history.push(safeRedirect(redirect));
  };
  const restart = (message: string) => {
    setStep(null);
    setFormError(message);
  };
  const passkeySignIn = async () => {
    setFormError(null);
    setPasskeyBusy(true);
    try {
      await signInWithPasskey();
      await signedIn();
    } catch (error) {
      if (isPasskeyCancel(error)) setFormError("La clé d'accès n'a pas été utilisée.");
      else
        setFormError(
          isApiError(error) && !error.isNetworkError
            ? error.serverMessage || "Cette clé d'accès n'a pas pu être vérifiée."
            : 'Erreur de connexion',
        );
    } finally {
      setPasskeyBusy(false);
    }
  };
  const [formError, setFormError] = useState<string | null>(
    linkInvalid
      ? 'Ce lien de connexion est invalide, déjà utilisé ou expiré. Connectez-vous à nouveau pour en recevoir un autre.'
      : null,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await login({ email: values.email.trim(), password: values.password });
      if (answer.second_factor_required) {
        setStep({ methods: answer.methods ?? [], enrol: Boolean(answer.enrolment_required) });
        return;
      }
      await signedIn();
    } catch (error) {
      if (!isApiError(error) || error.isNetworkError) {
        setFormError('Erreur de connexion');
        return;
      }
      // A message already shown under its field is not repeated above the form.
      const underFields = applyServerErrors(error, setError, ['email', 'password']);
      setFormError(underFields ? null : error.serverMessage || 'Erreur lors de la connexion');
    }
  });

  if (step) {
    return (
      <AuthLayout
        title={step.enrol ? 'Activer la double authentification' : 'Vérification en deux étapes'}
        subtitle={step.enrol ? undefined : 'Confirmez votre identité avec votre second facteur.'}
      >
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Suspense fallback={null}>
          {step.enrol ? (
            <EnrolmentStep onSignedIn={signedIn} onRestart={restart} />
          ) : (
            <SecondFactorStep methods={step.methods} onSignedIn={signedIn} onRestart={restart} />
          )}
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Se connecter" subtitle="Accédez à l'espace de gestion avec votre email professionnel.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Field id="login-email" label="Email pro" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={`prenom.nom@${companyEmailDomain()}`}
            {...register('email', {
              validate: (value) => (!value.trim() ? EMAIL_REQUIRED : isCompanyEmail(value) ? true : domainMessage()),
            })}
          />
        </Field>
        <Field id="login-password" label="Mot de passe" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password', { required: PASSWORD_REQUIRED })} />
        </Field>
        <div className="flex justify-end">
          <Link to="/account/recovery" className="text-sm font-medium text-brand-700 hover:underline">
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" loading={isSubmitting} icon={<LogIn className="size-2" aria-hidden="true" />} className="w-full">
          Se connecter
        </Button>
        {typeof window !== 'undefined' && 'PublicKeyCredential' in window ? (
          <Button
            type="button"
            variant="secondary"
            loading={passkeyBusy}
            icon={<Fingerprint className="size-2" aria-hidden="true" />}
            className="w-full"
            onClick={() => void passkeySignIn()}
          >
            Se connecter avec une clé d'accès
          </Button>
        ) : null}
      </form>
    </AuthLayout>
  );
}
