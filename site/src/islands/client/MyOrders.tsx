import { MY_ORDERS_EMAIL_MAX } from '@comptoir/api/text-limits';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ClientOrdersAnswer } from '@comptoir/api/contract';
import { api, firstErrors } from '../lib/http';
import { Spinner } from '../ui/Spinner';
import { ClientOrderView } from './ClientOrderView';
import { OrderDocuments } from './OrderDocuments';
import { STATE_LABELS, STATUS_LABELS, dateFr, takeToken } from './client-token';

/**
 * « Mes commandes »: without a token, the form that e-mails a link to every order of an address
 * (the same answer whether it is known or not); with the link's token, the list, each order opening
 * below it.
 */
export default function MyOrders() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [list, setList] = useState<ClientOrdersAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    // A link opened on this very page only changes the fragment: read it again then.
    const read = () => setToken(takeToken('comptoir-orders-link'));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  useEffect(() => {
    if (!token) return;
    void api<ClientOrdersAnswer>('/api/client/orders', { method: 'POST', body: { token } }).then((result) => {
      if (result.ok) setList(result.data);
      else setFailure(result.data?.message ?? 'La connexion a échoué : vérifiez votre réseau puis réessayez.');
    });
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ message: string }>('/api/client/orders-link', { method: 'POST', body: { email } });
      if (result.ok) setSent(result.data.message);
      else
        setError(
          firstErrors(result.data?.errors).email ?? result.data?.message ?? 'La demande a échoué. Réessayez dans un instant.',
        );
    } finally {
      setBusy(false);
    }
  }

  if (token === undefined) return null;
  if (token && (list || failure)) {
    if (failure)
      return (
        <div className="grid gap-2">
          <p className="rounded-xl bg-danger-soft p-3 text-danger" role="alert">
            {failure}
          </p>
          <a
            className="btn btn-primary w-fit"
            href="/mes-commandes"
            onClick={() => sessionStorage.removeItem('comptoir-orders-link')}
          >
            Recevoir un nouveau lien
          </a>
        </div>
      );
    return (
      <div className="grid gap-4">
        <section className="rounded-2xl bg-white p-3 shadow-raised">
          <h2 className="text-lg font-bold text-brand-900">Commandes de {list!.email}</h2>
          <p className="text-sm text-ink-muted">Chaque commande avec son devis, ses bons de livraison et ses factures.</p>
          {list!.orders.length === 0 ? (
            <p className="mt-1 text-ink-muted">Aucune commande pour cette adresse.</p>
          ) : (
            <ul className="mt-2 grid gap-1" data-my-orders>
              {list!.orders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-1 last:border-0">
                  <span>
                    <strong>{o.order_num}</strong> du {dateFr(o.created_at)} — {STATUS_LABELS[o.status] ?? o.status}
                    {o.reference ? ` · devis ${o.reference} : ${STATE_LABELS[o.quote_state ?? ''] ?? ''}` : ''}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => setOpened(o.id)}
                    aria-pressed={opened === o.id}
                  >
                    Ouvrir
                  </button>
                  <OrderDocuments token={token} orderId={o.id} deliveries={o.deliveries} invoices={o.invoices} detail="summary" />
                </li>
              ))}
            </ul>
          )}
        </section>
        {opened && <ClientOrderView key={opened} token={token} orderId={opened} />}
      </div>
    );
  }
  if (token) return <Spinner label="Chargement de vos commandes" />;
  return (
    <form onSubmit={submit} noValidate className="grid max-w-lg gap-2 rounded-2xl bg-white p-3 shadow-raised" aria-busy={busy}>
      <p>
        Indiquez l’adresse e-mail utilisée pour vos demandes : nous vous envoyons un lien vers toutes vos commandes et vos devis.
      </p>
      <div>
        <label htmlFor={id} className="field-label">
          Votre adresse e-mail
        </label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          className="field-input"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={MY_ORDERS_EMAIL_MAX}
          aria-invalid={error ? true : undefined}
        />
        {error && <p className="field-error">{error}</p>}
      </div>
      {sent && (
        <p className="rounded-md bg-success-soft p-1.5 text-success" role="status">
          {sent}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <Spinner label="Envoi en cours" />}
          Recevoir le lien
        </button>
      </div>
    </form>
  );
}
