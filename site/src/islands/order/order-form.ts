import type {
  OrderCreatedAnswer,
  OrderCurrencyChoice,
  OrderFormField,
  OrderPaymentMean,
  OrderRequestPayload,
  PricesChangedAnswer,
} from '@comptoir/api/contract';
import { ORDER_PAYMENT_MEANS } from '@comptoir/api/statuses';
import { currencyLabel, formatPrice } from '../../lib/format';
import {
  DELIVERY_FIELD_LIMITS,
  DELIVERY_METHODS,
  deliveryAddressError,
  needsDeliveryAddress,
} from '@comptoir/api/order-delivery';
import type { CartItem } from '../lib/cart';
import { firstErrors, type ApiResult } from '../lib/http';

/**
 * What the order dialog asks and checks, without React: its fields and their steps, the validation,
 * the payload sent and how the server's answer is read. The dialog (OrderDialog.tsx) and its hook
 * (use-order-request.ts) only wire these to the screen.
 */

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
  cartCurrency: (name: string) => `Les prix de votre panier sont en ${currencyLabel(name)}.`,
} as const;

const PAYMENT_MEANS: readonly OrderPaymentMean[] = ORDER_PAYMENT_MEANS;
export const CURRENCIES: readonly OrderCurrencyChoice[] = ['Dollar', 'Euro', 'Fcfa'];

/** The typed fields survive a reload of the tab (cleared once the order is sent). */
export const FORM_STORAGE_KEY = 'comptoir:order-form';

export type Values = Record<OrderFormField, string>;
export type FieldErrors = Partial<Record<OrderFormField, string>>;
export type Step = 1 | 2 | 3;

export interface FieldSpec {
  name: OrderFormField;
  label: string;
  step: 2 | 3;
  type: 'text' | 'email' | 'tel' | 'select' | 'textarea';
  /** A select's values, each with the text shown (the CFA franc's stored name is « Fcfa », read « FCFA »). */
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  placeholder?: string;
  /** Not required (the address: only when the delivery method needs it, see `isRequired`). */
  optional?: boolean;
  maxLength?: number;
}

const choices = (values: readonly string[], label: (value: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

export const FIELDS: FieldSpec[] = [
  { name: 'payment_by', label: 'Moyen de paiement', step: 2, type: 'select', options: choices(PAYMENT_MEANS) },
  { name: 'currency', label: 'Devise', step: 2, type: 'select', options: choices(CURRENCIES, currencyLabel) },
  { name: 'payment_term', label: 'Conditions de paiement', step: 2, type: 'text', placeholder: 'Ex. : 30 jours fin de mois' },
  { name: 'delivery_method', label: 'Mode de livraison', step: 2, type: 'select', options: choices(DELIVERY_METHODS) },
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

export const EMPTY: Values = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Values;

export const STEP_TITLES: Record<Step, string> = {
  1: 'Articles ajoutés au panier',
  2: 'Paiement et livraison',
  3: 'Informations de contact',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the field must be filled: the eleven of the spec, and the address when the delivery method needs one. */
export function isRequired(field: FieldSpec, values: Values): boolean {
  // Marked required until a method that needs no address is chosen.
  if (field.name === 'delivery_address') return !values.delivery_method || needsDeliveryAddress(values.delivery_method);
  return !field.optional;
}

/**
 * The eleven fields are required (the select placeholder has no value and counts as empty), the
 * address too when the delivery method needs one (the API's rule); the reference and note are optional.
 */
export function validateOrder(values: Values): FieldErrors {
  const errors: FieldErrors = {};
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

/** The first field in error, in the dialog's order (its step is shown and it takes the focus). */
export function firstInvalid(errors: FieldErrors): FieldSpec | undefined {
  return FIELDS.find((f) => errors[f.name]);
}

/** The currencies of the cart's products, each once, in the cart's order. */
export function cartCurrencies(cart: readonly CartItem[]): string[] {
  return [...new Set(cart.map((item) => item.currency.name ?? '').filter(Boolean))];
}

/** The hint under « Devise »: the cart's one currency, or how a mixed cart's total is given. */
export function currencyHint(cart: readonly CartItem[], mixedHint: string): string | undefined {
  const names = cartCurrencies(cart);
  if (names.length === 1) return ORDER_TEXTS.cartCurrency(names[0]!);
  return names.length > 1 ? mixedHint : undefined;
}

/** The cart's one currency when it is an order choice: proposed until the visitor picks one. */
export function proposedCurrency(cart: readonly CartItem[]): OrderCurrencyChoice | null {
  const names = cartCurrencies(cart);
  const only = names.length === 1 ? names[0]! : null;
  return only && (CURRENCIES as readonly string[]).includes(only) ? (only as OrderCurrencyChoice) : null;
}

/**
 * The request as sent: the optional fields left empty are left out, and each line carries the unit
 * price the visitor saw (the server refuses with 409 a request whose prices changed since).
 */
export function orderPayload(values: Values, cart: readonly CartItem[]): OrderRequestPayload {
  const filled = FIELDS.map((f) => [f.name, (values[f.name] ?? '').trim()] as const).filter(([, value]) => value !== '');
  return {
    ...(Object.fromEntries(filled) as Omit<OrderRequestPayload, 'order_items'>),
    order_items: cart.map((item) => ({ product_id: item.id, quantity: item.quantity, seen_price: item.price })),
  };
}

/** What the visitor is told of a new request: its number, and what happens to the stock it asked for. */
export function createdMessage(order: OrderCreatedAnswer['order']): string {
  const recorded = `Votre demande ${order.order_num} a bien été enregistrée.`;
  if (order.hold === 'provisional')
    return `${recorded} Confirmez-la depuis le lien envoyé à ${order.confirmation_sent_to ?? 'l’adresse email de votre entreprise'} : sans confirmation, la réservation des articles prend fin au bout de quelques heures.`;
  if (order.hold === 'none')
    return `${recorded} Les quantités demandées dépassent ce que nous réservons en ligne : notre équipe commerciale vous confirmera la disponibilité.${order.confirmation_sent_to ? ` Un email avec le devis et un lien de confirmation a été envoyé à ${order.confirmation_sent_to}.` : ''}`;
  return `${recorded} Un email de confirmation vous a été envoyé.`;
}

/** How the dialog reacts to the server's answer to POST /api/order/create. */
export type CreateOutcome =
  | { kind: 'created'; message: string }
  | { kind: 'invalid'; errors: FieldErrors; field: FieldSpec }
  | { kind: 'prices-changed'; changes: { product_id: number; price: string }[]; message: string | null }
  | { kind: 'failed'; message: string; stock: { product_id: number; available: number } | null };

export function readCreateAnswer(result: ApiResult<OrderCreatedAnswer>): CreateOutcome {
  if (result.ok) return { kind: 'created', message: createdMessage(result.data.order) };
  if (!result.network && result.status === 422 && result.data?.errors) {
    const errors = firstErrors(result.data.errors) as FieldErrors;
    const field = firstInvalid(errors);
    if (field) return { kind: 'invalid', errors, field };
  }
  const changed = (result.data as Partial<PricesChangedAnswer> | null)?.prices_changed;
  if (!result.network && result.status === 409 && Array.isArray(changed)) {
    return { kind: 'prices-changed', changes: changed, message: result.data?.message ?? null };
  }
  const extra = result.data as { product_id?: number; available?: number } | null;
  const stock =
    extra && typeof extra.product_id === 'number' && typeof extra.available === 'number'
      ? { product_id: extra.product_id, available: extra.available }
      : null;
  return { kind: 'failed', message: result.network ? ORDER_TEXTS.network : (result.data?.message ?? ORDER_TEXTS.network), stock };
}

/** The cart as a WhatsApp message: one line a product with its quantity and unit price. */
export function whatsappCartText(cart: readonly CartItem[]): string {
  const lines = cart.map(
    (item) => `- ${item.quantity} × ${item.name} (${formatPrice(item.price, item.currency.symbol)} l’unité)`,
  );
  return `Bonjour, je souhaite commander :\n${lines.join('\n')}`;
}
