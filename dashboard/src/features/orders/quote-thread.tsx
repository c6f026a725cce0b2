import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import type { Quote } from './quote-draft-state';

/** The messages exchanged with the client about the quote and, for who may edit quotes, the reply form. */
export function QuoteThread({
  orderId,
  messages,
  canReply,
  sending,
  onReply,
}: {
  orderId: number;
  messages: Quote['messages'];
  canReply: boolean;
  sending: boolean;
  /** Resolves true once sent: the text is then cleared. */
  onReply: (body: string) => Promise<boolean>;
}) {
  const [reply, setReply] = useState('');
  return (
    <div className="rounded-md border border-line p-1">
      <p className="text-sm font-semibold text-ink">Messages avec le client</p>
      <ol className="mt-0.5 flex flex-col gap-0.5 text-sm" data-testid="order-thread">
        {messages.length === 0 ? <li className="text-ink-muted">Aucun message.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className={m.author === 'staff' ? 'rounded bg-brand-50 p-0.5' : 'rounded bg-surface-muted p-0.5'}>
            <span className="text-xs text-ink-muted">
              {m.author === 'staff' ? `${m.author_name} (équipe)` : `${m.author_name} (client)`} · {formatDateTime(m.created_at)}
            </span>
            <p className="whitespace-pre-line">{m.body}</p>
          </li>
        ))}
      </ol>
      {canReply ? (
        <form
          className="mt-1 flex flex-col gap-0.5"
          onSubmit={(event) => {
            event.preventDefault();
            void onReply(reply).then((ok) => ok && setReply(''));
          }}
        >
          <label className="text-sm" htmlFor={`order-${orderId}-reply`}>
            Répondre au client
          </label>
          <textarea
            id={`order-${orderId}-reply`}
            className="rounded border border-line px-0.5"
            rows={2}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          <Button type="submit" size="sm" className="self-end" loading={sending} disabled={!reply.trim()}>
            Envoyer la réponse
          </Button>
        </form>
      ) : null}
    </div>
  );
}
