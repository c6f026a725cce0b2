import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import type {
  OrderCreatedAnswer,
  OrderCurrencyChoice,
  OrderFormField,
  OrderPaymentMean,
  OrderRequestPayload,
  PricesChangedAnswer,
} from '@comptoir/api/contract';
import {
  DELIVERY_FIELD_LIMITS,
  DELIVERY_METHODS,
  deliveryAddressError,
  needsDeliveryAddress,
} from '@comptoir/api/order-delivery';
import { formatPrice, shortName } from '../lib/format';
import {
  cartAtom,
  cartTotals,
  clearCart,
  getCart,
  removeOne,
  setQuantity,
  updatePrice,
  updateStock,
  type CartItem,
} from './lib/cart';
import { CART_CHECK_TEXTS, fixIssue, issueOf, useCartCheck } from './lib/cart-check';
import { useSessionValues } from './lib/session-values';
import { api, firstErrors } from './lib/http';
import { ConvertedTotal, CONVERSION_TEXTS } from './ui/ConvertedTotal';
import { Popup } from './ui/Popup';
import { Spinner } from './ui/Spinner';
import { newIdempotencyKey } from '../sw/outbox-store';
import { queueOrder } from './outbox/queue-order';
import type { OutboxSentDetail } from '../sw/outbox-page';

export const ORDER_TEXTS = {
  required: 'Ce champ est requis',
  invalidEmail: "L'adresse email n'est pas valide.",
  emptyCart: 'Votre panier est vide',
  success: 'Commande passée avec succès !',
  failure: 'Erreur lors de la création de la commande.',
  network: 'Le serveur est injoignable : vérifiez votre connexion puis réessayez. Votre panier a été conservé.',
  queued: 'En attente d’envoi',
  queuedMessage:
    'En attente d’envoi : votre demande partira dès le retour de la connexion. Votre panier est conservé ; vous verrez la confirmation ici.',
  placeholder: 'Sélectionner',
  cartCurrency: (name: string) => `Les prix de votre panier sont en ${name}.`,
} as const;

const PAYMENT_MEANS: readonly OrderPaymentMean[] = ['Carte bancaire', 'Visa', 'Chèque', 'Virement bancaire', 'Mobile Money'];
const CURRENCIES: readonly OrderCurrencyChoice[] = ['Dollar', 'Euro', 'Fcfa'];

/** The typed fields survive a reload of the tab (cleared once the order is sent). */
const FORM_STORAGE_KEY = 'comptoir:order-form';

type Values = Record<OrderFormField, string>;

interface FieldSpec {
  name: OrderFormField;
  label: string;
  step: 2 | 3;
  type: 'text' | 'email' | 'tel' | 'select' | 'textarea';
  options?: readonly string[];
  autoComplete?: string;
  placeholder?: string;
  /** Not required (the address: only when the delivery method needs it, see `isRequired`). */
  optional?: boolean;
  maxLength?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'payment_by', label: 'Moyen de paiement', step: 2, type: 'select', options: PAYMENT_MEANS },
  { name: 'currency', label: 'Devise', step: 2, type: 'select', options: CURRENCIES },
  { name: 'payment_term', label: 'Conditions de paiement', step: 2, type: 'text', placeholder: 'Ex. : 30 jours fin de mois' },
  { name: 'delivery_method', label: 'Mode de livraison', step: 2, type: 'select', options: DELIVERY_METHODS },
  { name: 'credit_level', label: 'Niveau de crédit', step: 2, type: 'text', placeholder: 'Ex. : 50 % à la commande' },
  {
    name: 'delivery_address',
    label: 'Adresse de livraison',
    step: 2,
    type: 'textarea',
    autoComplete: 'street-address',
    placeholder: 'Ex. : Zone portuaire, magasin 12, Lomé',
    optional: true,
    maxLength: DELIVERY_FIELD_LIMITS.delivery_address,
  },
  {
    name: 'client_reference',
    label: 'Votre référence (bon de commande)',
    step: 2,
    type: 'text',
    optional: true,
    maxLength: DELIVERY_FIELD_LIMITS.client_reference,
  },
  { name: 'note', label: 'Note', step: 2, type: 'textarea', optional: true, maxLength: DELIVERY_FIELD_LIMITS.note },
  { name: 'company_name', label: 'Nom de l’entreprise', step: 3, type: 'text', autoComplete: 'organization' },
  { name: 'company_phone', label: 'Téléphone de l’entreprise', step: 3, type: 'tel', autoComplete: 'tel' },
  { name: 'company_email', label: 'Email de l’entreprise', step: 3, type: 'email', autoComplete: 'email' },
  { name: 'representative_name', label: 'Nom du représentant', step: 3, type: 'text', autoComplete: 'name' },
  { name: 'representative_phone', label: 'Téléphone du représentant', step: 3, type: 'tel' },
  { name: 'representative_email', label: 'Email du représentant', step: 3, type: 'email' },
];

const EMPTY: Values = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Values;

const STEP_TITLES: Record<1 | 2 | 3, string> = {
  1: 'Articles ajoutés au panier',
  2: 'Paiement et livraison',
  3: 'Informations de contact',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the field must be filled: the eleven of the spec, and the address when the delivery method needs one. */
function isRequired(field: FieldSpec, values: Values): boolean {
  // Marked required until a method that needs no address is chosen.
  if (field.name === 'delivery_address') return !values.delivery_method || needsDeliveryAddress(values.delivery_method);
  return !field.optional;
}

/**
 * The eleven fields are required (the select placeholder has no value and counts as empty), the
 * address too when the delivery method needs one (the API's rule); the reference and note are optional.
 */
export function validateOrder(values: Values): Partial<Record<OrderFormField, string>> {
  const errors: Partial<Record<OrderFormField, string>> = {};
  for (const field of FIELDS) {
    const value = (values[field.name] ?? '').trim();
    if (field.name === 'delivery_address') {
      const error = deliveryAddressError(values.delivery_method, value);
      if (error) errors[field.name] = error;
    } else if (!value) {
      if (isRequired(field, values)) errors[field.name] = ORDER_TEXTS.required;
    } else if (field.type === 'email' && !EMAIL.test(value)) errors[field.name] = ORDER_TEXTS.invalidEmail;
  }
  return errors;
}

/** What the visitor is told of a new request: its number, and what happens to the stock it asked for. */
function createdMessage(order: OrderCreatedAnswer['order']): string {
  const recorded = `Votre demande ${order.order_num} a bien été enregistrée.`;
  if (order.hold === 'provisional')
    return `${recorded} Confirmez-la depuis le lien envoyé à ${order.confirmation_sent_to ?? 'l’adresse email de votre entreprise'} : sans confirmation, la réservation des articles prend fin au bout de quelques heures.`;
  if (order.hold === 'none')
    return `${recorded} Les quantités demandées dépassent ce que nous réservons en ligne : notre équipe commerciale vous confirmera la disponibilité.${order.confirmation_sent_to ? ` Un email avec le devis et un lien de confirmation a été envoyé à ${order.confirmation_sent_to}.` : ''}`;
  return `${recorded} Un email de confirmation vous a été envoyé.`;
}

type Outcome = { kind: 'success' | 'queued'; message: string } | { kind: 'error'; message: string } | null;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** COMPANY_WHATSAPP's digits: « Discuter sur WhatsApp » with the cart prefilled. */
  whatsapp?: string | null;
}

/** The three-step order request (spec: Order dialog, sections 4, 5 and 8). */
export default function OrderDialog({ open, onOpenChange, whatsapp = null }: Props) {
  const cart = useAtomValue(cartAtom);
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useSessionValues<Values>(FORM_STORAGE_KEY, EMPTY);
  const { gone, check } = useCartCheck(open);
  const blocked = cart.some((item) => issueOf(item, gone));
  const [errors, setErrors] = useState<Partial<Record<OrderFormField, string>>>({});
  const [cartError, setCartError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const baseId = useId();
  const fieldId = (name: string) => `${baseId}-${name}`;
  const cartCurrencies = [...new Set(cart.map((item) => item.currency.name).filter(Boolean))];
  const mixed = cartCurrencies.length > 1;
  const cartCurrency = cartCurrencies.length === 1 ? cartCurrencies[0]! : null;
  // Any cart in any currency: the hint says how the total is given.
  const currencyHint = cartCurrency ? ORDER_TEXTS.cartCurrency(cartCurrency) : mixed ? CONVERSION_TEXTS.mixedHint : undefined;

  // A cart in one currency: propose it until the visitor picks one (any other is converted).
  useEffect(() => {
    if (cartCurrency && (CURRENCIES as readonly string[]).includes(cartCurrency)) {
      setValues((v) => (v.currency ? v : { ...v, currency: cartCurrency }));
    }
  }, [cartCurrency, setValues]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = useCallback(() => {
    onOpenChange(false);
    setStep(1);
    setCartError(null);
  }, [onOpenChange]);

  const focusField = (name: OrderFormField) => {
    requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus());
  };

  const update = (name: OrderFormField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Steps 2 and 3 are for a cart that can be ordered as it is.
    if (step === 1 && (!cart.length || blocked)) {
      setCartError(cart.length ? CART_CHECK_TEXTS.blocked : ORDER_TEXTS.emptyCart);
      return;
    }
    if (step < 3) {
      setCartError(null);
      setStep((s) => (s < 3 ? ((s + 1) as 2 | 3) : s));
      return;
    }
    if (!cart.length) {
      setCartError(ORDER_TEXTS.emptyCart);
      setStep(1);
      return;
    }
    const found = validateOrder(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f.name]);
    if (firstInvalid) {
      setStep(firstInvalid.step);
      focusField(firstInvalid.name);
      return;
    }
    setBusy(true);
    // The stock may have moved since the dialog opened: check again, and show what to fix.
    const goneNow = await check();
    if (getCart().some((item) => issueOf(item, goneNow))) {
      setBusy(false);
      setCartError(CART_CHECK_TEXTS.blocked);
      setStep(1);
      return;
    }
    const payload: OrderRequestPayload = {
      // The optional fields left empty are not sent.
      ...(Object.fromEntries(
        FIELDS.map((f) => [f.name, (values[f.name] ?? '').trim()]).filter(([, value]) => value !== ''),
      ) as Values as Omit<OrderRequestPayload, 'order_items'>),
      // Prices and totals come from the server (each line in its product's currency).
      // With the unit price the visitor saw: the server refuses (409) a request whose prices changed since.
      order_items: getCart().map((item) => ({ product_id: item.id, quantity: item.quantity, seen_price: item.price })),
    };
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
    if (result.ok) {
      clearCart();
      setValues(EMPTY);
      setErrors({});
      close();
      setOutcome({ kind: 'success', message: createdMessage(result.data.order) });
      return;
    }
    if (!result.network && result.status === 422 && result.data?.errors) {
      const serverErrors = firstErrors(result.data.errors) as Partial<Record<OrderFormField, string>>;
      const field = FIELDS.find((f) => serverErrors[f.name]);
      if (field) {
        setErrors(serverErrors);
        setStep(field.step);
        focusField(field.name);
        return;
      }
    }
    const changed = (result.data as Partial<PricesChangedAnswer> | null)?.prices_changed;
    if (!result.network && result.status === 409 && Array.isArray(changed)) {
      // Prices changed meanwhile: the cart shows each change to accept, then the visitor sends again.
      for (const change of changed) updatePrice(change.product_id, change.price);
      setCartError(result.data?.message ?? CART_CHECK_TEXTS.blocked);
      setStep(1);
      return;
    }
    const extra = result.data as { product_id?: number; available?: number } | null;
    if (extra && typeof extra.product_id === 'number' && typeof extra.available === 'number') {
      updateStock(extra.product_id, extra.available);
    }
    close();
    setOutcome({ kind: 'error', message: result.network ? ORDER_TEXTS.network : (result.data?.message ?? ORDER_TEXTS.network) });
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
  const totals = cartTotals(cart);

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
          <header className="flex items-start justify-between gap-2 border-b border-line p-3">
            <div className="flex-1">
              <h2 id={titleId} className="text-xl font-bold text-brand-900">
                {STEP_TITLES[step]}
              </h2>
              <p className="mt-0.5 text-sm font-semibold text-ink-muted" id={`${baseId}-progress`}>
                Étapes {step}/3
              </p>
              <div
                className="mt-1 h-1 overflow-hidden rounded-full bg-brand-50"
                role="progressbar"
                aria-labelledby={`${baseId}-progress`}
                aria-valuemin={1}
                aria-valuemax={3}
                aria-valuenow={step}
              >
                <div
                  className="h-full rounded-full bg-accent-600 transition-[width] duration-500"
                  style={{ width: `${(step / 3) * 100}%` }}
                />
              </div>
            </div>
            <button type="button" className="btn btn-ghost px-1" onClick={close} disabled={busy} aria-label="Fermer">
              <svg
                aria-hidden="true"
                width="22"
                height="22"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </header>

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
              <div className="grid gap-2 sm:grid-cols-2">
                {FIELDS.filter((f) => f.step === step).map((field) => (
                  <Field
                    key={field.name}
                    id={fieldId(field.name)}
                    label={field.label}
                    required={isRequired(field, values)}
                    wide={field.type === 'textarea'}
                    error={errors[field.name]}
                    hint={field.name === 'currency' ? currencyHint : undefined}
                  >
                    {field.type === 'select' ? (
                      <select
                        id={fieldId(field.name)}
                        name={field.name}
                        className="field-input"
                        value={values[field.name]}
                        onChange={(e) => update(field.name, e.target.value)}
                        aria-invalid={errors[field.name] ? true : undefined}
                        aria-describedby={
                          [
                            errors[field.name] && `${fieldId(field.name)}-error`,
                            field.name === 'currency' && currencyHint && `${fieldId(field.name)}-hint`,
                          ]
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        required
                      >
                        <option value="">{ORDER_TEXTS.placeholder}</option>
                        {field.options!.map((option) => (
                          <option key={option} value={option}>
                            {option}
                          </option>
                        ))}
                      </select>
                    ) : field.type === 'textarea' ? (
                      <textarea
                        id={fieldId(field.name)}
                        name={field.name}
                        className="field-input min-h-[4.5rem]"
                        rows={3}
                        value={values[field.name] ?? ''}
                        onChange={(e) => update(field.name, e.target.value)}
                        autoComplete={field.autoComplete}
                        placeholder={field.placeholder}
                        maxLength={field.maxLength}
                        aria-invalid={errors[field.name] ? true : undefined}
                        aria-describedby={errors[field.name] ? `${fieldId(field.name)}-error` : undefined}
                        required={isRequired(field, values)}
                      />
                    ) : (
                      <input
                        id={fieldId(field.name)}
                        name={field.name}
                        type={field.type}
                        className="field-input"
                        value={values[field.name] ?? ''}
                        onChange={(e) => update(field.name, e.target.value)}
                        autoComplete={field.autoComplete}
                        placeholder={field.placeholder}
                        maxLength={field.maxLength ?? (field.type === 'tel' ? 50 : 255)}
                        aria-invalid={errors[field.name] ? true : undefined}
                        aria-describedby={errors[field.name] ? `${fieldId(field.name)}-error` : undefined}
                        required={isRequired(field, values)}
                      />
                    )}
                  </Field>
                ))}
              </div>
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
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setStep((s) => (s > 1 ? ((s - 1) as 1 | 2) : s))}
                disabled={step === 1 || busy}
              >
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
      <Popup
        open={outcome?.kind === 'success'}
        kind="success"
        title={ORDER_TEXTS.success}
        message={outcome?.kind === 'success' ? outcome.message : undefined}
        onClose={closeOutcome}
      />
      <Popup
        open={outcome?.kind === 'queued'}
        kind="success"
        title={ORDER_TEXTS.queued}
        message={outcome?.kind === 'queued' ? outcome.message : undefined}
        onClose={closeOutcome}
      />
      <Popup
        open={outcome?.kind === 'error'}
        kind="error"
        title={ORDER_TEXTS.failure}
        message={outcome?.kind === 'error' ? outcome.message : undefined}
        onClose={closeOutcome}
      />
    </>
  );
}

function Field({
  id,
  label,
  required = true,
  wide = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  /** Takes the whole row (an address, a note). */
  wide?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="field-label">
        {label}{' '}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        ) : (
          <span className="text-sm font-normal text-ink-muted">(facultatif)</span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The cart as a WhatsApp message: one line a product with its quantity and unit price. */
export function whatsappCartText(cart: CartItem[]): string {
  const lines = cart.map(
    (item) => `- ${item.quantity} × ${item.name} (${formatPrice(item.price, item.currency.symbol)} l’unité)`,
  );
  return `Bonjour, je souhaite commander :\n${lines.join('\n')}`;
}

function CartStep({ cart, error, gone }: { cart: CartItem[]; error: string | null; gone: ReadonlySet<number> }) {
  if (!cart.length) {
    return (
      <div className="py-4 text-center">
        <p className="text-lg text-ink-muted" role={error ? 'alert' : undefined}>
          {ORDER_TEXTS.emptyCart}
        </p>
        <a href="/catalogue" className="btn btn-secondary mt-2">
          Voir la boutique
        </a>
      </div>
    );
  }
  return (
    <>
      {error && (
        <p className="mb-1 rounded-md bg-danger-soft p-1.5 text-danger" role="alert">
          {error}
        </p>
      )}
      <ul className="divide-y divide-line" aria-label="Articles du panier">
        {cart.map((item) => {
          const issue = issueOf(item, gone);
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-2 py-1.5" data-cart-item={item.id}>
              {item.image ? (
                <img src={item.image} alt="" width={64} height={64} className="h-8 w-8 rounded-md object-cover" />
              ) : (
                <span className="h-8 w-8 rounded-md bg-surface-muted" aria-hidden="true" />
              )}
              <div className="min-w-[140px] flex-1">
                <p className="font-semibold" title={item.name}>
                  {shortName(item.name)}
                </p>
                <p className="text-sm text-ink-muted">{formatPrice(item.price, item.currency.symbol)} l’unité</p>
              </div>
              <QuantityControl item={item} />
              <p className="w-[120px] text-right font-bold">
                {formatPrice((Math.round(Number(item.price) * 100) * item.quantity) / 100, item.currency.symbol)}
              </p>
              {issue && (
                <p
                  className="flex w-full flex-wrap items-center gap-1 text-sm font-semibold text-danger"
                  data-cart-issue={issue.kind}
                >
                  {issue.text}
                  <button
                    type="button"
                    className="btn btn-secondary min-h-0 px-1 py-0.5 text-sm"
                    onClick={() => fixIssue(item, issue)}
                  >
                    {issue.fix}
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function QuantityControl({ item }: { item: CartItem }) {
  const id = useId();
  const [draft, setDraft] = useState(String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);
  const commit = () => {
    const wanted = Number(draft);
    if (!Number.isInteger(wanted) || wanted < 1 || !setQuantity(item.id, wanted)) setDraft(String(item.quantity));
  };
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        className="btn btn-ghost h-[40px] min-h-0 w-[40px] p-0 text-lg"
        onClick={() => removeOne(item.id)}
        aria-label={item.quantity > 1 ? `Retirer une unité de ${item.name}` : `Retirer ${item.name} du panier`}
      >
        −
      </button>
      <label htmlFor={id} className="sr-only">
        Quantité de {item.name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={item.stock}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className="field-input h-[40px] min-h-0 w-[64px] px-0.5 text-center"
      />
      <button
        type="button"
        className="btn btn-ghost h-[40px] min-h-0 w-[40px] p-0 text-lg"
        onClick={() => setQuantity(item.id, item.quantity + 1)}
        aria-label={`Ajouter une unité de ${item.name}`}
      >
        +
      </button>
    </div>
  );
}
