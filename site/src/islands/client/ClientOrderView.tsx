import { Spinner } from '../ui/Spinner';
import { STATE_LABELS, dateFr } from './client-token';
import { OrderDocuments } from './OrderDocuments';
import { OrderHeader } from './OrderHeader';
import { OrderThread } from './OrderThread';
import { PdfButton } from './PdfButton';
import { QuoteAnswerForms } from './QuoteAnswerForms';
import { QuoteVersionPanel } from './QuoteVersionPanel';
import { quoteAnswer } from './quote-answer';
import { useClientOrder } from './use-client-order';

/**
 * The client's order (e-mailed link, no account): the current quote with its lines, totals and the
 * amount in words, earlier versions' PDFs, « Accepter » / « Refuser », deliveries and invoices, and
 * the thread with staff (useClientOrder holds the order and the actions).
 */
export function ClientOrderView({ token, orderId }: { token: string; orderId?: number }) {
  const { order, failure, busy, errors, notice, sendMessage, accept, decline } = useClientOrder(token, orderId);

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
  const answer = quoteAnswer(order);

  return (
    <div className="grid gap-4" data-client-order>
      <OrderHeader order={order} />

      {notice && (
        <p className="rounded-md bg-success-soft p-1.5 text-success" role="status">
          {notice}
        </p>
      )}

      {current && <QuoteVersionPanel token={token} orderId={orderId} current={current} />}

      {answer === 'answer' ? (
        <QuoteAnswerForms busy={busy} errors={errors} accept={accept} decline={decline} />
      ) : answer === 'note' ? (
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

      <OrderThread messages={order.messages} busy={busy} errors={errors} sendMessage={sendMessage} />
    </div>
  );
}
