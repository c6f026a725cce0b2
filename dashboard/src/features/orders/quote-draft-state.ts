import type { QuoteDraftPayload, QuoteVersionView, StaffQuoteAnswer } from '@comptoir/api/contract';
import { documentTotals } from '@comptoir/api/document-totals';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { bpOf, minorOf, percentOf, type DraftLine } from './quote-draft-values';

export type Quote = StaffQuoteAnswer['quote'];
export type QuotePreview = ReturnType<typeof documentTotals>;

/** The draft's lines as the form edits them: prices without their « .00 ». */
function formLines(draft: QuoteVersionView): DraftLine[] {
  return draft.lines.map((l, key) => ({
    key,
    product_id: l.product_id,
    product_name: l.product_name,
    product_reference: l.product_reference,
    quantity: l.quantity,
    unit_price: l.unit_price.replace(/\.00$/, ''),
    currency_code: l.currency_code,
    discount_bp: l.discount_bp,
    tax_rate_bp: l.tax_rate_bp,
  }));
}

const nextKey = (all: DraftLine[]) => Math.max(0, ...all.map((l) => l.key)) + 1;

/**
 * The quote draft being edited: its lines and fields, the totals preview, the save (version-checked) and the
 * sending (saved first, then frozen and mailed).
 */
export function useQuoteDraft({
  orderId,
  draft,
  pricesIncludeTax,
  onSaved,
  onReload,
}: {
  orderId: number;
  draft: QuoteVersionView;
  /** PRICES_INCLUDE_TAX: the preview counts the prices TTC, as the server does. */
  pricesIncludeTax: boolean;
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
  const [stale, setStale] = useState<string | null>(null);
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
    setLines(formLines(draft));
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
  let preview: QuotePreview | null;
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

  return {
    lines,
    changeLine: (key: number, patch: Partial<DraftLine>) =>
      setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l))),
    removeLine: (key: number) => setLines((all) => all.filter((l) => l.key !== key)),
    addBlankLine: () =>
      setLines((all) => [
        ...all,
        {
          key: nextKey(all),
          product_name: '',
          quantity: 1,
          unit_price: '0',
          currency_code: draft.delivery_fee_currency,
          discount_bp: 0,
          tax_rate_bp: 1800,
        },
      ]),
    addPickedLine: (line: Omit<DraftLine, 'key'>) => setLines((all) => [...all, { ...line, key: nextKey(all) }]),
    fields: { discount, fee, validUntil, terms, message },
    setDiscount,
    setFee,
    setValidUntil,
    setTerms,
    setMessage,
    errors,
    saving,
    stale,
    preview,
    save,
    send,
    /** Refills the form from the server's copy once it is loaded again. */
    reload: () => {
      refill.current = true;
      onReload();
    },
  };
}
