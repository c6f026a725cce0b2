import { useId, useState, type FormEvent } from 'react';
import { QUOTE_DECLINE_REASON_MAX, QUOTE_SIGNER_NAME_MAX } from '@comptoir/api/text-limits';
import { Spinner } from '../ui/Spinner';
import { FieldError } from './FieldError';
import type { OrderAction } from './use-client-order';

interface Props {
  busy: OrderAction | null;
  errors: Record<string, string>;
  accept: (name: string, agreed: boolean) => Promise<boolean>;
  decline: (reason: string) => Promise<boolean>;
}

/** « Accepter le devis » (a name as signature, « Bon pour accord ») and « Refuser le devis » (a reason). */
export function QuoteAnswerForms({ busy, errors, accept, decline }: Props) {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const ids = { name: useId(), agreed: useId(), reason: useId() };

  const onAccept = async (event: FormEvent) => {
    event.preventDefault();
    await accept(name, agreed);
  };
  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    await decline(reason);
  };

  return (
    <section className="grid gap-3 md:grid-cols-2">
      <form
        onSubmit={onAccept}
        noValidate
        className="grid content-start gap-2 rounded-2xl bg-white p-3 shadow-raised"
        aria-busy={busy === 'accept'}
      >
        <h2 className="text-lg font-bold text-brand-900">Accepter le devis</h2>
        <div>
          <label htmlFor={ids.name} className="field-label">
            Votre nom (signature)
          </label>
          <input
            id={ids.name}
            className="field-input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            maxLength={QUOTE_SIGNER_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          />
          <FieldError errors={errors} field="name" id={ids.name} />
        </div>
        <label className="flex items-center gap-1">
          <input id={ids.agreed} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          Bon pour accord
        </label>
        <FieldError errors={errors} field="agreed" />
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'accept' && <Spinner label="Envoi en cours" />}
          Accepter
        </button>
      </form>
      <form
        onSubmit={onDecline}
        noValidate
        className="grid content-start gap-2 rounded-2xl bg-white p-3 shadow-raised"
        aria-busy={busy === 'decline'}
      >
        <h2 className="text-lg font-bold text-brand-900">Refuser le devis</h2>
        {declining ? (
          <>
            <div>
              <label htmlFor={ids.reason} className="field-label">
                Raison du refus
              </label>
              <textarea
                id={ids.reason}
                className="field-input h-[96px]"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={QUOTE_DECLINE_REASON_MAX}
                aria-invalid={errors.reason ? true : undefined}
              />
              <FieldError errors={errors} field="reason" id={ids.reason} />
            </div>
            <button type="submit" className="btn btn-secondary" disabled={busy !== null}>
              {busy === 'decline' && <Spinner label="Envoi en cours" />}
              Confirmer le refus
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setDeclining(true)}>
            Refuser
          </button>
        )}
      </form>
    </section>
  );
}
