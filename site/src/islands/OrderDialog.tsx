import { useCallback, useEffect, useId, useRef } from 'react';
import { useAtomValue } from 'jotai';
import type { OrderCurrencyChoice, OrderFormField } from '@comptoir/api/contract';
import { formatPrice } from '../lib/format';
import { cartAtom, cartTotals } from './lib/cart';
import { issueOf, useCartCheck } from './lib/cart-check';
import { ConvertedTotal, CONVERSION_TEXTS } from './ui/ConvertedTotal';
import { Spinner } from './ui/Spinner';
import { CartStep } from './order/CartStep';
import { OrderFields } from './order/OrderFields';
import { OrderOutcome } from './order/OrderOutcome';
import { StepHeader } from './order/StepHeader';
import { cartCurrencies, currencyHint, whatsappCartText } from './order/order-form';
import { useOrderRequest } from './order/use-order-request';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** COMPANY_WHATSAPP's digits: « Discuter sur WhatsApp » with the cart prefilled. */
  whatsapp?: string | null;
}

/**
 * The three-step order request (spec: Order dialog, sections 4, 5 and 8). What it asks and checks is
 * in order/order-form.ts, its state and sending in order/use-order-request.ts.
 */
export default function OrderDialog({ open, onOpenChange, whatsapp = null }: Props) {
  const cart = useAtomValue(cartAtom);
  const { gone, check } = useCartCheck(open);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const baseId = useId();
  const fieldId = useCallback((name: string) => `${baseId}-${name}`, [baseId]);
  const focusField = useCallback(
    (name: OrderFormField) => requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus()),
    [fieldId],
  );
  const onClose = useCallback(() => onOpenChange(false), [onOpenChange]);
  const { step, values, errors, cartError, busy, outcome, update, back, submit, close, closeOutcome } = useOrderRequest({
    cart,
    blocked: cart.some((item) => issueOf(item, gone)),
    check,
    onClose,
    focusField,
  });
  const mixed = cartCurrencies(cart).length > 1;
  const totals = cartTotals(cart);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          if (!busy) close();
        }}
        onClose={() => open && close()}
        className="order-dialog m-auto w-[min(96vw,760px)] rounded-2xl bg-white p-0 text-ink shadow-raised"
        data-order-dialog
      >
        <form onSubmit={submit} noValidate className="flex max-h-[90vh] flex-col" aria-busy={busy}>
          <StepHeader step={step} titleId={titleId} progressId={`${baseId}-progress`} busy={busy} onClose={close} />

          <div className="flex-1 overflow-y-auto p-3">
            {step === 1 && <CartStep cart={cart} error={cartError} gone={gone} />}
            {step === 1 && whatsapp && cart.length > 0 && (
              <a
                href={`https://wa.me/${whatsapp}?text=${encodeURIComponent(whatsappCartText(cart))}`}
                className="btn btn-secondary mt-2"
                rel="noopener"
                target="_blank"
                data-whatsapp
              >
                Discuter sur WhatsApp
              </a>
            )}
            {step === 1 && mixed && <p className="mt-2 text-sm text-ink-muted">{CONVERSION_TEXTS.mixedHint}</p>}
            {step > 1 && (
              <OrderFields
                step={step as 2 | 3}
                values={values}
                errors={errors}
                fieldId={fieldId}
                currencyHint={currencyHint(cart, CONVERSION_TEXTS.mixedHint)}
                onChange={update}
              />
            )}
          </div>

          <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-line p-3">
            <p className="text-sm text-ink-muted">
              {cart.length > 0 && (
                <>
                  Total indicatif :{' '}
                  <strong className="text-ink">{totals.map((t) => formatPrice(t.cents / 100, t.symbol)).join(' + ')}</strong>
                  <ConvertedTotal cart={cart} currency={values.currency as OrderCurrencyChoice | ''} />
                </>
              )}
            </p>
            <div className="flex gap-1">
              <button type="button" className="btn btn-ghost" onClick={back} disabled={step === 1 || busy}>
                Précédent
              </button>
              {step < 3 ? (
                <button type="submit" className="btn btn-secondary">
                  Suivant
                </button>
              ) : (
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy && <Spinner label="Envoi de la commande en cours" />}
                  Passer ma commande
                </button>
              )}
            </div>
          </footer>
        </form>
      </dialog>
      <OrderOutcome outcome={outcome} onClose={closeOutcome} />
    </>
  );
}
