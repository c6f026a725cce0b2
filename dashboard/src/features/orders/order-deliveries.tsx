import { DELIVERY_CARRIER_MAX, DELIVERY_NOTE_MAX } from '@comptoir/api/text-limits';
import type { OrderDeliveries, StaffOrderDetail } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Truck } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { notifySuccess } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { deliveryPdfUrl, orderDeliveriesQueryOptions, recordDelivery } from './deliveries-api';

const units = (n: number) => `${n} unité${Math.abs(n) > 1 ? 's' : ''}`;

/** « Enregistrer une livraison »: each line's remaining quantity prefilled, editable up to it, then a confirmation. */
function RecordDeliveryDialog({
  data,
  open,
  onOpenChange,
}: {
  data: OrderDeliveries;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const openLines = data.lines.filter((line) => line.remaining > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(openLines.map((line) => [line.order_item_id, String(line.remaining)])),
  );
  const [carrier, setCarrier] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const parsed = openLines.map((line) => {
    const raw = (quantities[line.order_item_id] ?? '').trim();
    const value = raw === '' ? 0 : Number(raw);
    const problem =
      !Number.isInteger(value) || value < 0
        ? 'Nombre entier attendu'
        : value > line.remaining
          ? `Au plus ${line.remaining}`
          : null;
    return { line, value, problem };
  });
  const total = parsed.reduce((sum, p) => sum + (p.problem ? 0 : p.value), 0);
  const invalid = parsed.some((p) => p.problem) || total === 0;

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const answer = await recordDelivery(data.order_id, {
        version: data.version,
        lines: parsed.filter((p) => p.value > 0).map((p) => ({ order_item_id: p.line.order_item_id, quantity: p.value })),
        ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      onOpenChange(false);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'L’enregistrement a échoué. Réessayez.');
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Enregistrer une livraison"
      description={`Commande ${data.order_num} : indiquez les quantités qui partent avec ce bon.`}
      size="lg"
      busy={saving}
      footer={
        <div className="flex justify-end gap-1">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Annuler
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={invalid || saving} data-testid="delivery-submit">
            Enregistrer la livraison
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-2 text-sm">
        {error && <FormAlert>{error}</FormAlert>}
        <table className="w-full">
          <thead>
            <tr className="text-left text-ink-muted">
              <th className="py-0.5">Produit</th>
              <th className="py-0.5 text-right">Commandé</th>
              <th className="py-0.5 text-right">Déjà livré</th>
              <th className="py-0.5 text-right">À livrer maintenant</th>
            </tr>
          </thead>
          <tbody>
            {parsed.map(({ line, problem }) => (
              <tr key={line.order_item_id} className="border-t border-line">
                <td className="py-0.5">{line.product_name}</td>
                <td className="py-0.5 text-right tabular-nums">{line.quantity}</td>
                <td className="py-0.5 text-right tabular-nums">{line.delivered_quantity}</td>
                <td className="py-0.5 text-right">
                  <input
                    type="number"
                    min={0}
                    max={line.remaining}
                    step={1}
                    inputMode="numeric"
                    aria-label={`Quantité livrée : ${line.product_name}`}
                    aria-invalid={problem ? true : undefined}
                    className="w-8 rounded border border-line px-0.5 text-right tabular-nums"
                    value={quantities[line.order_item_id] ?? ''}
                    onChange={(e) => setQuantities((q) => ({ ...q, [line.order_item_id]: e.target.value }))}
                  />
                  <span className="ml-0.5 text-xs text-ink-muted">/ {line.remaining}</span>
                  {problem && <p className="text-xs text-danger">{problem}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <label className="flex flex-col">
          Transporteur ou livreur (facultatif)
          <input
            className="rounded border border-line px-0.5"
            value={carrier}
            maxLength={DELIVERY_CARRIER_MAX}
            onChange={(e) => setCarrier(e.target.value)}
          />
        </label>
        <label className="flex flex-col">
          Remarque imprimée sur le bon (facultatif)
          <textarea
            className="rounded border border-line px-0.5"
            rows={2}
            value={note}
            maxLength={DELIVERY_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Enregistrer cette livraison ?"
        confirmLabel="Enregistrer"
        pending={saving}
        message={`Un bon de livraison numéroté sera créé pour ${units(total)} ; ces quantités sortent du stock réservé de la commande (définitif : une erreur se corrige par un retour).${
          data.lines.every((l) => l.remaining - (parsed.find((p) => p.line.order_item_id === l.order_item_id)?.value ?? 0) === 0)
            ? ' Tout étant livré, la commande passera « Expédiée ».'
            : ''
        }`}
        onConfirm={() => save()}
      />
    </Dialog>
  );
}

/** « Livraisons » in the order detail: the delivery notes (number, date, lines, PDF) and what remains to deliver. */
export function OrderDeliveries({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const query = useQuery({ ...orderDeliveriesQueryOptions(order.id), enabled: can('deliveries', 'view') });
  const [recording, setRecording] = useState(false);
  if (!can('deliveries', 'view')) return null;
  const data = query.data?.deliveries;
  const remaining = data?.lines.reduce((sum, line) => sum + Math.max(0, line.remaining), 0) ?? 0;
  return (
    <section className="flex flex-col gap-1" aria-labelledby="order-deliveries-title" data-testid="order-deliveries">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id="order-deliveries-title" className="font-semibold">
          Livraisons
        </h3>
        {data && can('deliveries', 'create') && data.can_deliver && (
          <Button size="sm" onClick={() => setRecording(true)}>
            <Truck className="size-2" aria-hidden="true" />
            Enregistrer une livraison
          </Button>
        )}
      </div>
      {query.isPending && <Spinner />}
      {query.isError && <FormAlert>Les livraisons n’ont pas pu être chargées.</FormAlert>}
      {data && (
        <>
          <p className="text-sm text-ink-muted" data-testid="deliveries-remaining">
            {remaining > 0
              ? `Reste à livrer : ${data.lines
                  .filter((l) => l.remaining > 0)
                  .map((l) => `${l.product_name} × ${l.remaining}`)
                  .join(', ')}.`
              : data.deliveries.length
                ? 'Tout a été livré.'
                : 'Aucune ligne à livrer.'}
            {!data.can_deliver && remaining > 0 && data.cannot_deliver_reason ? ` ${data.cannot_deliver_reason}` : ''}
          </p>
          {data.deliveries.length === 0 ? (
            <p className="text-sm text-ink-muted">Aucun bon de livraison pour le moment.</p>
          ) : (
            <div className="overflow-x-auto rounded border border-line">
              <table className="w-full text-sm" data-testid="deliveries-table">
                <thead className="bg-surface-muted text-left">
                  <tr>
                    <th className="px-1 py-0.5">Bon</th>
                    <th className="px-1 py-0.5">Date</th>
                    <th className="px-1 py-0.5">Lignes</th>
                    <th className="px-1 py-0.5">
                      <span className="sr-only">PDF</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.deliveries.map((delivery) => (
                    <tr key={delivery.id} className="border-t border-line align-top">
                      <td className="whitespace-nowrap px-1 py-0.5 font-medium">
                        {delivery.number}
                        {delivery.kind === 'return' && (
                          <Badge tone="warning" className="ml-0.5">
                            Retour
                          </Badge>
                        )}
                      </td>
                      <td className="whitespace-nowrap px-1 py-0.5">{formatDate(delivery.delivered_at)}</td>
                      <td className="px-1 py-0.5">
                        {delivery.lines.map((line) => `${line.product_name} × ${line.quantity}`).join(', ')}
                        {delivery.carrier ? <span className="block text-xs text-ink-muted">{delivery.carrier}</span> : null}
                      </td>
                      <td className="px-1 py-0.5 text-right">
                        <a
                          className={buttonClasses('secondary', 'sm')}
                          href={deliveryPdfUrl(delivery.id)}
                          target="_blank"
                          rel="noopener"
                          aria-label={`PDF du bon ${delivery.number}`}
                        >
                          <FileDown className="size-2" aria-hidden="true" />
                          PDF
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {recording && <RecordDeliveryDialog data={data} open={recording} onOpenChange={setRecording} />}
        </>
      )}
    </section>
  );
}
