/**
 * The statuses of orders and of their documents, and the French words people read for them, declared
 * once for the API (entities, DTO validation, exports, PDFs) and both front ends
 * (`@comptoir/api/statuses`). Staff and clients read different words for the same status on purpose:
 * staff see the workflow step, a client sees what it means for them; both sets live here, side by side,
 * so a new status cannot be added to one screen and forgotten on another. Plain data, no framework.
 */

// ---------------------------------------------------------------------------------------------
// Orders

export const ORDER_STATUSES = ['pending', 'inprogress', 'shipped', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What staff read: the dashboard, list exports, validation messages. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente',
  inprogress: 'En cours',
  shipped: 'Expédié',
  canceled: 'Annulé',
};

/** What a client reads on the order's page. */
export const ORDER_STATUS_CLIENT_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente',
  inprogress: 'Confirmée, en cours',
  shipped: 'Livrée',
  canceled: 'Annulée',
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** « En attente (pending), En cours (inprogress), Expédié (shipped) ou Annulé (canceled) ». */
const choices = <K extends string>(keys: readonly K[], labels: Record<K, string>) => {
  const each = keys.map((k) => `${labels[k]} (${k})`);
  return `${each.slice(0, -1).join(', ')} ou ${each.at(-1)}`;
};

export const ORDER_STATUS_MESSAGE = `Le statut doit être ${choices(ORDER_STATUSES, ORDER_STATUS_LABELS)}.`;

// ---------------------------------------------------------------------------------------------
// Quote versions

export const QUOTE_STATES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** What staff read in the order's quote versions and the order lists. */
export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  declined: 'Refusé',
  expired: 'Expiré / remplacé',
};

/** What a client reads: a draft is still being prepared, a sent version waits for their answer. */
export const QUOTE_STATE_CLIENT_LABELS: Record<QuoteState, string> = {
  draft: 'En préparation',
  sent: 'En attente de votre réponse',
  accepted: 'Accepté',
  declined: 'Refusé',
  expired: 'Expiré ou remplacé',
};

// ---------------------------------------------------------------------------------------------
// Invoices

/** Stored states; `overdue` is computed on reading (due date passed, balance left). */
export const INVOICE_STORED_STATES = ['issued', 'partly_paid', 'paid', 'canceled_by_credit_note'] as const;
export type InvoiceStoredState = (typeof INVOICE_STORED_STATES)[number];
export const INVOICE_STATES = ['issued', 'partly_paid', 'paid', 'overdue', 'canceled_by_credit_note'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  issued: 'Émise',
  partly_paid: 'Partiellement payée',
  paid: 'Payée',
  overdue: 'En retard',
  canceled_by_credit_note: 'Annulée par avoir',
};

// ---------------------------------------------------------------------------------------------
// Delivery notes

export const DELIVERY_KINDS = ['delivery', 'return'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export const DELIVERY_KIND_LABELS: Record<DeliveryKind, string> = { delivery: 'Livraison', return: 'Retour' };

// ---------------------------------------------------------------------------------------------
// Payments

/** How a payment against an invoice was received, in the order the dashboard offers them (transfers first). */
export const PAYMENT_METHODS = ['virement', 'especes', 'cheque', 'tmoney', 'flooz', 'carte'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: 'Virement bancaire',
  especes: 'Espèces',
  cheque: 'Chèque',
  tmoney: 'T-Money',
  flooz: 'Flooz',
  carte: 'Carte bancaire',
};

export const PAYMENT_METHOD_MESSAGE = 'Moyen de paiement inconnu (espèces, virement, chèque, T-Money, Flooz, carte).';

/** The public order form's payment means (spec section 9): the words are the stored values. */
export const ORDER_PAYMENT_MEANS = ['Carte bancaire', 'Visa', 'Chèque', 'Virement bancaire', 'Mobile Money'] as const;
export type OrderPaymentMean = (typeof ORDER_PAYMENT_MEANS)[number];

export const ORDER_PAYMENT_MEANS_MESSAGE = 'Choisissez Carte bancaire, Visa, Chèque, Virement bancaire ou Mobile Money.';
