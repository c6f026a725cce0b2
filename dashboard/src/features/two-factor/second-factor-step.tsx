import { TOTP_CODE_INPUT_MAX } from '@comptoir/api/text-limits';
import type { LoginAnswer, SecondFactorMethod, TotpEnrolment } from '@comptoir/api/contract';
import { Fingerprint, KeyRound, LifeBuoy, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import {
  confirmTotpAtSignIn,
  defaultPasskeyLabel,
  enrolPasskeyAtSignIn,
  isPasskeyCancel,
  secondFactorWithPasskey,
  sendSecondFactor,
  startTotpAtSignIn,
} from './api';
import { RecoveryCodesList } from './recovery-codes';

export interface SecondFactorStepProps {
  methods: SecondFactorMethod[];
  /** The session is open: load the user and go on. */
  onSignedIn: () => Promise<void> | void;
  /** The pending sign-in is over (expired, used): back to the password, with this message. */
  onRestart: (message: string) => void;
}

/** The message of a failed call, or, for an expired pending sign-in, back to the first step. */
function failure(error: unknown, field: string, onRestart: (message: string) => void): string | null {
  if (isApiError(error) && error.status === 401) {
    onRestart(error.serverMessage || 'La connexion a expiré : recommencez.');
    return null;
  }
  if (isApiError(error) && error.errors?.[field]?.[0]) return error.errors[field][0];
  return errorText(error, 'Erreur lors de la vérification.');
}

/** Second step of the sign-in: the application's code, a passkey, or a recovery code. */
export function SecondFactorStep({ methods, onSignedIn, onRestart }: SecondFactorStepProps) {
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasCode = methods.includes('totp') || methods.includes('recovery_code');
  const switchTo = (next: 'totp' | 'recovery') => {
    setMode(next);
    setValue('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(mode === 'totp' ? 'Saisissez le code à 6 chiffres.' : 'Saisissez un code de secours.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendSecondFactor(mode === 'totp' ? { code: value.trim() } : { recovery_code: value.trim() });
      await onSignedIn();
    } catch (caught) {
      setError(failure(caught, mode === 'totp' ? 'code' : 'recovery_code', onRestart));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      await secondFactorWithPasskey();
      await onSignedIn();
    } catch (caught) {
      if (isPasskeyCancel(caught)) setError("La clé d'accès n'a pas été utilisée. Réessayez ou choisissez une autre méthode.");
      else setError(failure(caught, 'credential', onRestart));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {hasCode ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
          {mode === 'totp' ? (
            <Field
              id="second-factor-code"
              label="Code de l'application d'authentification"
              hint="Les 6 chiffres affichés par votre application."
            >
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={TOTP_CODE_INPUT_MAX}
                autoFocus
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </Field>
          ) : (
            <Field
              id="second-factor-recovery"
              label="Code de secours"
              hint="Un des codes obtenus lors de l'activation (chacun ne sert qu'une fois)."
            >
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                autoFocus
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </Field>
          )}
          <Button type="submit" loading={busy} icon={<ShieldCheck className="size-2" aria-hidden="true" />} className="w-full">
            Vérifier
          </Button>
        </form>
      ) : null}
      <div className="flex flex-col gap-1">
        {methods.includes('passkey') ? (
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            icon={<Fingerprint className="size-2" aria-hidden="true" />}
            onClick={() => void withPasskey()}
          >
            Utiliser une clé d'accès
          </Button>
        ) : null}
        {mode === 'totp' && methods.includes('recovery_code') ? (
          <SwitchMethod icon={LifeBuoy} onClick={() => switchTo('recovery')}>
            Utiliser un code de secours
          </SwitchMethod>
        ) : null}
        {mode === 'recovery' && methods.includes('totp') ? (
          <SwitchMethod icon={Smartphone} onClick={() => switchTo('totp')}>
            Utiliser l'application d'authentification
          </SwitchMethod>
        ) : null}
      </div>
    </div>
  );
}

/** A quiet button that moves the step to the other kind of code. */
function SwitchMethod({ icon: Icon, onClick, children }: { icon: LucideIcon; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="ghost" size="sm" icon={<Icon className="size-2" aria-hidden="true" />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Enrolment forced at sign-in: the role requires two-factor sign-in and the account has none yet. */
export function EnrolmentStep({ onSignedIn, onRestart }: Omit<SecondFactorStepProps, 'methods'>) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, field: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      if (isPasskeyCancel(caught)) setError("La clé d'accès n'a pas été créée. Réessayez ou choisissez l'application.");
      else setError(failure(caught, field, onRestart));
    } finally {
      setBusy(false);
    }
  };

  const finished = (answer: LoginAnswer & { recovery_codes: string[] | null }) => {
    setCodes(answer.recovery_codes);
    setDone(true);
  };

  if (done) {
    return (
      <div className="flex flex-col gap-2">
        <FormAlert tone="success">La double authentification est activée.</FormAlert>
        {codes ? <RecoveryCodesList codes={codes} /> : null}
        <Button type="button" className="w-full" onClick={() => void onSignedIn()}>
          Continuer
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <FormAlert tone="info">
        Votre rôle exige la double authentification. Configurez une application d'authentification ou une clé d'accès pour
        terminer la connexion.
      </FormAlert>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {enrolment ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => finished(await confirmTotpAtSignIn(code.trim())), 'code');
          }}
        >
          <TotpQr enrolment={enrolment} />
          <Field id="enrol-code" label="Code affiché par l'application">
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={TOTP_CODE_INPUT_MAX}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <Button type="submit" loading={busy} className="w-full">
            Activer et se connecter
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-1">
          <Button
            type="button"
            loading={busy}
            icon={<Smartphone className="size-2" aria-hidden="true" />}
            onClick={() => void run(async () => setEnrolment(await startTotpAtSignIn()), 'code')}
          >
            Configurer une application d'authentification
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            icon={<KeyRound className="size-2" aria-hidden="true" />}
            onClick={() => void run(async () => finished(await enrolPasskeyAtSignIn(defaultPasskeyLabel())), 'credential')}
          >
            Créer une clé d'accès
          </Button>
        </div>
      )}
    </div>
  );
}

/** The QR code to scan, and the secret to type when the camera cannot be used. */
export function TotpQr({ enrolment }: { enrolment: TotpEnrolment }) {
  return (
    <div className="flex flex-col items-center gap-1">
      <p className="text-sm text-ink-muted">
        Scannez ce QR code avec votre application (Google Authenticator, Microsoft Authenticator, FreeOTP…).
      </p>
      <img
        src={enrolment.qr_code}
        alt="QR code de l'application d'authentification"
        width={192}
        height={192}
        className="rounded bg-white p-1"
      />
      <p className="text-xs text-ink-muted">
        Ou saisissez cette clé :{' '}
        <code className="break-all font-mono" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
    </div>
  );
}
