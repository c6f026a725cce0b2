import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import { SecondFactorStep } from '../two-factor/second-factor-step';
import type { SecondFactorMethod } from '@comptoir/api/contract';
import { login } from './api';
import { PASSWORD_REQUIRED } from './email-rules';
import { usePermissions } from './permissions';
import { PasswordInput } from './password-input';

/** The calls waiting for the person to sign in again. */
export interface Pending {
  resolve: () => void;
  reject: (reason?: unknown) => void;
}

/**
 * The in-place sign-in of the signed-in frame. When the session has ended (idle
 * timeout, sign-out elsewhere, server restart) any call answering 401 opens this dialog instead of
 * leaving the page; once the same person has signed in again, the API client sends the waiting calls
 * again, so a save in progress completes and nothing typed is lost. "Aller à la page de connexion"
 * gives up (the page is left, as before).
 */
export function ReauthDialog({ pending, onDone }: { pending: Pending; onDone: () => void }) {
  const { user } = usePermissions();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  /** The account asks for its second factor after the password: the methods it offers. */
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);
  const emailRef = useRef(user?.email);
  if (user?.email) emailRef.current = user.email;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const email = emailRef.current ?? '';
  const signedIn = () => {
    // The waiting calls first: a query waiting behind this dialog would otherwise be refetched by the
    // invalidation, wait for the dialog in turn, and neither would ever end.
    pending.resolve();
    onDone();
    void queryClient.invalidateQueries();
  };
  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const answer = await login({ email, password });
      if (answer.second_factor_required) {
        // Enrolment is a whole-page flow: the sign-in page does it.
        if (answer.enrolment_required) {
          setFormError('Votre rôle exige désormais la double authentification : activez-la depuis la page de connexion.');
          return;
        }
        setSecondFactor(answer.methods ?? []);
        return;
      }
      signedIn();
    } catch (error) {
      setFormError(
        !isApiError(error) || error.isNetworkError
          ? 'Erreur de connexion'
          : error.fieldError('password') || error.fieldError('email') || error.serverMessage || 'Erreur lors de la connexion',
      );
    }
  });

  return (
    <Dialog
      open
      // Only the two buttons end it: the waiting saves need an answer.
      onOpenChange={() => undefined}
      busy
      title="Votre session a expiré"
      description="Reconnectez-vous pour continuer : ce que vous étiez en train d’enregistrer le sera ensuite, rien n’est perdu."
      size="sm"
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              pending.reject(new Error('gave up'));
              onDone();
            }}
            disabled={isSubmitting}
          >
            Aller à la page de connexion
          </Button>
          {secondFactor ? null : (
            <Button
              type="submit"
              form="reauth-form"
              loading={isSubmitting}
              icon={<LogIn className="size-2" aria-hidden="true" />}
            >
              Se reconnecter
            </Button>
          )}
        </>
      }
    >
      {secondFactor ? (
        <SecondFactorStep
          methods={secondFactor}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setSecondFactor(null);
            reset({ password: '' });
            setFormError(message);
          }}
        />
      ) : (
        <form id="reauth-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <Field id="reauth-email" label="Email pro">
            <Input type="email" autoComplete="username" value={email} readOnly />
          </Field>
          <Field id="reauth-password" label="Mot de passe" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" autoFocus {...register('password', { required: PASSWORD_REQUIRED })} />
          </Field>
        </form>
      )}
    </Dialog>
  );
}
