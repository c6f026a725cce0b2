import type { StaffOrderDetail } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, FileDown, Mail } from 'lucide-react';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { notifyError, notifySuccess } from '../../ui/notify';
import { currencyLabel, formatMoney } from '../products/money';

/** Days added by "Prolonger" (staff can press it again). */
const EXTEND_DAYS = 7;

/** The devis PDF, made by the server from the stored order (GET /api/order/{id}/devis.pdf, orders view). */
export function DevisDownload({ order }: { order: StaffOrderDetail }) {
  return (
    <a
      className={buttonClasses('secondary', 'sm')}
      href={`/api/order/${order.id}/devis.pdf`}
      download={`devis-${order.order_num}.pdf`}
      data-testid="devis-download"
    >
      <FileDown className="size-2" aria-hidden="true" />
      Télécharger le devis (PDF)
    </a>
  );
}

/**
 * The totals under the lines: per currency HT, TVA and TTC (computed by the server as the devis prints
 * them), then the TTC converted into the client's currency with the rates used.
 */
export function OrderTotalsFoot({ order }: { order: StaffOrderDetail }) {
  const { money } = order;
  const converts = money.totals.length > 1 || money.totals[0]?.currency_code !== money.currency_code;
  const symbol = (code: string) => money.totals.find((t) => t.currency_code === code)?.currency_symbol ?? code;
  const several = order.taxes.length > 1;
  return (
    <tfoot>
      {order.taxes.flatMap((t) => {
        const suffix = several ? ` (${t.currency_code})` : '';
        return [
          ['ht', `Total HT${suffix}`, t.ht],
          ['tax', `TVA${suffix}`, t.tax],
          ['ttc', `Total TTC${suffix}`, t.ttc],
        ].map(([key, label, amount]) => (
          <tr
            key={`${t.currency_code}-${key}`}
            className="border-t border-line bg-surface-muted font-semibold"
            data-testid={`order-total-${key}`}
          >
            <td className="px-1 py-0.5" colSpan={3}>
              {label}
            </td>
            <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
              {formatMoney(amount, symbol(t.currency_code))}
            </td>
          </tr>
        ));
      })}
      {converts ? (
        <tr className="border-t border-line bg-surface-muted font-semibold" data-testid="order-converted-total">
          <td className="px-1 py-0.5" colSpan={3}>
            Total TTC en {currencyLabel(order.currency)} ≈
            {money.rates.length ? (
              <span className="block text-xs font-normal text-ink-subtle">
                {money.rates
                  .map((r) => `1 ${r.currency_code} = ${r.rate.replace('.', ',')} FCFA${r.fixed ? ' (parité fixe)' : ''}`)
                  .join(' ; ')}
              </span>
            ) : null}
          </td>
          <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
            {order.converted_ttc !== null ? formatMoney(order.converted_ttc, money.currency_symbol) : 'À confirmer'}
          </td>
        </tr>
      ) : null}
      {money.note ? (
        <tr className="border-t border-line">
          <td className="px-1 py-0.5 text-xs text-warning" colSpan={4} role="note">
            {money.note}
          </td>
        </tr>
      ) : null}
    </tfoot>
  );
}

/** How long a pending request keeps its stock, and "Prolonger" (orders edit). */
export function OrderHold({ order, canEdit }: { order: StaffOrderDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (order.cancel_reason === 'expired' && order.status === 'canceled') {
    return (
      <p className="text-sm text-ink-muted" data-testid="order-hold">
        <Badge tone="warning">Réservation expirée</Badge> Annulée automatiquement : le stock a été remis en vente.
      </p>
    );
  }
  if (!order.hold_until) return null;
  const act = async (path: string, body: object, done: string, failed: string) => {
    setBusy(true);
    try {
      const answer = await api.put<{ order: StaffOrderDetail }>(`/api/order/${order.id}/${path}`, body);
      queryClient.setQueryData(queryKeys.orders.detail(order.id), answer.order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      notifySuccess(done);
    } catch (error) {
      notifyError('Erreur', (isApiError(error) && error.serverMessage) || failed);
    } finally {
      setBusy(false);
    }
  };
  const extend = () => act('hold', { days: EXTEND_DAYS }, 'Réservation prolongée !', 'Erreur lors de la prolongation.');
  const release = () =>
    act('hold/release', {}, 'Réservation libérée : le stock est remis en vente.', 'Erreur lors de la libération.');
  const provisional = order.hold_state === 'provisional';
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-1 rounded-md border border-line p-1.5 text-sm"
      data-testid="order-hold"
    >
      <span className="flex flex-wrap items-center gap-0.5">
        <CalendarClock className="size-2 text-ink-subtle" aria-hidden="true" />
        {provisional ? (
          <>
            <Badge tone="warning">Réservation provisoire</Badge> Adresse du client non confirmée : stock réservé jusqu’au{' '}
            <strong>{formatDateTime(order.hold_until)}</strong>, puis remis en vente (la demande reste en attente).
          </>
        ) : (
          <>
            Stock réservé jusqu’au <strong>{formatDateTime(order.hold_until)}</strong>, puis demande annulée automatiquement.
          </>
        )}
      </span>
      {canEdit ? (
        <span className="flex flex-wrap gap-0.5">
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void extend()}>
            {provisional ? `Confirmer et prolonger de ${EXTEND_DAYS} jours` : `Prolonger de ${EXTEND_DAYS} jours`}
          </Button>
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void release()}>
            Libérer la réservation
          </Button>
        </span>
      ) : null}
    </div>
  );
}

const MAIL_LABELS: Record<string, string> = {
  'order-staff': 'Notification à l’équipe',
  'order-received': 'Accusé de réception et devis',
  'order-confirm': 'Lien de confirmation et devis',
  'order-inprogress': 'Commande en cours',
  'order-shipped': 'Commande expédiée',
  'order-canceled': 'Commande annulée',
  'order-expired': 'Réservation expirée',
};

/** The e-mails about this order, from the outbox: what went to whom, and when. */
export function OrderMails({ order }: { order: StaffOrderDetail }) {
  if (!order.mails.length) return null;
  return (
    <section aria-labelledby={`order-${order.id}-mails`}>
      <h3 id={`order-${order.id}-mails`} className="mb-0.5 flex items-center gap-0.5 text-sm font-semibold text-ink">
        <Mail className="size-2" aria-hidden="true" /> E-mails envoyés
      </h3>
      <ul className="divide-y divide-line rounded-md border border-line text-sm" data-testid="order-mails">
        {order.mails.map((mail) => (
          <li key={mail.id} className="flex flex-wrap justify-between gap-1 px-1 py-0.5">
            <span>
              {MAIL_LABELS[mail.kind] ?? mail.kind}
              {mail.with_devis ? ' (devis joint)' : ''} <span className="text-ink-subtle">→ {mail.to}</span>
            </span>
            <span className="text-xs text-ink-muted">
              {mail.status === 'sent' && mail.sent_at
                ? `Envoyé le ${formatDateTime(mail.sent_at)}`
                : mail.status === 'failed'
                  ? 'Échec de l’envoi'
                  : `En file d’attente depuis le ${formatDateTime(mail.created_at)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
