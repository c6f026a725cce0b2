import { CREDIT_NOTE_REASON_MAX } from '@comptoir/api/text-limits';
import type { InvoiceView } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { notifySuccess } from '../../ui/notify';
import { invoicesKey, issueCreditNote } from './api';

/** What each invoice line can still be credited (its quantity less what earlier credit notes took). */
const creditable = (invoice: InvoiceView) =>
  invoice.lines.map((l) => ({ ...l, left: l.quantity - l.credited_quantity })).filter((l) => l.left > 0);

/**
 * « Établir un avoir » on an issued invoice: the whole invoice (cancels it) or chosen lines and
 * quantities, a reason (printed on the credit note), then a confirmation saying what will happen.
 */
export function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const lines = creditable(invoice);
  const [full, setFull] = useState(true);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const chosen = lines.map((l) => ({ line: l, quantity: Number(quantities[l.id] ?? '0') })).filter((c) => c.quantity !== 0);
  const badLine = chosen.find((c) => !Number.isInteger(c.quantity) || c.quantity < 0 || c.quantity > c.line.left);
  const reasonProblem = reason.trim().length < 3 ? 'Le motif est requis (3 caractères au moins).' : null;
  const linesProblem = full
    ? null
    : badLine
      ? `Au plus ${badLine.line.left} pour ${badLine.line.product_name}.`
      : chosen.length === 0
        ? 'Choisissez au moins une ligne et une quantité.'
        : null;
  const summary = full
    ? `Un avoir total sera émis pour la facture ${invoice.number} : la facture sera annulée (« Annulée par avoir ») et ne pourra plus recevoir de paiement.`
    : `Un avoir partiel sera émis sur la facture ${invoice.number} pour : ${chosen.map((c) => `${c.line.product_name} × ${c.quantity}`).join(', ')}. Le solde dû de la facture baissera d’autant.`;

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const answer = await issueCreditNote(invoice.id, {
        full,
        reason: reason.trim(),
        ...(full ? {} : { lines: chosen.map((c) => ({ invoice_line_id: c.line.id, quantity: c.quantity })) }),
      });
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'L’avoir n’a pas pu être émis. Réessayez.');
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Dialog
        open
        onOpenChange={(next) => !next && onClose()}
        title={`Avoir sur la facture ${invoice.number}`}
        description="Une facture émise ne se modifie pas : l’avoir la corrige ou l’annule, avec son propre numéro."
        busy={saving}
        footer={
          <div className="flex justify-end gap-1">
            <Button variant="secondary" onClick={onClose} disabled={saving}>
              Annuler
            </Button>
            <Button
              variant="danger"
              onClick={() => setConfirming(true)}
              disabled={saving || reasonProblem !== null || linesProblem !== null}
            >
              Établir l’avoir
            </Button>
          </div>
        }
      >
        <div className="flex flex-col gap-1.5 text-sm">
          {error && <FormAlert>{error}</FormAlert>}
          <fieldset className="flex flex-col gap-0.5">
            <legend className="font-medium">Étendue</legend>
            <label className="flex items-center gap-0.5">
              <input type="radio" name="credit-scope" checked={full} onChange={() => setFull(true)} />
              Avoir total (annule la facture)
            </label>
            <label className="flex items-center gap-0.5">
              <input type="radio" name="credit-scope" checked={!full} onChange={() => setFull(false)} />
              Avoir partiel (lignes et quantités choisies)
            </label>
          </fieldset>
          {!full && (
            <table className="w-full text-sm" data-testid="credit-note-lines">
              <thead className="text-left">
                <tr>
                  <th className="py-0.5">Produit</th>
                  <th className="py-0.5 text-right">Créditable</th>
                  <th className="py-0.5 text-right">Quantité à créditer</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.id} className="border-t border-line">
                    <td className="py-0.5">{l.product_name}</td>
                    <td className="py-0.5 text-right tabular-nums">{l.left}</td>
                    <td className="py-0.5 text-right">
                      <input
                        className="w-8 rounded border border-line px-0.5 text-right tabular-nums"
                        inputMode="numeric"
                        aria-label={`Quantité à créditer : ${l.product_name}`}
                        value={quantities[l.id] ?? ''}
                        placeholder="0"
                        onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {linesProblem && <span className="text-xs text-danger">{linesProblem}</span>}
          <label className="flex flex-col">
            Motif (imprimé sur l’avoir)
            <textarea
              className="rounded border border-line px-0.5"
              value={reason}
              maxLength={CREDIT_NOTE_REASON_MAX}
              rows={2}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Établir cet avoir ?"
        confirmLabel="Émettre l’avoir"
        pending={saving}
        message={`${summary} Un avoir émis ne se supprime pas.`}
        onConfirm={() => save()}
      />
    </>
  );
}

export const canCredit = (invoice: InvoiceView) => invoice.state !== 'canceled_by_credit_note' && creditable(invoice).length > 0;
