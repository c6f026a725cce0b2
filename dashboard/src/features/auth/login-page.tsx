import { Link, useRouter } from '@tanstack/react-router';
import type { SecondFactorMethod } from '@comptoir/api/contract';
import { Fingerprint, LogIn } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { companyEmailDomain } from '../../lib/brand';
import { loadQueryClient } from '../../lib/query-client';
import { Button } from '../../ui/button';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import { login, meQueryOptions } from './api';
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
type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** The form's own checks, run on submit and then again as the person corrects a field. */
function checkLogin(values: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = EMAIL_REQUIRED;
  else if (!isCompanyEmail(values.email)) errors.email = domainMessage();
  if (!values.password) errors.password = PASSWORD_REQUIRED;
  return errors;
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
  // The second step, once the password was right for an account with two-factor sign-in.
  const [step, setStep] = useState<{ methods: SecondFactorMethod[]; enrol: boolean } | null>(
    afterLink ? { methods: ['totp', 'passkey', 'recovery_code'], enrol: afterLink === 'enrol' } : null,
  );
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signedIn = async () => {
    // A new session: forget whatever an earlier user left in the cache, then load the user.
    const queryClient = await loadQueryClient();
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
  // Two fields held in plain state rather than react-hook-form: the sign-in screen stays under its
  // weight budget (the library is fetched by the signed-in screens' forms), with the same behaviour:
  // checked on submit, then again on each change; the first field in error takes the focus.
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const focusFirst = (found: LoginErrors) =>
    (found.email ? inputs.email : found.password ? inputs.password : null)?.current?.focus();
  const change = (field: keyof LoginForm, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [field]: checkLogin(next)[field] }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = checkLogin(values);
    setErrors(found);
    if (found.email || found.password) {
      focusFirst(found);
      return;
    }
    setFormError(null);
    setSubmitting(true);
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
      const fromServer: LoginErrors = {};
      const email = error.fieldError('email');
      const password = error.fieldError('password');
      if (email) fromServer.email = email;
      if (password) fromServer.password = password;
      setErrors(fromServer);
      focusFirst(fromServer);
      setFormError(email || password ? null : error.serverMessage || 'Erreur lors de la connexion');
    } finally {
      setSubmitting(false);
    }
  };

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
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-2">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Field id="login-email" label="Email pro" error={errors.email}>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={`prenom.nom@${companyEmailDomain()}`}
            name="email"
            ref={inputs.email}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </Field>
        <Field id="login-password" label="Mot de passe" error={errors.password}>
          <PasswordInput
            autoComplete="current-password"
            name="password"
            ref={inputs.password}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
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
