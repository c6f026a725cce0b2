import { useId, useState, type FormEvent } from 'react';
import { ORDER_MESSAGE_MAX } from '@comptoir/api/text-limits';
import { Spinner } from '../ui/Spinner';
import { dateTimeFr } from './client-token';
import { FieldError } from './FieldError';
import type { OrderAction, OrderView } from './use-client-order';

interface Props {
  messages: OrderView['messages'];
  busy: OrderAction | null;
  errors: Record<string, string>;
  sendMessage: (message: string) => Promise<boolean>;
}

/** The thread with staff and the form to write to them (emptied once the message is sent). */
export function OrderThread({ messages, busy, errors, sendMessage }: Props) {
  const [message, setMessage] = useState('');
  const id = useId();

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    if (await sendMessage(message)) setMessage('');
  };

  return (
    <section className="rounded-2xl bg-white p-3 shadow-raised">
      <h2 className="text-lg font-bold text-brand-900">Échanges avec notre équipe</h2>
      <ol className="mt-2 grid gap-1.5" data-thread>
        {messages.length === 0 && <li className="text-ink-muted">Aucun message pour le moment.</li>}
        {messages.map((m) => (
          <li key={m.id} className={`rounded-md p-1.5 ${m.author === 'staff' ? 'bg-brand-50' : 'bg-surface-muted'}`}>
            <p className="text-xs text-ink-muted">
              {m.author === 'staff' ? `${m.author_name} (équipe)` : m.author_name} · {dateTimeFr(m.created_at)}
            </p>
            <p className="whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={onSend} noValidate className="mt-2 grid gap-1.5" aria-busy={busy === 'message'}>
        <label htmlFor={id} className="field-label">
          Votre message
        </label>
        <textarea
          id={id}
          className="field-input h-[96px]"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={ORDER_MESSAGE_MAX}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-error` : undefined}
        />
        <FieldError errors={errors} field="body" id={id} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'message' && <Spinner label="Envoi en cours" />}
            Envoyer le message
          </button>
        </div>
      </form>
    </section>
  );
}
