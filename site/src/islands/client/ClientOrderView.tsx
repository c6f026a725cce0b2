import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { ClientOrderAnswer } from '@comptoir/api/contract';
import { api, firstErrors } from '../lib/http';
import { Spinner } from '../ui/Spinner';
import { OrderDocuments } from './OrderDocuments';
import { STATE_LABELS, STATUS_LABELS, dateFr, dateTimeFr, money, percent } from './client-token';

type OrderView = ClientOrderAnswer['order'];

const NETWORK = 'La connexion a échoué : vérifiez votre réseau puis réessayez.';

/** A POST form opening a PDF in a new tab: the token goes in the body, never in an address. */
function PdfButton({ token, orderId, versionId, label }: { token: string; orderId?: number; versionId: number; label: string }) {
  return (
    <form method="post" action="/api/client/order/pdf" target="_blank" className="inline">
      <input type="hidden" name="token" value={token} />
      {orderId ? <input type="hidden" name="order_id" value={orderId} /> : null}
      <input type="hidden" name="version_id" value={versionId} />
      <button type="submit" className="btn btn-outline">
        {label}
      </button>
    </form>
  );
}

/**
 * The client's order (e-mailed link, no account): the current quote with its lines, totals and the
 * amount in words, earlier versions' PDFs, « Accepter » / « Refuser », and the thread with staff.
 */
export function ClientOrderView({ token, orderId }: { token: string; orderId?: number }) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const ids = { message: useId(), name: useId(), agreed: useId(), reason: useId() };
  const base = orderId ? { token, order_id: orderId } : { token };

  const load = useCallback(async () => {
    const result = await api<ClientOrderAnswer>('/api/client/order', { method: 'POST', body: base });
    if (result.ok) setOrder(result.data.order);
    else setFailure(result.network ? NETWORK : (result.data?.message ?? NETWORK));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function post(kind: 'message' | 'accept' | 'decline', body: Record<string, unknown>, done: string) {
    setBusy(kind);
    setErrors({});
    setNotice(null);
    try {
      const result = await api<ClientOrderAnswer>(`/api/client/order/${kind}`, { method: 'POST', body: { ...base, ...body } });
      if (result.ok) {
        setOrder(result.data.order);
        setNotice(done);
        return true;
      }
      const fields = firstErrors(result.data?.errors);
      setErrors(Object.keys(fields).length ? fields : { form: result.network ? NETWORK : (result.data?.message ?? NETWORK) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  if (failure) {
    return (
      <div className="rounded-xl bg-danger-soft p-3 text-danger" role="alert">
        <p>{failure}</p>
        <p className="mt-1">
          <a className="underline" href="/mes-commandes">
            Recevoir un nouveau lien
          </a>
        </p>
      </div>
    );
  }
  if (!order) return <Spinner label="Chargement de votre commande" />;
  const current = order.current;

  const sendMessage = async (event: FormEvent) => {
    event.preventDefault();
    if (await post('message', { body: message }, 'Votre message a été envoyé à notre équipe.')) setMessage('');
  };
  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    await post('accept', { version_id: current.id, name, agreed }, 'Merci ! Votre commande est confirmée.');
  };
  const decline = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return;
    await post('decline', { version_id: current.id, reason }, 'Votre refus a été transmis à notre équipe.');
  };
  const error = (field: string, id?: string) =>
    errors[field] ? (
      <p id={id ? `${id}-error` : undefined} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="grid gap-4" data-client-order>
      <header>
        <p className="text-sm text-ink-muted">Commande {order.order_num}</p>
        <h1 className="text-2xl font-extrabold text-brand-900 md:text-3xl">
          {current ? `Devis ${current.reference}` : 'Votre commande'}
        </h1>
        <p className="mt-1" data-order-state>
          {order.company_name} · Commande : <strong>{STATUS_LABELS[order.status] ?? order.status}</strong>
          {current ? (
            <>
              {' '}
              · Devis : <strong>{STATE_LABELS[current.state] ?? current.state}</strong>
            </>
          ) : null}
        </p>
        <dl className="mt-1 grid gap-x-2 text-sm sm:grid-cols-[auto_1fr]" data-order-delivery>
          <dt className="text-ink-muted">Mode de livraison</dt>
          <dd>{order.delivery_method}</dd>
          {order.delivery_address && (
            <>
              <dt className="text-ink-muted">Adresse de livraison</dt>
              <dd className="whitespace-pre-line">{order.delivery_address}</dd>
            </>
          )}
          {order.client_reference && (
            <>
              <dt className="text-ink-muted">Votre référence</dt>
              <dd>{order.client_reference}</dd>
            </>
          )}
          {order.note && (
            <>
              <dt className="text-ink-muted">Note</dt>
              <dd className="whitespace-pre-line">{order.note}</dd>
            </>
          )}
        </dl>
      </header>

      {notice && (
        <p className="rounded-md bg-success-soft p-1.5 text-success" role="status">
          {notice}
        </p>
      )}

      {current && (
        <section className="rounded-2xl bg-white p-3 shadow-raised md:p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-bold text-brand-900">
              Version {current.number}
              {current.valid_until ? (
                <span className="ml-1 text-base font-normal text-ink-muted">
                  — valable jusqu’au {dateFr(current.valid_until)}
                </span>
              ) : null}
            </h2>
            <PdfButton
              token={token}
              orderId={orderId}
              versionId={current.id}
              label={current.state === 'accepted' ? 'Bon de commande (PDF)' : 'Télécharger le PDF'}
            />
          </div>
          {current.message && <p className="mt-2 whitespace-pre-line rounded-md bg-brand-50 p-2">{current.message}</p>}
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b text-ink-muted">
                  <th className="py-1 pr-2">Désignation</th>
                  <th className="py-1 pr-2 text-right">Qté</th>
                  <th className="py-1 pr-2 text-right">Prix unitaire HT</th>
                  <th className="py-1 pr-2 text-right">Remise</th>
                  <th className="py-1 pr-2 text-right">TVA</th>
                  <th className="py-1 text-right">Total HT</th>
                </tr>
              </thead>
              <tbody>
                {current.lines.map((line) => (
                  <tr key={line.id} className="border-b last:border-0">
                    <td className="py-1 pr-2">
                      {line.product_name}
                      {line.product_reference ? (
                        <span className="block text-xs text-ink-muted">{line.product_reference}</span>
                      ) : null}
                    </td>
                    <td className="py-1 pr-2 text-right">{line.quantity}</td>
                    <td className="py-1 pr-2 text-right whitespace-nowrap">{money(line.unit_price, line.currency_code)}</td>
                    <td className="py-1 pr-2 text-right">{line.discount_bp ? percent(line.discount_bp) : '—'}</td>
                    <td className="py-1 pr-2 text-right">{percent(line.tax_rate_bp)}</td>
                    <td className="py-1 text-right whitespace-nowrap">{money(line.total_ht, line.currency_code)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {current.totals.map((total) => (
            <dl
              key={total.currency_code}
              className="mt-2 ml-auto grid max-w-sm grid-cols-2 gap-x-2 text-sm"
              data-totals={total.currency_code}
            >
              {total.discount !== '0' && total.discount !== '0.00' ? (
                <>
                  <dt>Remise globale ({percent(current.discount_bp)})</dt>
                  <dd className="text-right">− {money(total.discount, total.currency_code)}</dd>
                </>
              ) : null}
              {total.delivery !== '0' && total.delivery !== '0.00' ? (
                <>
                  <dt>Livraison HT</dt>
                  <dd className="text-right">{money(total.delivery, total.currency_code)}</dd>
                </>
              ) : null}
              <dt>Total HT</dt>
              <dd className="text-right">{money(total.ht, total.currency_code)}</dd>
              {total.taxes.map((tax) => (
                <div key={tax.rate_bp} className="contents">
                  <dt>{tax.rate_bp ? `TVA ${percent(tax.rate_bp)}` : 'Exonéré de TVA'}</dt>
                  <dd className="text-right">{money(tax.tax, total.currency_code)}</dd>
                </div>
              ))}
              <dt className="font-bold">Total TTC</dt>
              <dd className="text-right font-bold" data-ttc>
                {money(total.ttc, total.currency_code)}
              </dd>
            </dl>
          ))}
          <p className="mt-2 text-sm italic" data-in-words>
            {current.in_words}
          </p>
          {current.payment_terms && <p className="mt-1 text-sm">Conditions de paiement : {current.payment_terms}</p>}
          {current.accepted_by && (
            <p className="mt-2 rounded-md bg-success-soft p-1.5 text-success">
              « Bon pour accord » donné par {current.accepted_by.name} le {dateTimeFr(current.accepted_by.accepted_at)}.
            </p>
          )}
          {current.decline_reason && (
            <p className="mt-2 rounded-md bg-danger-soft p-1.5 text-danger">Devis refusé : {current.decline_reason}</p>
          )}
        </section>
      )}

      {current && order.can_answer ? (
        <section className="grid gap-3 md:grid-cols-2">
          <form
            onSubmit={accept}
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
                maxLength={255}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${ids.name}-error` : undefined}
              />
              {error('name', ids.name)}
            </div>
            <label className="flex items-center gap-1">
              <input id={ids.agreed} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
              Bon pour accord
            </label>
            {error('agreed')}
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'accept' && <Spinner label="Envoi en cours" />}
              Accepter
            </button>
          </form>
          <form
            onSubmit={decline}
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
                    maxLength={2000}
                    aria-invalid={errors.reason ? true : undefined}
                  />
                  {error('reason', ids.reason)}
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
      ) : order.answer_note ? (
        <p className="rounded-md bg-brand-50 p-2" data-answer-note>
          {order.answer_note}
        </p>
      ) : null}
      {errors.form && (
        <p className="rounded-md bg-danger-soft p-1.5 text-danger" role="alert">
          {errors.form}
        </p>
      )}

      {order.earlier.length > 0 && (
        <section>
          <h2 className="text-lg font-bold text-brand-900">Versions précédentes</h2>
          <ul className="mt-1 grid gap-1">
            {order.earlier.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {version.reference} — {STATE_LABELS[version.state] ?? version.state}
                  {version.sent_at ? `, envoyé le ${dateFr(version.sent_at)}` : ''}
                </span>
                <PdfButton token={token} orderId={orderId} versionId={version.id} label="PDF" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <OrderDocuments
        token={token}
        orderId={orderId}
        deliveries={order.deliveries}
        invoices={order.invoices ?? []}
        detail="full"
      />

      <section className="rounded-2xl bg-white p-3 shadow-raised">
        <h2 className="text-lg font-bold text-brand-900">Échanges avec notre équipe</h2>
        <ol className="mt-2 grid gap-1.5" data-thread>
          {order.messages.length === 0 && <li className="text-ink-muted">Aucun message pour le moment.</li>}
          {order.messages.map((m) => (
            <li key={m.id} className={`rounded-md p-1.5 ${m.author === 'staff' ? 'bg-brand-50' : 'bg-surface-muted'}`}>
              <p className="text-xs text-ink-muted">
                {m.author === 'staff' ? `${m.author_name} (équipe)` : m.author_name} · {dateTimeFr(m.created_at)}
              </p>
              <p className="whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ol>
        <form onSubmit={sendMessage} noValidate className="mt-2 grid gap-1.5" aria-busy={busy === 'message'}>
          <label htmlFor={ids.message} className="field-label">
            Votre message
          </label>
          <textarea
            id={ids.message}
            className="field-input h-[96px]"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={4000}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${ids.message}-error` : undefined}
          />
          {error('body', ids.message)}
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'message' && <Spinner label="Envoi en cours" />}
              Envoyer le message
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
