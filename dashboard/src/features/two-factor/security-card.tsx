import { TOTP_CODE_INPUT_MAX } from '@comptoir/api/text-limits';
import type { TotpEnrolment } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, KeyRound, LifeBuoy, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, FormAlert } from '../../ui/field';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import {
  addPasskey,
  confirmTotp,
  defaultPasskeyLabel,
  isPasskeyCancel,
  newRecoveryCodes,
  removePasskey,
  removeTotp,
  startTotp,
  twoFactorQueryKey,
  twoFactorQueryOptions,
} from './api';
import { PasswordConfirmDialog, type PasswordConfirmation } from './password-confirm-dialog';
import { RecoveryCodesList } from './recovery-codes';
import { TotpQr } from './second-factor-step';

/** Profile "Sécurité": the person's authentication application, recovery codes and passkeys. */
export function SecurityCard() {
  const status = useQuery(twoFactorQueryOptions);
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const data = status.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });

  const begin = async () => {
    setBusy(true);
    try {
      setEnrolment(await startTotp());
      setCode('');
      setCodeError(null);
      setCodes(null);
    } catch (error) {
      notifyError(errorText(error, "Erreur lors de l'activation."));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    try {
      const answer = await confirmTotp(code.trim());
      setEnrolment(null);
      setCodes(answer.recovery_codes);
      notifySuccess(answer.message ?? "Application d'authentification activée.");
      await refresh();
    } catch (error) {
      setCodeError(
        isApiError(error) && error.errors?.code?.[0] ? error.errors.code[0] : errorText(error, 'Erreur lors de la vérification.'),
      );
    } finally {
      setBusy(false);
    }
  };

  const newPasskey = async () => {
    setBusy(true);
    try {
      const answer = await addPasskey(defaultPasskeyLabel());
      if (answer.recovery_codes) setCodes(answer.recovery_codes);
      notifySuccess(answer.message ?? "Clé d'accès ajoutée.");
      await refresh();
    } catch (error) {
      if (!isPasskeyCancel(error)) notifyError(errorText(error, "Erreur lors de l'ajout de la clé d'accès."));
    } finally {
      setBusy(false);
    }
  };

  const [asking, setAsking] = useState<PasswordConfirmation | null>(null);
  // Changes that weaken the sign-in ask for the current password (the server refuses them without it).
  const act = (
    title: string,
    message: string,
    confirmLabel: string,
    work: (currentPassword: string) => Promise<{ message?: string; recovery_codes?: string[] | null }>,
  ) =>
    setAsking({
      title,
      message,
      confirmLabel,
      work: async (currentPassword) => {
        const answer = await work(currentPassword);
        if (answer.recovery_codes) setCodes(answer.recovery_codes);
        notifySuccess(answer.message ?? 'Enregistré.');
        await refresh();
      },
    });

  return (
    <Card
      title="Sécurité"
      titleId="profile-security-title"
      action={
        data ? (
          <Badge tone={data.enabled ? 'success' : 'neutral'}>
            {data.enabled ? 'Double authentification activée' : 'Mot de passe seul'}
          </Badge>
        ) : null
      }
    >
      <div className="flex flex-col gap-2">
        {data?.required && !data.enabled ? (
          <FormAlert tone="info">
            Votre rôle exige la double authentification : elle vous sera demandée à la prochaine connexion.
          </FormAlert>
        ) : null}
        {codes ? <RecoveryCodesList codes={codes} /> : null}

        <section aria-labelledby="security-totp" className="flex flex-col gap-1">
          <h3 id="security-totp" className="flex items-center gap-1 font-medium">
            <Smartphone className="size-2" aria-hidden="true" /> Application d'authentification
          </h3>
          {data?.totp ? (
            <div className="flex flex-wrap items-center justify-between gap-1 text-sm">
              <span className="text-ink-muted">Activée le {formatDateTime(data.totp.created_at)}</span>
              <Button
                variant="secondary"
                size="sm"
                icon={<Trash2 className="size-2" aria-hidden="true" />}
                onClick={() =>
                  void act(
                    "Retirer l'application",
                    'Les codes de cette application ne permettront plus de se connecter.',
                    'Retirer',
                    (currentPassword) => removeTotp(currentPassword),
                  )
                }
              >
                Retirer
              </Button>
            </div>
          ) : enrolment ? (
            <form
              noValidate
              className="flex flex-col gap-1.5"
              onSubmit={(event) => {
                event.preventDefault();
                void finish();
              }}
            >
              <TotpQr enrolment={enrolment} />
              <Field id="security-totp-code" label="Code de confirmation" error={codeError ?? undefined}>
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={TOTP_CODE_INPUT_MAX}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Field>
              <div className="flex gap-1">
                <Button type="submit" size="sm" loading={busy}>
                  Activer
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setEnrolment(null)}>
                  Annuler
                </Button>
              </div>
            </form>
          ) : (
            <div>
              <Button size="sm" loading={busy} onClick={() => void begin()}>
                Configurer une application
              </Button>
            </div>
          )}
        </section>

        <section aria-labelledby="security-passkeys" className="flex flex-col gap-1">
          <h3 id="security-passkeys" className="flex items-center gap-1 font-medium">
            <Fingerprint className="size-2" aria-hidden="true" /> Clés d'accès
          </h3>
          {data?.passkeys.length ? (
            <ul className="flex flex-col gap-0.5 text-sm">
              {data.passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-1">
                  <span>
                    <KeyRound className="mr-0.5 inline size-2" aria-hidden="true" />
                    {passkey.label} <span className="text-ink-muted">· ajoutée le {formatDateTime(passkey.created_at)}</span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Retirer la clé d'accès ${passkey.label}`}
                    onClick={() =>
                      void act(
                        "Retirer la clé d'accès",
                        `« ${passkey.label} » ne permettra plus de se connecter.`,
                        'Retirer',
                        (currentPassword) => removePasskey(passkey.id, currentPassword),
                      )
                    }
                  >
                    Retirer
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-muted">Aucune clé d'accès.</p>
          )}
          <div>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void newPasskey()}>
              Ajouter une clé d'accès
            </Button>
          </div>
        </section>

        {data?.enabled ? (
          <section aria-labelledby="security-recovery" className="flex flex-col gap-1">
            <h3 id="security-recovery" className="flex items-center gap-1 font-medium">
              <LifeBuoy className="size-2" aria-hidden="true" /> Codes de secours
            </h3>
            <p className="text-sm text-ink-muted">{data.recovery_codes_left} code(s) restant(s).</p>
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void act(
                    'Nouveaux codes de secours',
                    'Dix nouveaux codes seront affichés une seule fois ; les anciens ne fonctionneront plus.',
                    'Générer',
                    (currentPassword) => newRecoveryCodes(currentPassword),
                  )
                }
              >
                Générer de nouveaux codes
              </Button>
            </div>
          </section>
        ) : null}
      </div>
      <PasswordConfirmDialog asking={asking} onClose={() => setAsking(null)} />
    </Card>
  );
}
