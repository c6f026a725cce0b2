import type { InvoiceView } from '@comptoir/api/contract';
import { PAYMENT_REFERENCE_MAX } from '@comptoir/api/text-limits';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { PAYMENT_METHODS } from './api';
import { invoiceMoney } from './invoice-money';
import { usePaymentForm } from './use-payment-form';

/** « Enregistrer un paiement »: amount in the invoice's currency, method, reference and date. */
export function PaymentDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const form = usePaymentForm(invoice, onClose);
  const { values, problem, saving } = form;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Paiement de la facture ${invoice.number}`}
      description={`Solde dû : ${invoiceMoney(form.due.balance, values.currency)}`}
      busy={saving}
      footer={
        <div className="flex justify-end gap-1">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button onClick={() => void form.save()} disabled={!form.canSave}>
            Enregistrer le paiement
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-1.5 text-sm">
        {form.error && <FormAlert>{form.error}</FormAlert>}
        {invoice.currencies.length > 1 && (
          <label className="flex flex-col">
            Devise
            <select
              className="rounded border border-line px-0.5"
              value={values.currency}
              onChange={(e) => form.setCurrency(e.target.value)}
            >
              {invoice.currencies.map((c) => (
                <option key={c.currency_code} value={c.currency_code}>
                  {c.currency_code}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col">
          Montant ({values.currency})
          <input
            className="rounded border border-line px-0.5 tabular-nums"
            inputMode="decimal"
            value={values.amount}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => form.setAmount(e.target.value)}
          />
          {problem && <span className="text-xs text-danger">{problem}</span>}
        </label>
        <label className="flex flex-col">
          Moyen de paiement
          <select
            className="rounded border border-line px-0.5"
            value={values.method}
            onChange={(e) => form.setMethod(e.target.value)}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Référence (n° de chèque, de virement, de transaction)
          <input
            className="rounded border border-line px-0.5"
            value={values.reference}
            maxLength={PAYMENT_REFERENCE_MAX}
            onChange={(e) => form.setReference(e.target.value)}
          />
        </label>
        <label className="flex flex-col">
          Date du paiement
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={values.paidAt}
            onChange={(e) => form.setPaidAt(e.target.value)}
          />
        </label>
      </div>
    </Dialog>
  );
}
