import type { QuoteDraftPayload, QuoteVersionView, StaffQuoteAnswer, StaffOrderDetail } from '@comptoir/api/contract';
import { documentTotals } from '@comptoir/api/document-totals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Plus, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { QUOTE_STATE_LABELS } from '@comptoir/api/statuses';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/field';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { linePriceLabels } from './price-labels';
import { bpOf, minorOf, money, percentOf, type DraftLine } from './quote-draft-values';
import { ProductPicker } from './quote-product-picker';

type Quote = StaffQuoteAnswer['quote'];

const STATE: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: QUOTE_STATE_LABELS.draft, tone: 'warning' },
  sent: { label: QUOTE_STATE_LABELS.sent, tone: 'info' },
  accepted: { label: QUOTE_STATE_LABELS.accepted, tone: 'success' },
  declined: { label: QUOTE_STATE_LABELS.declined, tone: 'danger' },
  expired: { label: QUOTE_STATE_LABELS.expired, tone: 'neutral' },
};

const quoteKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'quote'] as const;

/** The draft editor: lines, discounts, delivery fee, validity, terms, message; a preview of the totals. */
function DraftEditor({
  orderId,
  draft,
  pricesIncludeTax,
  recipients,
  onSaved,
  onReload,
}: {
  orderId: number;
  draft: QuoteVersionView;
  /** PRICES_INCLUDE_TAX: the preview counts the prices TTC, as the server does. */
  pricesIncludeTax: boolean;
  recipients: string[];
  onSaved: (quote: Quote) => void;
  /** Loads the draft as saved on the server (after a 409: someone else saved it meanwhile). */
  onReload: () => void;
}) {
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [discount, setDiscount] = useState('0');
  const [fee, setFee] = useState('0');
  const [validUntil, setValidUntil] = useState('');
  const [terms, setTerms] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const { can } = usePermissions();
  // The version the form was filled from: sent back with the save, so a save made meanwhile by someone
  // else is refused (409). A refetch never replaces the person's edits: the form is refilled only for
  // another draft, after its own save, or when asked (« Recharger la version enregistrée »).
  const [formVersion, setFormVersion] = useState(draft.version);
  const refill = useRef(true);
  const filledId = useRef<number | null>(null);
  useEffect(() => {
    if (!refill.current && filledId.current === draft.id) return;
    refill.current = false;
    filledId.current = draft.id;
    setFormVersion(draft.version);
    setStale(null);
    setLines(
      draft.lines.map((l, key) => ({
        key,
        product_id: l.product_id,
        product_name: l.product_name,
        product_reference: l.product_reference,
        quantity: l.quantity,
        unit_price: l.unit_price.replace(/\.00$/, ''),
        currency_code: l.currency_code,
        discount_bp: l.discount_bp,
        tax_rate_bp: l.tax_rate_bp,
      })),
    );
    setDiscount(percentOf(draft.discount_bp));
    setFee(draft.delivery_fee.replace(/\.00$/, ''));
    setValidUntil(draft.valid_until ?? '');
    setTerms(draft.payment_terms ?? '');
    setMessage(draft.message ?? '');
  }, [draft]);

  const payload = (): QuoteDraftPayload => ({
    version: formVersion,
    lines: lines.map(({ key: _key, ...line }) => line),
    discount_bp: bpOf(discount),
    delivery_fee: fee,
    valid_until: validUntil || null,
    payment_terms: terms,
    message,
  });
  let preview: ReturnType<typeof documentTotals> | null;
  try {
    preview = documentTotals({
      lines: lines.map((l) => ({
        quantity: l.quantity,
        unitPrice: minorOf(l.unit_price, l.currency_code ?? draft.delivery_fee_currency),
        currency: l.currency_code ?? draft.delivery_fee_currency,
        discountBp: l.discount_bp ?? 0,
        taxRateBp: l.tax_rate_bp ?? 1800,
      })),
      overallDiscountBp: bpOf(discount),
      deliveryFee: { amount: minorOf(fee, draft.delivery_fee_currency), currency: draft.delivery_fee_currency, taxRateBp: 1800 },
      pricesIncludeTax,
    });
  } catch {
    preview = null;
  }
  const set = (key: number, patch: Partial<DraftLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function save(): Promise<Quote | null> {
    setSaving(true);
    setErrors({});
    try {
      const answer = await api.post<StaffQuoteAnswer>(`/api/order/${orderId}/quote/versions/${draft.id}/update`, payload());
      refill.current = true;
      onSaved(answer.quote);
      return answer.quote;
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(error.errors);
      if (isApiError(error) && error.status === 409) setStale(error.serverMessage ?? 'Ce devis a été modifié entre-temps.');
      notifyError('Brouillon non enregistré', (isApiError(error) && error.serverMessage) || 'Erreur lors de l’enregistrement');
      return null;
    } finally {
      setSaving(false);
    }
  }
  async function send() {
    const saved = await save();
    if (!saved) return;
    const current = saved.versions[0]!;
    try {
      const answer = await api.post<StaffQuoteAnswer>(`/api/order/${orderId}/quote/versions/${current.id}/send`, {
        version: current.version,
      });
      onSaved(answer.quote);
      notifySuccess(`Devis ${current.reference} envoyé au client.`);
    } catch (error) {
      notifyError('Devis non envoyé', (isApiError(error) && error.serverMessage) || 'Erreur lors de l’envoi');
    }
  }
  const fieldError = (field: string) => (errors[field]?.[0] ? <p className="text-xs text-danger">{errors[field]![0]}</p> : null);

  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-warning/40 p-1.5" data-testid="quote-draft-editor">
      <p className="text-sm font-semibold text-ink">Révision {draft.reference} (brouillon)</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-ink-muted">
            <tr>
              <th className="px-0.5">Désignation</th>
              <th className="px-0.5">Qté</th>
              <th className="px-0.5">{linePriceLabels(pricesIncludeTax).unitPrice}</th>
              <th className="px-0.5">Remise %</th>
              <th className="px-0.5" />
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.key} className="border-t border-line align-top">
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Désignation de la ligne ${index + 1}`}
                    className="w-full rounded border border-line px-0.5"
                    value={line.product_name ?? ''}
                    onChange={(e) => set(line.key, { product_name: e.target.value })}
                  />
                  {fieldError(`lines.${index}.product_name`)}
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Quantité de la ligne ${index + 1}`}
                    className="w-7 rounded border border-line px-0.5 text-right"
                    inputMode="numeric"
                    value={String(line.quantity)}
                    onChange={(e) => set(line.key, { quantity: Number(e.target.value) || 0 })}
                  />
                  {fieldError(`lines.${index}.quantity`)}
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Prix unitaire de la ligne ${index + 1}`}
                    className="w-12 rounded border border-line px-0.5 text-right"
                    inputMode="decimal"
                    value={line.unit_price}
                    onChange={(e) => set(line.key, { unit_price: e.target.value })}
                  />{' '}
                  <span className="text-xs text-ink-muted">{line.currency_code}</span>
                  {fieldError(`lines.${index}.unit_price`)}
                </td>
                <td className="px-0.5 py-0.5">
                  <input
                    aria-label={`Remise de la ligne ${index + 1} (%)`}
                    className="w-6 rounded border border-line px-0.5 text-right"
                    inputMode="decimal"
                    value={percentOf(line.discount_bp)}
                    onChange={(e) => set(line.key, { discount_bp: bpOf(e.target.value) || 0 })}
                  />
                  {fieldError(`lines.${index}.discount_bp`)}
                </td>
                <td className="px-0.5 py-0.5">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Retirer la ligne ${index + 1}`}
                    onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                    icon={<Trash2 className="size-2" aria-hidden="true" />}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fieldError('lines')}
      <div>
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus className="size-2" aria-hidden="true" />}
          onClick={() =>
            setLines((all) => [
              ...all,
              {
                key: Math.max(0, ...all.map((l) => l.key)) + 1,
                product_name: '',
                quantity: 1,
                unit_price: '0',
                currency_code: draft.delivery_fee_currency,
                discount_bp: 0,
                tax_rate_bp: 1800,
              },
            ])
          }
        >
          Ajouter une ligne
        </Button>
      </div>
      {can('shop', 'view') ? (
        <ProductPicker
          onPick={(line) => setLines((all) => [...all, { ...line, key: Math.max(0, ...all.map((l) => l.key)) + 1 }])}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-1 text-sm">
        <label className="flex flex-col">
          Remise globale (%)
          <input className="rounded border border-line px-0.5" value={discount} onChange={(e) => setDiscount(e.target.value)} />
          {fieldError('discount_bp')}
        </label>
        <label className="flex flex-col">
          Frais de livraison HT ({draft.delivery_fee_currency})
          <input className="rounded border border-line px-0.5" value={fee} onChange={(e) => setFee(e.target.value)} />
          {fieldError('delivery_fee')}
        </label>
        <label className="flex flex-col">
          Valable jusqu’au
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
          {fieldError('valid_until')}
        </label>
        <label className="flex flex-col">
          Conditions de paiement
          <input className="rounded border border-line px-0.5" value={terms} onChange={(e) => setTerms(e.target.value)} />
        </label>
        <label className="col-span-2 flex flex-col">
          Message au client
          <textarea
            className="rounded border border-line px-0.5"
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </label>
      </div>
      {preview && (
        <dl className="ml-auto grid grid-cols-2 gap-x-2 text-sm" data-testid="quote-preview">
          {preview.currencies.map((c) => (
            <div key={c.currency} className="contents">
              <dt>Total HT</dt>
              <dd className="text-right tabular-nums">{money(c.ht, c.currency)}</dd>
              <dt>TVA</dt>
              <dd className="text-right tabular-nums">{money(c.tax, c.currency)}</dd>
              <dt className="font-semibold">Total TTC (aperçu)</dt>
              <dd className="text-right font-semibold tabular-nums">{money(c.ttc, c.currency)}</dd>
            </div>
          ))}
        </dl>
      )}
      {stale ? (
        <FormAlert>
          <p>{stale}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-0.5"
            onClick={() => {
              refill.current = true;
              onReload();
            }}
          >
            Recharger la version enregistrée
          </Button>
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-1">
        <Button
          variant="secondary"
          size="sm"
          loading={saving}
          onClick={() => void save().then((q) => q && notifySuccess('Brouillon enregistré.'))}
        >
          Enregistrer le brouillon
        </Button>
        <Button
          size="sm"
          icon={<Send className="size-2" aria-hidden="true" />}
          onClick={() => setConfirming(true)}
          disabled={saving}
        >
          Envoyer au client
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Envoyer le devis au client ?"
        confirmLabel="Envoyer"
        message={`La version ${draft.number} sera enregistrée puis figée (elle ne pourra plus changer), son PDF conservé et envoyé par e-mail à ${recipients.join(' et ')} avec un lien personnel pour l’accepter, le refuser ou poser une question.`}
        onConfirm={() => send()}
      />
    </div>
  );
}

/** The order's quote: versions with their PDFs, the revision editor, the thread with the client and its links. */
export function OrderQuoteVersions({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const enabled = can('quotes', 'view');
  const query = useQuery({
    queryKey: quoteKey(order.id),
    queryFn: async ({ signal }) => (await api.get<StaffQuoteAnswer>(`/api/order/${order.id}/quote`, { signal })).quote,
    enabled,
    staleTime: 0,
  });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  if (!enabled) return null;
  if (query.isPending) return <Spinner label="Chargement du devis…" />;
  if (query.isError) return <p className="text-sm text-danger">Le devis n’a pas pu être chargé.</p>;
  const quote = query.data;
  const update = (next: Quote) => {
    queryClient.setQueryData(quoteKey(order.id), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.pendingOrdersCount });
  };
  const act = async (name: string, work: () => Promise<StaffQuoteAnswer>, done: string) => {
    setBusy(name);
    try {
      update((await work()).quote);
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError('Erreur', (isApiError(error) && error.serverMessage) || 'L’action a échoué.');
      return false;
    } finally {
      setBusy(null);
    }
  };
  const draft = quote.versions.find((v) => v.state === 'draft');
  const accepted = quote.versions.find((v) => v.state === 'accepted');
  const activeLinks = quote.links.filter((l) => !l.revoked_at && new Date(l.expires_at) > new Date());

  return (
    <section aria-labelledby={`order-${order.id}-quote`} className="flex flex-col gap-1.5" data-testid="order-quote">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id={`order-${order.id}-quote`} className="text-sm font-semibold text-ink">
          Devis et échanges
        </h3>
        {quote.quote_state ? (
          <Badge tone={STATE[quote.quote_state]?.tone ?? 'neutral'}>
            <span data-testid="quote-state">{STATE[quote.quote_state]?.label ?? quote.quote_state}</span>
          </Badge>
        ) : null}
      </div>
      <ul className="divide-y divide-line rounded-md border border-line text-sm">
        {quote.versions.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-1 px-1 py-0.5">
            <span>
              <span className="font-mono">{v.reference}</span>{' '}
              <Badge tone={STATE[v.state]?.tone ?? 'neutral'}>{STATE[v.state]?.label ?? v.state}</Badge>
              <span className="ml-1 text-ink-muted">
                {v.totals.map((t) => money(t.ttc, t.currency_code)).join(' + ')} TTC
                {v.sent_at ? ` · envoyé le ${formatDateTime(v.sent_at)}` : ''}
                {v.accepted_by ? ` · accepté par ${v.accepted_by.name}` : ''}
                {v.decline_reason ? ` · refusé : ${v.decline_reason}` : ''}
              </span>
            </span>
            <a className={buttonClasses('ghost', 'sm')} href={`/api/order/${order.id}/quote/versions/${v.id}/pdf`}>
              <FileDown className="size-2" aria-hidden="true" />
              PDF{v.state === 'draft' ? ' (aperçu)' : ''}
            </a>
          </li>
        ))}
      </ul>
      {accepted ? (
        <a className={buttonClasses('secondary', 'sm', 'self-start')} href={`/api/order/${order.id}/purchase-order.pdf`}>
          <FileDown className="size-2" aria-hidden="true" />
          Bon de commande (PDF)
        </a>
      ) : null}
      {draft && can('quotes', 'edit') ? (
        <DraftEditor
          orderId={order.id}
          draft={draft}
          pricesIncludeTax={quote.prices_include_tax}
          recipients={[...new Set([order.company_email, order.representative_email].map((a) => a.toLowerCase()))]}
          onSaved={update}
          onReload={() => void queryClient.invalidateQueries({ queryKey: quoteKey(order.id) })}
        />
      ) : !draft && !accepted && order.status === 'pending' && can('quotes', 'create') ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          loading={busy === 'revise'}
          onClick={() =>
            void act(
              'revise',
              () => api.post<StaffQuoteAnswer>(`/api/order/${order.id}/quote/revise`, {}),
              'Nouvelle version créée.',
            )
          }
        >
          Réviser le devis
        </Button>
      ) : null}

      <div className="rounded-md border border-line p-1">
        <p className="text-sm font-semibold text-ink">Messages avec le client</p>
        <ol className="mt-0.5 flex flex-col gap-0.5 text-sm" data-testid="order-thread">
          {quote.messages.length === 0 ? <li className="text-ink-muted">Aucun message.</li> : null}
          {quote.messages.map((m) => (
            <li key={m.id} className={m.author === 'staff' ? 'rounded bg-brand-50 p-0.5' : 'rounded bg-surface-muted p-0.5'}>
              <span className="text-xs text-ink-muted">
                {m.author === 'staff' ? `${m.author_name} (équipe)` : `${m.author_name} (client)`} ·{' '}
                {formatDateTime(m.created_at)}
              </span>
              <p className="whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ol>
        {can('quotes', 'edit') ? (
          <form
            className="mt-1 flex flex-col gap-0.5"
            onSubmit={(event) => {
              event.preventDefault();
              void act(
                'reply',
                () => api.post<StaffQuoteAnswer>(`/api/order/${order.id}/messages`, { body: reply }),
                'Message envoyé au client.',
              ).then((ok) => ok && setReply(''));
            }}
          >
            <label className="text-sm" htmlFor={`order-${order.id}-reply`}>
              Répondre au client
            </label>
            <textarea
              id={`order-${order.id}-reply`}
              className="rounded border border-line px-0.5"
              rows={2}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
            />
            <Button type="submit" size="sm" className="self-end" loading={busy === 'reply'} disabled={!reply.trim()}>
              Envoyer la réponse
            </Button>
          </form>
        ) : null}
      </div>
      {can('quotes', 'edit') && activeLinks.length ? (
        <p className="flex flex-wrap items-center gap-1 text-xs text-ink-muted">
          {activeLinks.length} lien{activeLinks.length > 1 ? 's' : ''} client actif{activeLinks.length > 1 ? 's' : ''} (
          {[...new Set(activeLinks.map((l) => l.email))].join(', ')})
          <Button
            size="sm"
            variant="ghost"
            loading={busy === 'revoke'}
            onClick={() =>
              void act(
                'revoke',
                () => api.post<StaffQuoteAnswer>(`/api/order/${order.id}/client-links/revoke`, {}),
                'Liens client révoqués.',
              )
            }
          >
            Révoquer les liens
          </Button>
        </p>
      ) : null}
    </section>
  );
}
