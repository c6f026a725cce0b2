import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { OrderCreatedAnswer, OrderFormField } from '@comptoir/api/contract';
import { clearCart, getCart, updatePrice, updateStock, type CartItem } from '../lib/cart';
import { CART_CHECK_TEXTS, issueOf } from '../lib/cart-check';
import { api } from '../lib/http';
import { useSessionValues } from '../lib/session-values';
import { newIdempotencyKey } from '../../sw/outbox-store';
import type { OutboxSentDetail } from '../../sw/outbox-page';
import { queueOrder } from '../outbox/queue-order';
import {
  EMPTY,
  FORM_STORAGE_KEY,
  ORDER_TEXTS,
  createdMessage,
  firstInvalid,
  orderPayload,
  proposedCurrency,
  readCreateAnswer,
  validateOrder,
  type FieldErrors,
  type Step,
  type Values,
} from './order-form';

export type Outcome = { kind: 'success' | 'queued' | 'error'; message: string } | null;

interface Options {
  cart: CartItem[];
  /** Whether a line of the cart cannot be ordered as it is (sold out, price changed...). */
  blocked: boolean;
  /** Checks the cart's stock again; answers the products gone meanwhile. */
  check: () => Promise<ReadonlySet<number>>;
  /** Closes the dialog (its step and cart message are reset by `close`). */
  onClose: () => void;
  /** Gives the focus to a field once its step is shown. */
  focusField: (name: OrderFormField) => void;
}

/**
 * The order request's state and its sending: the step, the typed values (kept for the tab), the
 * errors, and what the visitor is told afterwards. Sent once with an Idempotency-Key; without a
 * network the request waits in the outbox and is announced when it reaches the server.
 */
export function useOrderRequest({ cart, blocked, check, onClose, focusField }: Options) {
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useSessionValues<Values>(FORM_STORAGE_KEY, EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cartError, setCartError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  // A cart in one currency: propose it until the visitor picks one (any other is converted).
  const proposed = proposedCurrency(cart);
  useEffect(() => {
    if (proposed) setValues((v) => (v.currency ? v : { ...v, currency: proposed }));
  }, [proposed, setValues]);

  const close = useCallback(() => {
    onClose();
    setStep(1);
    setCartError(null);
  }, [onClose]);

  const update = (name: OrderFormField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const back = () => setStep((s) => (s > 1 ? ((s - 1) as Step) : s));

  const backToCart = (message: string) => {
    setCartError(message);
    setStep(1);
  };

  async function send() {
    setBusy(true);
    // The stock may have moved since the dialog opened: check again, and show what to fix.
    const goneNow = await check();
    if (getCart().some((item) => issueOf(item, goneNow))) {
      setBusy(false);
      backToCart(CART_CHECK_TEXTS.blocked);
      return;
    }
    const payload = orderPayload(values, getCart());
    // One key per request: sent again from the outbox, it can never make a second order.
    const key = newIdempotencyKey();
    const result = await api<OrderCreatedAnswer>('/api/order/create', {
      method: 'POST',
      body: payload,
      headers: { 'Idempotency-Key': key },
    });
    // No answer (offline, or the network failed): the request waits in the outbox.
    if (!result.ok && result.network && (await queueOrder(key, payload))) {
      setBusy(false);
      close();
      setOutcome({ kind: 'queued', message: ORDER_TEXTS.queuedMessage });
      return;
    }
    setBusy(false);
    const answer = readCreateAnswer(result);
    switch (answer.kind) {
      case 'created':
        clearCart();
        setValues(EMPTY);
        setErrors({});
        close();
        setOutcome({ kind: 'success', message: answer.message });
        return;
      case 'invalid':
        setErrors(answer.errors);
        setStep(answer.field.step);
        focusField(answer.field.name);
        return;
      case 'prices-changed':
        // Prices changed meanwhile: the cart shows each change to accept, then the visitor sends again.
        for (const change of answer.changes) updatePrice(change.product_id, change.price);
        backToCart(answer.message ?? CART_CHECK_TEXTS.blocked);
        return;
      case 'failed':
        if (answer.stock) updateStock(answer.stock.product_id, answer.stock.available);
        close();
        setOutcome({ kind: 'error', message: answer.message });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Steps 2 and 3 are for a cart that can be ordered as it is.
    if (step === 1 && (!cart.length || blocked)) {
      setCartError(cart.length ? CART_CHECK_TEXTS.blocked : ORDER_TEXTS.emptyCart);
      return;
    }
    if (step < 3) {
      setCartError(null);
      setStep((s) => (s < 3 ? ((s + 1) as Step) : s));
      return;
    }
    if (!cart.length) return backToCart(ORDER_TEXTS.emptyCart);
    const found = validateOrder(values);
    setErrors(found);
    const invalid = firstInvalid(found);
    if (invalid) {
      setStep(invalid.step);
      focusField(invalid.name);
      return;
    }
    void send();
  }

  const closeOutcome = useCallback(() => setOutcome(null), []);

  // A request of the outbox reached the server once the connection returned (sw/outbox-page.ts).
  useEffect(() => {
    const onSent = (event: Event) => {
      event.preventDefault();
      clearCart();
      setValues(EMPTY);
      setOutcome({ kind: 'success', message: createdMessage((event as CustomEvent<OutboxSentDetail>).detail) });
    };
    window.addEventListener('comptoir:outbox-sent', onSent);
    return () => window.removeEventListener('comptoir:outbox-sent', onSent);
  }, [setValues]);

  return { step, values, errors, cartError, busy, outcome, update, back, submit, close, closeOutcome };
}
