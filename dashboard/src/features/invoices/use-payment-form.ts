import type { InvoiceView } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notifySuccess } from '../../ui/notify';
import { invoicesKey, recordPayment, toMinorUnits } from './api';

/**
 * « Enregistrer un paiement »'s form: the currency (the first with a balance due), an amount that must be a
 * positive amount of that currency and at most its balance, the method, reference and date; the saving.
 */
export function usePaymentForm(invoice: InvoiceView, onClose: () => void) {
  const queryClient = useQueryClient();
  const open = invoice.currencies.filter((c) => c.balance_minor > 0);
  const [currency, setCurrency] = useState(open[0]?.currency_code ?? invoice.currencies[0]!.currency_code);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('virement');
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(() => new Date().toISOString().slice(0, 10));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const due = invoice.currencies.find((c) => c.currency_code === currency)!;
  const minor = toMinorUnits(amount, currency);
  const problem =
    amount.trim() === '' ? null : minor === null ? 'Montant invalide' : minor > due.balance_minor ? 'Au plus le solde dû' : null;

  async function save() {
    if (minor === null) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await recordPayment(invoice.id, {
        amount: minor,
        currency,
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        paid_at: paidAt,
      });
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'L’enregistrement a échoué. Réessayez.');
    } finally {
      setSaving(false);
    }
  }

  return {
    values: { currency, amount, method, reference, paidAt },
    setCurrency,
    setAmount,
    setMethod,
    setReference,
    setPaidAt,
    due,
    problem,
    canSave: !saving && minor !== null && problem === null,
    saving,
    error,
    save,
  };
}
